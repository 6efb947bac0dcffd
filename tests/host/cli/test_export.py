"""`boardlight export GAME` writes the game's record; `boardlight replay <game>` reads it back
to the same scores, for all three games (finished and unfinished)."""

import json

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from session_scripts import SCRIPTS, play_out


def _stored_game(db, game, options, actions=None):
    with Store(db) as store:
        s = session_class(game).start(store, ["Ann", "Bob"], 21, options)
        if actions is None:
            play_out(s)
        else:
            for _ in range(actions):
                s.act(SCRIPTS[game](s))
        return s.row.id, dict((part, [p for p, _ in v]) for part, v in store.scores(s.row.id).items())


def _export(capsys, db, game_id, out, *extra):
    assert main(["export", str(game_id), "--db", str(db), "-o", str(out), *extra]) == 0
    capsys.readouterr()
    return out.read_text()


def _replay_json(capsys, game, path):
    code = main(["replay", game, str(path)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def test_fits_export_then_replay_same_scores(tmp_path, capsys):
    from boardcore.fits.record import parse_record, replay

    db = tmp_path / "log.sqlite3"
    gid, scores = _stored_game(db, "fits", {})
    text = _export(capsys, db, gid, tmp_path / "fits.txt")
    game = replay(parse_record(text, "fits.txt"))
    assert [[s["total"] for s in r] for r in game.round_scores] == \
        [scores["round %d" % n] for n in (1, 2, 3, 4)]
    assert [game.totals()[p] for p in ("Ann", "Bob")] == scores["total"]
    if "fits_commands" in _modules():
        out = _replay_json(capsys, "fits", tmp_path / "fits.txt")
        assert [out["totals"][p] for p in ("Ann", "Bob")] == scores["total"]
        assert [[r["scores"][p] for p in ("Ann", "Bob")] for r in out["rounds"]] == \
            [scores["round %d" % n] for n in (1, 2, 3, 4)]
        assert out["complete"] is True


def test_forbes_export_then_replay_same_scores(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    gid, scores = _stored_game(db, "forbes", {"target_score": 25})
    _export(capsys, db, gid, tmp_path / "forbes.txt")
    out = _replay_json(capsys, "forbes", tmp_path / "forbes.txt")
    assert [out["totals"][p] for p in ("Ann", "Bob")] == scores["total"]
    assert out["over"] is True
    for game in out["games"]:
        assert [game["points"][p] for p in ("Ann", "Bob")] == scores["game %d" % game["number"]]


def test_forbes_unfinished_match_exports_too(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    # 40 actions: game 1 (1 deal + 16 draws + 16 places = 33), then game 2 dealt, 3 stones.
    gid, scores = _stored_game(db, "forbes", {}, actions=40)
    _export(capsys, db, gid, tmp_path / "forbes.txt", "--reveal")
    out = _replay_json(capsys, "forbes", tmp_path / "forbes.txt")
    assert len(out["games"]) == 1
    assert out["unfinished"] == {"number": 2, "moves": 3}
    assert [out["totals"][p] for p in ("Ann", "Bob")] == scores["total"]


def test_zatre_export_then_replay_same_scores(tmp_path, capsys):
    from boardcore.zatre.record import parse_record, replay

    db = tmp_path / "log.sqlite3"
    gid, scores = _stored_game(db, "zatre", {})
    text = _export(capsys, db, gid, tmp_path / "zatre.txt")
    game = replay(parse_record(text, "zatre.txt"))
    assert game.over and game.final_scores() == scores["total"]
    if "zatre_commands" in _modules():
        out = _replay_json(capsys, "zatre", tmp_path / "zatre.txt")
        assert [p["score"] for p in out["players"]] == scores["total"]
        assert out["finished"] is True


@pytest.mark.parametrize("game, secret", [("forbes", True), ("fits", False), ("zatre", False)])
def test_a_game_in_play_exports_only_with_reveal(tmp_path, capsys, game, secret):
    # Its record holds the seed, which deals everything still to come (in Forbes the other
    # players' secret cards): `show` hides it while the game is played, and so does export.
    db = tmp_path / "log.sqlite3"
    gid, _ = _stored_game(db, game, {}, actions=3)
    out = tmp_path / "record.txt"
    assert main(["export", str(gid), "--db", str(db), "-o", str(out)]) == 2  # refused input
    err = capsys.readouterr().err
    assert "game %d is still being played, and its record holds the seed" % gid in err
    assert "add --reveal if everyone at the table agrees" in err
    assert ("the other players' secret cards" in err) is secret
    assert not out.exists()  # nothing written, not even an empty file
    assert main(["export", str(gid), "--db", str(db), "-o", str(out), "--reveal"]) == 0
    assert out.read_text().split("\n")[0] in ("forbes-match 1", "FITS game record", "zatre record")


def test_export_unknown_game_number(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    Store(db).close()
    assert main(["export", "7", "--db", str(db)]) != 0
    assert "no game 7" in capsys.readouterr().err


def _modules():
    from boardlight import cli

    return cli.COMMAND_MODULES
