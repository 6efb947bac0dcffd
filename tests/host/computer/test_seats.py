"""`--players Ann,cpu:3`: computer seats get player names, the game keeps them in its
options (so `play --resume` plays them again), and `show`, `export` and the line-based
game's options line say which seats are computers and at what level."""

import io
import json

import pytest

from boardlight.cli import main
from boardlight.computer import seats
from boardlight.sessions.fits import FitsSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardcore.errors import RuleError
from boardcore.names import name_problem


def test_computer_words_become_names_every_game_accepts():
    names, computers = seats.computer_names(["Ann", "cpu:3", "CPU:5", "cpu:3"])
    assert names == ["Ann", "CPU3", "CPU5", "CPU3-4"]
    assert computers == {"CPU3": 3, "CPU5": 5, "CPU3-4": 3}
    assert all(name_problem(n) is None for n in names)
    # A person called CPU3 keeps the name; the computer at level 3 takes its seat number.
    assert seats.computer_names(["cpu3", "cpu:3"]) == (["cpu3", "CPU3-2"], {"CPU3-2": 3})
    assert seats.levels(names, {"computers": computers}) == {1: 3, 2: 5, 3: 3}


@pytest.mark.parametrize("word", ["cpu:0", "cpu:6", "cpu:", "cpu:x", "cpu:3.5"])
def test_a_level_outside_1_to_5_is_refused_with_what_a_level_is(word):
    with pytest.raises(ValueError, match="cpu:LEVEL with a level 1 to 5"):
        seats.computer_names(["Ann", word])


def test_the_option_is_checked(tmp_path):
    with pytest.raises(RuleError, match="not one of the players"):
        seats.check(["Ann", "Bob"], {"computers": {"CPU3": 3}})
    with pytest.raises(RuleError, match="level 1 to 5, not 7"):
        seats.check(["Ann", "CPU3"], {"computers": {"CPU3": 7}})
    with Store(tmp_path / "log.sqlite3") as store:
        # A quick tally has no drops for an engine to choose: refused before anything is kept.
        with pytest.raises(RuleError, match="quick-tally"):
            FitsSession.start(store, ["Ann", "CPU3"], 1, {"scoring": "tally", "computers": {"CPU3": 3}})
        assert store.games() == []


def test_play_keeps_the_computers_and_show_and_export_say_so(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "log.sqlite3")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "zatre", "--players", "Ann,cpu:4", "--plain", "--seed", "3", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "Options: computer players CPU4 (seat 2) at level 4." in out
    with Store(db) as store:
        row = store.games()[0]
        assert row.players == ["Ann", "CPU4"] and row.options == {"computers": {"CPU4": 4}}
    assert main(["show", "1", "--db", db]) == 0
    assert "computer players: CPU4 (seat 2) at level 4" in capsys.readouterr().out.splitlines()
    assert main(["show", "1", "--json", "--db", db]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"computers": {"CPU4": 4}}
    assert main(["export", "1", "--reveal", "--db", db]) == 0
    record = capsys.readouterr().out
    assert record.splitlines()[:2] == ["zatre record",
                                       "# computer players (boardlight's engine): CPU4 (seat 2) at level 4"]
    # The note is a comment: the record replays as any other.
    path = tmp_path / "rec.txt"
    path.write_text(record)
    assert main(["replay", "zatre", str(path)]) == 0


def test_resume_plays_the_computer_again(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "log.sqlite3")
    with Store(db) as store:
        session = ZatreSession.start(store, ["CPU2", "Ann"], 2, {"computers": {"CPU2": 2}})
        assert session.core.current == 0  # seed 2: CPU2 opens
    # Resumed, the computer's turn is worked out and waits for Enter; then it is Ann's.
    monkeypatch.setattr("sys.stdin", io.StringIO("\nquit\n"))
    assert main(["play", "--resume", "--plain", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "CPU2 plays " in out and "put it on the board, then press Enter." in out
    with Store(db) as store:
        actions = store.actions(1)
        assert [kind for _, kind, _ in actions] == ["turn"] and actions[0][2]["seat"] == 0


def test_bad_computer_words_on_the_command_line(tmp_path, capsys):
    db = str(tmp_path / "log.sqlite3")
    assert main(["play", "fits", "--players", "Ann,cpu:9", "--plain", "--db", db]) == 2
    assert "cpu:LEVEL with a level 1 to 5" in capsys.readouterr().err
    assert main(["play", "fits", "--players", "Ann,cpu:3", "--tally", "--plain", "--db", db]) == 2
    assert "quick-tally game has none" in capsys.readouterr().err
