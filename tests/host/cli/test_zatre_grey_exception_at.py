"""The rule option grey_exception_at at the host: `play zatre --grey-exception-at`, kept
with the game; the hints of `hint zatre` and the JSON of `replay zatre` follow it."""

import io
import json

from boardlight.cli import main
from boardlight.sessions.registry import resume_session
from boardlight.store.gamelog import Store


def _example(options):
    # docs/rules.md's example: 6@7,7 6@7,8 4@8,7, Ann to move with 3 3 (5 tiles out of the bag).
    rows = ["----...-...----"] + ["-.............-"] * 3 + ["..............."] * 3
    rows += ["-......66.....-", ".......4......."] + ["..............."] * 2
    rows += ["-.............-"] * 3 + ["----...-...----"]
    return "\n".join(
        ["zatre position", "players: Ann, Bob", "options: " + options, "to move: Ann", "bag: 116",
         "board:"] + rows
        + ["hand Ann: 3 3", "hand Bob:", "sheet Ann: crosses=0 10= 11= 12=",
           "sheet Bob: crosses=0 10= 11= 12="]) + "\n"


def _turns(tmp_path, capsys, options):
    path = tmp_path / "pos.txt"
    path.write_text(_example(options))
    capsys.readouterr()
    assert main(["hint", "zatre", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    return [" ".join("%d@%d,%d" % (t["value"], t["row"], t["col"]) for t in turn["tiles"])
            for turn in out["turns"]], out["compact"]["turns"]


def test_the_hints_follow_the_reading(tmp_path, capsys):
    tile, n_tile = _turns(tmp_path, capsys, "strict_adjacency=off centre_doubles=off")
    turn, n_turn = _turns(tmp_path, capsys, "strict_adjacency=off centre_doubles=off"
                                            " grey_exception_at=turn")
    assert (n_tile, n_turn) == (8, 9)
    assert "3@6,8 3@8,6" not in tile and "3@6,8 3@8,6" in turn


def test_play_keeps_the_option_with_the_game(tmp_path, monkeypatch, capsys):
    db = tmp_path / "log.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "zatre", "--plain", "--players", "Ann,Bob", "--seed", "3",
                 "--grey-exception-at", "turn", "--db", str(db)]) == 0
    assert "Options: grey exception at turn." in capsys.readouterr().out
    with Store(db) as store:
        assert store.game(1).options == {"grey_exception_at": "turn"}
        session = resume_session(store, 1)
        assert session.core.grey_at == "turn"
        assert "grey_exception_at=turn" in session.record_text()
    assert main(["play", "zatre", "--grey-exception-at", "end"]) == 2
    assert "'end' is not one of 'tile', 'turn'" in capsys.readouterr().err


def test_replay_names_the_reading(tmp_path, capsys):
    path = tmp_path / "game.txt"
    path.write_text("zatre record\nplayers: Ann, Bob\nseed: 3\n"
                    "options: strict_adjacency=off centre_doubles=off grey_exception_at=turn\n"
                    "1 Ann: 1@7,7 3@6,7 4@7,6\n")
    assert main(["replay", "zatre", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {
        "strict_adjacency": False, "centre_doubles": False, "grey_exception_at": "turn"}
