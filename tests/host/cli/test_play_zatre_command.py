"""`boardlight play zatre` as a user runs it: the documented command lines work, and
--players takes a count in the line-based game as it does in the table UI."""

import os
import re

from click.testing import CliRunner

from boardlight.cli import cli
from conftest import ROOT


def _run(args, tmp_path, text="quit\n"):
    # In tmp_path: a documented --record game.txt lands there.
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        return CliRunner().invoke(cli, args, input=text)
    finally:
        os.chdir(old)


def test_plain_players_count_makes_p1_to_pn(tmp_path):
    # `--players 3` is "how many" (the help of play zatre says so): P1, P2, P3 draw for the
    # start; it used to start a solo game of one player called "3".
    res = _run(["play", "zatre", "--plain", "--players", "3", "--seed", "5"], tmp_path)
    assert res.exit_code == 0, res.output
    assert re.search(r"Opening draw 1: P1 \d, P2 \d, P3 \d", res.output)
    res = _run(["play", "zatre", "--plain", "--players", "7"], tmp_path)
    assert res.exit_code == 2 and "Zatre takes 1 to 6 players, not 7" in res.output
    # A name that merely starts with a digit stays a name.
    res = _run(["play", "zatre", "--plain", "--players", "3a,Bob", "--seed", "5"], tmp_path)
    assert res.exit_code == 0 and "3a " in res.output


LINE_GAME = ("--plain", "--record", "--strict-adjacency", "--centre-doubles")


def _documented_play_lines():
    # The documented `boardlight play zatre` lines that use the line-based game or its options.
    text = (ROOT / "docs" / "zatre-rules.md").read_text()
    found = [line.split("#")[0].strip() for line in text.splitlines()]
    found += re.findall(r"`(boardlight play zatre [^`]*)`", text)
    lines = []
    for line in found:
        line = line.replace("[", "").replace("]", "")
        if line.startswith("boardlight play zatre") and any(o in line.split() for o in LINE_GAME):
            lines.append(line)
    return lines


def test_documented_line_game_commands_run(tmp_path, monkeypatch):
    # Every `boardlight play zatre ...` of docs/zatre-rules.md that names the line-based game
    # or a rule option works as documented: the line-based game starts, and the table UI
    # (rule options without --plain) starts a game stored with those options. --record is
    # the line game's own: documented without --plain it would be refused.
    from boardlight.tui import app as tui_app
    from boardlight.store.gamelog import Store

    started = []
    monkeypatch.setattr(tui_app, "run_table",
                        lambda session, **kw: started.append(session.row.id) or "playing")
    db = tmp_path / "log.sqlite3"
    lines = _documented_play_lines()
    assert len(lines) >= 3
    for line in lines:
        args = line.split()[1:]
        if "--plain" in args:
            res = _run(args, tmp_path)
            assert res.exit_code == 0, (line, res.output)
            assert "Playing Zatre game #" in res.output and "To move: " in res.output, line
            continue
        assert "--record" not in args, "--record documented without --plain: %s" % line
        res = _run(args + ["--no-device", "--db", str(db)], tmp_path)
        assert res.exit_code == 0, (line, res.output)
        with Store(db) as store:
            options = store.game(started[-1]).options
        for flag in ("--strict-adjacency", "--centre-doubles"):
            assert (flag in args) == options.get(flag[2:].replace("-", "_"), False), line


def test_record_path_that_cannot_be_written_is_refused_before_the_game(tmp_path):
    # Checked before the first turn, so the game never starts with a record it cannot write.
    res = _run(["play", "zatre", "--plain", "--players", "Ann,Bob", "--seed", "3",
                "--record", str(tmp_path / "missing" / "g.txt")], tmp_path, "1@7,7 3@6,7 4@7,6\nquit\n")
    assert res.exit_code == 2
    assert "cannot write" in res.output and "No such file or directory" in res.output
    assert "to move" not in res.output
