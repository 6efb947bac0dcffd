"""`boardlight score/replay/play fits` and the line-based game (`play fits --plain`)."""

import io
import json
import re

import pytest

from boardlight.cli import main
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from conftest import ROOT
from tui_helpers import plain_game

DOC = (ROOT / "docs" / "fits-formats.md").read_text()
POSITION = re.findall(r"```fits-position\n(.*?)```", DOC, re.S)[0]
RECORD = re.findall(r"```fits-record\n(.*?)```", DOC, re.S)[0]

# The docs' solo game (seed 5, board 2): Y start; cards X V5 L4 P Y T5 N L5 U L3 O4 W S4 T4 F I3.
# Enter deals, the start tile goes at 2/1, then for each card Enter turns it and Ann drops
# or passes it (Y is her start tile: she skips it).
CARD_ANSWERS = ["1 4", "pass", "1 1", "pass", None] + ["pass"] * 5 + ["1 2"] + ["pass"] * 5
ANSWERS = ["", "2 1"] + [entry for answer in CARD_ANSWERS
                         for entry in [""] + ([answer] if answer else [])]


@pytest.fixture
def files(tmp_path):
    pos = tmp_path / "pos.txt"
    pos.write_text(POSITION)
    rec = tmp_path / "game.txt"
    rec.write_text(RECORD)
    return tmp_path, pos, rec


