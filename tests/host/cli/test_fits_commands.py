"""`boardlight score/replay/play fits` and the terminal loop behind `play`."""

import io
import json
import re

import pytest

from boardcore.fits.game import Game
from boardlight.cli import main
from boardlight.commands.fits import play_fits
from boardlight.plain.fits import parse_drop, run
from conftest import ROOT

DOC = (ROOT / "docs" / "fits-formats.md").read_text()
POSITION = re.findall(r"```fits-position\n(.*?)```", DOC, re.S)[0]
RECORD = re.findall(r"```fits-record\n(.*?)```", DOC, re.S)[0]

# The docs' solo game (seed 5, board 2): Y start; cards X V5 L4 P Y T5 N L5 U L3 O4 W S4 T4 F I3.
ANSWERS = ["2 1", "1 4", "pass", "1 1", "pass"] + ["pass"] * 5 + ["1 2"] + ["pass"] * 5


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
    assert out["solo_rating"] == "clean-up crew" and out["seed"] == 5


def test_replay_stops_at_an_illegal_action(files, capsys):
    tmp, _, rec = files
    bad = tmp / "bad.txt"
    bad.write_text(RECORD.replace("card O4: Ann 1/2", "card O4: Ann 1/6"))
    assert main(["replay", "fits", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.txt:20: Ann 1/6 on card O4: tile O4 orientation 1 at column 6 would stick out past the right edge" in err


def test_parse_drop():
    assert parse_drop(" 2 4 ") == (2, 4)
    assert parse_drop("2/4") == (2, 4) and parse_drop("2,4") == (2, 4)
    assert parse_drop("PASS") == "pass" and parse_drop("q") == "quit" and parse_drop("?") == "help"
    for junk in ("", "two four", "1", "1 2 3", "-1 2"):
        with pytest.raises(ValueError):
            parse_drop(junk)


def test_terminal_game_reprompts_and_scores(tmp_path):
    said = []
    answers = iter(["", "foo", "9 9", "help", "drops"] + ANSWERS)
    record = tmp_path / "rec.txt"
    g = Game(["Ann"], 5, [2])
    totals = run(g, ask=lambda prompt: (said.append(prompt), next(answers))[1], say=said.append,
                 record_path=str(record))
    assert totals == {"Ann": -36}
    text = "\n".join(said)
    assert "type the orientation and the column" in text
    assert "'foo' is not understood" in text
    assert "Not allowed: tile Y has orientations 1..8, not 9" in text
    assert "drop orientation O" in text  # help
    assert "legal drops (orientation/column -> row): 1/1->1" in text
    assert "Ann skips Y: it is their start tile." in text
    assert "Ann: -36 on board 2" in text and "Solo rating: clean-up crew" in text
    assert "ILLUSTRATIVE" in text
    assert record.read_text() == RECORD


def test_terminal_game_quits_on_eof_and_keeps_the_record(tmp_path):
    answers = iter(["2 1", "1 4"])

    def ask(prompt):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError

    said = []
    record = tmp_path / "r.txt"
    run(Game(["Ann"], 5, [2]), ask=ask, say=said.append, record_path=str(record))
    assert said[-1] == "Game stopped."
    assert record.read_text().endswith("card X: Ann 1/4\ncard V5: Ann -\n")


def test_play_command_with_options(tmp_path, monkeypatch, capsys):
    record = tmp_path / "rec.txt"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(ANSWERS) + "\n"))
    play_fits.main(args=["--players", "Ann", "--seed", "5", "--boards", "2", "--record", str(record)],
                   standalone_mode=False)
    out = capsys.readouterr().out
    assert "FITS for Ann, seed 5" in out and "Solo rating: clean-up crew" in out
    assert record.read_text() == RECORD


def test_terminal_game_over_two_rounds_shows_totals_between_rounds():
    # Ann drops her start tile (orientation 1, column 4: every start tile is at most 3
    # wide) and passes every card, on board 1 then board 3. Round 1: a 5-cell tile and no
    # full row leave 72 - 5 = 67 open dots: -67, shown before round 2 starts.
    g = Game(["Ann"], 8, [1, 3])
    said = []
    answers = iter(["1 4"] + ["pass"] * 15 + ["1 4"] + ["pass"] * 15)
    totals = run(g, ask=lambda prompt: next(answers), say=said.append)
    text = "\n".join(said)
    assert "Totals so far: Ann -67" in text
    assert totals == g.totals() and text.count("=== Round") == 2
    assert "=== Round 2 of 2: board 3 (special spaces: ILLUSTRATIVE layout) ===" in text


def test_play_plain_through_the_cli(monkeypatch, capsys):
    # `boardlight play fits --plain` reaches this loop (the table UI owns plain `play fits`).
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "fits", "--plain", "--players", "Ann,Bob", "--seed", "2026"]) == 0
    out = capsys.readouterr().out
    assert "Ann draws start card U" in out and "Bob draws start card P" in out
    assert "Game stopped." in out


def test_plain_mode_takes_the_line_games_own_options(monkeypatch, capsys):
    # --max-overhang and --boards belong to the line game; the table UI hands them over.
    # With board 3 only, the round header names board 3 and "Round 1 of 1".
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code = main(["play", "fits", "--plain", "--players", "Ann", "--seed", "5",
                 "--boards", "3", "--max-overhang", "0"])
    out = capsys.readouterr().out
    assert code == 0 and "Round 1 of 1: board 3" in out


def test_line_game_options_without_plain_are_refused(capsys):
    assert main(["play", "fits", "--max-overhang", "0", "--no-device"]) == 2
    assert "need --plain" in capsys.readouterr().err
