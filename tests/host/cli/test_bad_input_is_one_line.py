"""Every number, text file and JSON file a command reads from a user goes through the
shared readers (boardlight.files) and value types (commands.params): a bad one is one
line "error: ...", exit 2, never a traceback; a failure of the world is exit 1."""

import pytest

from boardlight.cli import main

BIG = "9223372036854775808"  # 2**63: SQLite's integers stop one short of it


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "latin1.json").write_bytes(b'{"name": "caf\xe9"}')
    (tmp_path / "latin1.txt").write_bytes(b"fits-position 1\n# caf\xe9\n")
    (tmp_path / "deep.json").write_text("[" * 1000 + "]" * 1000)
    (tmp_path / "broken.json").write_text('{"name": "x",')
    return tmp_path


CASES = [
    # A board file that is not UTF-8, JSON nested 1,000 deep, JSON that is not JSON.
    (["sim", "--board", "latin1.json", "--no-tty"], "latin1.json: not a text file (byte 13 is not UTF-8)"),
    (["sim", "--board", "deep.json", "--no-tty"], "deep.json: not a usable JSON file: lists and objects nested 1000 deep"),
    (["deploy", "--board", "latin1.json", "--port", "/dev/null"], "latin1.json: not a text file"),
    (["deploy", "--board", "broken.json", "--port", "/dev/null"], "broken.json:1: not valid JSON"),
    (["direct", "check", "deep.json"], "deep.json: not a usable JSON file: lists and objects nested 1000 deep"),
    (["direct", "check", "latin1.json"], "latin1.json: not a text file"),
    (["cards", "list", "--file", "deep.json"], "card registry deep.json cannot be read: not a usable JSON file"),
    (["cards", "list", "--file", "latin1.json"], "card registry latin1.json cannot be read: not a text file"),
    (["cards", "lookup", "X9", "--file", "missing.json"], "unknown card code 'X9'"),
    # Text files.
    (["render", "position", "fits", "latin1.txt"], "latin1.txt: not a text file (byte 21 is not UTF-8)"),
    (["score", "fits", "latin1.txt"], "latin1.txt: not a text file (byte 21 is not UTF-8)"),
    # Numbers of 2**63 or more, and numbers that are not written as decimal digits.
    (["play", "fits", "--players", "Ann", "--seed", BIG, "--no-device"], "a seed is at most 9223372036854775807"),
    (["show", BIG], "no game %s: game numbers go from 1 to 9223372036854775807" % BIG),
    (["export", BIG], "no game %s: game numbers go from 1 to" % BIG),
    (["play", "--resume", BIG, "--no-device"], "no game %s: game numbers go from 1 to" % BIG),
    (["history", "--limit", "99999999999999999999"], "--limit is a whole number 1 to 9223372036854775807"),
    (["history", "--limit", "0"], "--limit is a whole number 1 to"),
    (["play", "forbes", "--target", "1_000", "--no-device"], "--target is a whole number 1 to"),
    (["play", "fits", "--max-overhang", "+2", "--no-device"], "--max-overhang is a whole number 0 to"),
    (["play", "fits", "--seed", "\u0663", "--no-device"], "a seed is a whole number 0 or more"),  # Arabic-Indic 3
    (["direct", "deal", "deep.json", "--seconds", "nan"], "a time in seconds"),
    (["direct", "check", "deep.json", "--pause", "inf"], "a time in seconds, 0 to 60, not 'inf'"),
    (["sim", "--heap", "lots", "--no-tty"], "heap size 'lots': a number of bytes"),
]


@pytest.mark.parametrize("args, said", CASES)
def test_bad_input_is_one_error_line_and_exit_2(files, capsys, args, said):
    db = files / "log.sqlite3"
    code = main(args + (["--db", str(db)] if args[0] in ("play", "show", "export", "history") else []))
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("error: ") and said in last, err
    assert not db.exists() or args[0] == "history"  # nothing started, no game kept


def test_a_game_number_not_in_the_log_is_bad_input(tmp_path, capsys):
    from boardlight.sessions.registry import session_class
    from boardlight.store.gamelog import Store

    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        session_class("zatre").start(store, ["Ann", "Bob"], 3)
    for args in (["show", "7"], ["export", "7"], ["play", "--resume", "7", "--no-device"]):
        assert main(args + ["--db", str(db)]) == 2, args
        assert capsys.readouterr().err.startswith("error: no game 7 in %s (see `boardlight history`)" % db)


def test_every_error_says_error_in_lower_case(tmp_path, capsys):
    # Some said "Error:" (click's), others "error:".
    assert main(["nosuch"]) == 2
    assert main(["play", "fits", "--seed", "x"]) == 2
    assert main(["show", "1", "--db", str(tmp_path / "none.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert "Error" not in err
    assert [line.split(":")[0] for line in err.splitlines() if line.startswith(("error", "Error"))] == ["error"] * 3


def test_the_boards_own_invalid_board_json_is_one_line_exit_1(tmp_path, capsys):
    # `deploy --port P` without --board reads the board's own board.json: an invalid one
    # was a BoardConfigError traceback.
    from boardlight.vboard.board import VirtualBoard

    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "board.json").write_text('{"name": 5}')
    with VirtualBoard(flash=flash, install=None) as board:  # REPL only
        code = main(["deploy", "--port", board.port])
    err = capsys.readouterr().err
    assert code == 1  # the board's state, not the command line
    assert "Traceback" not in err
    assert err.startswith("error: the board.json on %s cannot be used (" % board.port)
    assert "choose a board with --board (esp32s3," in err