def test_score_json(files, capsys):
    _, pos, _ = files
    assert main(["score", "fits", "--board", "2", str(pos)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"] == -36 and out["open_dots"] == 48 and out["board"] == 2
    assert out["layout"]["illustrative"] is True and "ILLUSTRATIVE" in out["layout"]["note"]
    assert [s["points"] for s in out["specials"] if not s["covered"]] == [3, 1, 2, 1, 2, 3]


def test_score_text(files, capsys):
    _, pos, _ = files
    assert main(["score", "fits", "--text", str(pos)]) == 0
    out = capsys.readouterr().out
    assert "pos.txt: -36 on board 2" in out and "open dots: 48 (-48)" in out
    assert "ILLUSTRATIVE" in out


def test_score_with_own_layout(files, capsys):
    tmp, pos, _ = files
    lay = tmp / "mine.txt"
    lay.write_text("board 2\nspace 12 1 3\n")
    one = tmp / "one.txt"
    # the docs' position, but with the special spaces of "mine": only (12,1) is special
    text = POSITION.replace("12  .  .", "12  3  .", 1)
    text = re.sub(r"(\n(?:11|10| 9| 7| 6| 5)[^\n]*)", lambda m: re.sub(r" [123](?= |$)", " .", m.group(1)), text)
    one.write_text(text)
    assert main(["score", "fits", "--board", "2", "--layout", str(lay), str(one)]) == 0
    out = json.loads(capsys.readouterr().out)
    # 72 - 1 special = 71 dots, 18 covered -> 53 open; +3 for the open special: -50
    assert out["total"] == -50 and out["layout"]["illustrative"] is False


def test_score_errors_exit_2_with_the_problem(files, capsys):
    tmp, pos, _ = files
    assert main(["score", "fits", "--board", "3", str(pos)]) == 2
    assert "pos.txt:1: the file is a board 2 position, not board 3" in capsys.readouterr().err
    bad = tmp / "bad.txt"
    bad.write_text(POSITION.replace(" 4 L4", " 5 L4"))  # line 11: header, comment, rows 12..4
    assert main(["score", "fits", str(bad)]) == 2
    assert "bad.txt:11: row line should start with row number 4" in capsys.readouterr().err
    assert main(["score", "fits", str(tmp / "missing.txt")]) == 2
    assert "cannot read file" in capsys.readouterr().err


def test_replay_prints_scores(files, capsys):
    _, _, rec = files
    assert main(["replay", "fits", str(rec)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["totals"] == {"Ann": -36}
    assert out["rounds"] == [{"round": 1, "board": 2, "scores": {"Ann": -36}}]
    assert out["complete"] is True and out["winners"] == ["Ann"]
    assert out["solo_rating"] is None and out["seed"] == 5  # one board: no title
    assert out["no_solo_rating"].endswith("this game had board 2 only")


def test_replay_stops_at_an_illegal_action(files, capsys):
    tmp, _, rec = files
    bad = tmp / "bad.txt"
    bad.write_text(RECORD.replace("card O4: Ann 1/2", "card O4: Ann 1/6"))
    assert main(["replay", "fits", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.txt:20: Ann 1/6 on card O4: tile O4 orientation 1 at column 6 would stick out past the right edge" in err


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_drops_are_read_as_orientation_column_with_a_space_slash_or_comma(store):
    # The line game read "2 4", "2/4" and "2,4" alike, PASS as pass, q as quit, ? as help.
    session = FitsSession.start(store, ["Ann"], 5, {"boards": [2]})
    status, said = plain_game(session, ["", "2/1", "", " 1,4 ", "", "PASS", "?", "q", "1 1"])
    game = session.core
    assert status == "playing"
    assert game.board("Ann").covered(1, 1) and game.board("Ann").covered(2, 4)
    assert "Ann sets V5 aside." in said
    assert "P O C      player P drops orientation O at column C" in said  # the help
    assert said[-1].startswith("? ")  # "q" stopped the game: "1 1" was never read
    assert session.seq == 6  # deal, start drop, X turned and dropped, V5 turned and passed


def test_line_game_reprompts_and_scores(store, tmp_path):
    record = tmp_path / "rec.txt"
    session = FitsSession.start(store, ["Ann"], 5, {"boards": [2]})
    entries = ANSWERS[:1] + ["", "foo", "9 9", "help", "hint 1"] + ANSWERS[1:]
    status, said = plain_game(session, entries, record=str(record))
    assert status == "finished" and session.core.totals() == {"Ann": -36}
    text = "\n".join(said)
    assert "first the start tiles: Ann Y still to place (P ORIENTATION COLUMN)" in said
    assert "'foo' is not an entry I know (type ? for the list)" in said
    assert "tile Y has orientations 1..8, not 9" in said
    assert "P O C      player P drops orientation O at column C" in said  # help
    # The hint: Y's drops on the empty board (each rests on row 1) ranked by the engine.
    hint = [t for t in said if t.startswith("Y for Ann (O C, row, points):")][0].split("\n")
    assert len(hint) == 1 + 4 * 5 + 4 * 3 and all(" row 1 " in line for line in hint[1:])
    assert "Card 5 of 16: Y. Ann skips it (start tile)." in said
    assert "Ann: -36 on board 2" in said and "no solo rating: the titles are for a solo game of all four boards, and this game had board 2 only" in text
    assert "ILLUSTRATIVE" in text
    assert record.read_text() == RECORD


def test_line_game_stops_at_the_end_of_the_input_and_keeps_the_record(store, tmp_path):
    record = tmp_path / "r.txt"
    session = FitsSession.start(store, ["Ann"], 5, {"boards": [2]})
    status, said = plain_game(session, ["", "2 1", "", "1 4", ""], record=str(record))
    assert status == "playing" and said[-1] == ""
    assert record.read_text().endswith("card X: Ann 1/4\ncard V5: Ann -\n")
    assert [kind for _, kind, _ in store.actions(session.row.id)][-1] == "turn"


def test_play_command_with_options(tmp_path, monkeypatch, capsys):
    record = tmp_path / "rec.txt"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(ANSWERS) + "\n"))
    assert main(["play", "fits", "--plain", "--players", "Ann", "--seed", "5", "--boards", "2",
                 "--record", str(record), "--db", str(tmp_path / "log.sqlite3")]) == 0
    out = capsys.readouterr().out
    assert "Playing FITS game #1 for Ann, seed 5." in out
    assert "no solo rating: the titles are for a solo game of all four boards, and this game had board 2 only" in out
    assert record.read_text() == RECORD


def test_line_game_over_two_rounds_shows_totals_between_rounds(store):
    # Ann drops her start tile (orientation 1, column 4: every start tile is at most 3
    # wide) and passes every card, on board 1 then board 3. Round 1: a 5-cell tile and no
    # full row leave 72 - 5 = 67 open dots: -67, shown before round 2 starts.
    session = FitsSession.start(store, ["Ann"], 8, {"boards": [1, 3]})
    # Enter for each of the 16 cards, and pass (refused for the one she skips: her start tile).
    round_entries = ["", "1 4"] + ["", "pass"] * 16
    status, said = plain_game(session, round_entries * 2)
    text = "\n".join(said)
    assert "aside. Round 1 scored: Ann -67." in text
    assert status == "finished" and text.count("Start tiles: Ann") == 2
    assert "Round 2 on board 3. Start tiles: Ann" in text
    assert "* board 3 layout: ILLUSTRATIVE" in text


def test_play_plain_through_the_cli(tmp_path, monkeypatch, capsys):
    # `boardlight play fits --plain`: the line-based game, kept in the game log.
    monkeypatch.setattr("sys.stdin", io.StringIO("\nquit\n"))
    assert main(["play", "fits", "--plain", "--players", "Ann,Bob", "--seed", "2026",
                 "--db", str(tmp_path / "log.sqlite3")]) == 0
    out = capsys.readouterr().out
    assert "Round 1 on board 1. Start tiles: Ann U, Bob P." in out
    assert "Game 1 is saved: `boardlight play --resume --plain --db %s` continues it." \
        % (tmp_path / "log.sqlite3") in out


def test_plain_mode_takes_the_line_games_own_options(tmp_path, monkeypatch, capsys):
    # --max-overhang and --boards are options of the game, with or without --plain. With
    # board 3 only, the round is "round 1/1" on board 3.
    monkeypatch.setattr("sys.stdin", io.StringIO("\nquit\n"))
    code = main(["play", "fits", "--plain", "--players", "Ann", "--seed", "5",
                 "--boards", "3", "--max-overhang", "0", "--db", str(tmp_path / "l.sqlite3")])
    out = capsys.readouterr().out
    assert code == 0 and "round 1/1 · board 3" in out
    with Store(tmp_path / "l.sqlite3") as store:
        assert store.game(1).options == {"boards": [3], "max_overhang": 0}


def test_line_game_options_without_plain_are_refused(capsys):
    assert main(["play", "fits", "--record", "r.txt", "--no-device"]) == 2
    assert "need --plain" in capsys.readouterr().err
