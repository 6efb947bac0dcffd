"""`boardlight score forbes`, `replay forbes` and `play forbes --plain` from the command line."""

import json

from click.testing import CliRunner

import pytest

from boardcore.forbes.errors import PlayerCountError
from boardcore.forbes.record import parse_record, score_record
from boardlight.cli import cli, main

CROSS = """\
forbes-position 1
board SSTC
board SSSS
board XSST
board CSXS
hand Ann SSTC
hand Bob STXX
hand Cy TCCX
"""


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def run_play(*args, input=None):
    # The line-based match: `boardlight play forbes --plain`.
    return run("play", "forbes", "--plain", *args, input=input)


def test_score_prints_the_breakdown(tmp_path):
    path = tmp_path / "cross.txt"
    path.write_text(CROSS)
    result = run("score", "forbes", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # per S card: row1 2 + col1 2 + square00 4 + diagonal 6 + centre 8 = 22
    assert {n: p["total"] for n, p in data["players"].items()} == {"Ann": 44, "Bob": 22, "Cy": 0}
    assert data["players"]["Bob"]["lines"][3] == {"pattern": "diagonal", "kind": "diagonal", "symbol": "S", "cards": 1, "points": 6}
    assert [p["pattern"] for p in data["patterns"]] == ["row1", "col1", "square00", "diagonal", "centre"]
    assert data["full"] is True


def test_score_flags_override_the_file(tmp_path):
    path = tmp_path / "cross.txt"
    path.write_text(CROSS.replace("board SSTC", "option centre_also_square on\nboard SSTC"))
    on = json.loads(run("score", "forbes", str(path)).output)
    assert on["players"]["Ann"]["total"] == 52  # 26 per S card with the centre square
    both = json.loads(run("score", "forbes", str(path), "--no-centre-also-square", "--pay-once-per-player").output)
    assert {n: p["total"] for n, p in both["players"].items()} == {"Ann": 22, "Bob": 22, "Cy": 0}
    assert both["options"]["centre_also_square"] is False


def test_a_bad_file_is_one_line_of_error_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(CROSS.replace("board XSST", "board XSQT"))
    assert main(["score", "forbes", str(path)]) == 2
    # header line 1, board lines 2-4: XSQT is line 4
    assert capsys.readouterr().err.strip() == "error: %s:4: unknown cell 'Q': use S, T, C, X or ." % path


def play_input(games):
    """Enter to draw and the cells in reading order, for `games` games (Enter deals each
    game after the first)."""
    lines = []
    for _ in range(games):
        for i in range(16):
            lines += ["", "%d %d" % (i // 4, i % 4)]
        lines.append("")
    return "\n".join(lines) + "\n"


def test_play_runs_a_match_and_writes_a_record_that_replays(tmp_path):
    record = tmp_path / "match.txt"
    result = run_play("--players", "Ann,Bob,Cy", "--seed", "5", "--target", "6",
                      "--dealer", "Bob", "--record", str(record), input=play_input(60))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Playing Forbes game #1 for Ann, Bob, Cy, seed 5.")
    assert "Options: first dealer Bob, target score 6." in result.output
    assert "To play: Bob" in result.output.split("? ")[0]  # Bob deals and plays first
    assert "Game 10 over: Ann 6, Bob 0, Cy 12. The match is\nover." in result.output
    data = score_record(parse_record(record.read_text()))
    assert data["over"] is True and data["games"][0]["dealer"] == "Bob"
    for r in data["ranking"]:
        assert "%d. %s %d" % (r["place"], r["name"], r["total"]) in result.output
    replayed = run("replay", "forbes", str(record))
    assert json.loads(replayed.output)["totals"] == data["totals"]


def test_play_refuses_a_sixth_player():
    # The command line reports the core's PlayerCountError as one line, exit 2.
    result = run_play("--players", "A,B,C,D,E,F", "--seed", "1")
    assert result.exit_code == 2
    assert "error: Forbes takes at most 5 players" in result.output


def test_the_plain_loop_is_reachable_from_boardlight_play(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("\nquit\n"))
    code = main(["play", "forbes", "--plain", "--players", "Ann,Bob", "--seed", "9"])
    out = capsys.readouterr().out
    assert code == 0 and "Playing Forbes game #1 for Ann, Bob, seed 9." in out
    assert "Options: none (the rules' defaults)." in out
    assert "Game 1 is saved: `boardlight play --resume --plain` continues it." in out


def test_play_with_table_stones_asks_which_stone_was_turned_up(tmp_path):
    record = tmp_path / "m.txt"
    answers = ["", "Z", "T", "0 0", "quit"]
    result = run_play("--players", "Ann,Bob", "--seed", "2", "--stones", "table",
                      "--record", str(record), input="\n".join(answers) + "\n")
    assert "Ann: turn up a face-down stone and type which it is" in result.output
    assert "unknown stone 'Z'" in result.output
    assert "Ann turned up a triangle: place it with ROW COL." in result.output
    text = record.read_text()
    assert "seed" not in text and "move Ann T 0 0" in text


def test_play_takes_a_player_count_and_names_the_players_p1_to_pn():
    result = run_play("--players", "3", "--seed", "4", "--dealer", "P2",
                      input="cards 2\n\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Playing Forbes game #1 for P1, P2, P3, seed 4." in result.output
    assert "To play: P2" in result.output  # P2 deals the first game and plays first
    assert "Pass the screen to P2." in result.output
