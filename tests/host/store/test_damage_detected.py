"""Damage that would change a game is caught: every game's actions are chained by checksums
and its row, players and score lines carry one, so a changed, lost or moved action, a changed
name, seed, status or score is refused in one line that names the game (and the action),
where before the game was read, replayed and shown as something it never was."""

import importlib.util
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import resume_session, session_class
from boardlight.store.gamelog import Store, StoreError
from session_scripts import SCRIPTS

ROOT = Path(__file__).resolve().parents[3]


def _log(db):
    """Game 1: Forbes, 12 actions; game 2: Zatre, 6 actions; both still being played."""
    with Store(db) as store:
        for game, acts in (("forbes", 12), ("zatre", 6)):
            s = session_class(game).start(store, ["Ann", "Bob"], 4, {})
            while s.seq < acts:
                s.act(SCRIPTS[game](s))


def _edit(db, sql, *args):
    con = sqlite3.connect(str(db))
    with con:
        con.execute(sql, args)
    con.close()


def _run(capsys, *args):
    code = main(list(args))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err.strip()


def _refused_everywhere(db, capsys, gid, message):
    for args in (["show", str(gid)], ["export", str(gid), "--reveal"],
                 ["play", "--resume", str(gid), "--no-device"]):
        code, _out, err = _run(capsys, *args, "--db", str(db))
        assert (code, err) == (1, "error: " + message), args


def test_an_action_changed_to_another_legal_one(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    _log(db)
    with Store(db) as store:
        seq, _kind, last = [a for a in store.actions(1) if a[1] == "place"][-1]
        board = resume_session(store, 1, record=False).core.game.board
    # A cell still empty at the end: the replay takes it as readily as the one played.
    cell = board.index(".")
    moved = dict(last, row=cell // 4, col=cell % 4)
    _edit(db, "UPDATE actions SET data = ? WHERE game_id = 1 AND seq = ?",
          json.dumps(moved, sort_keys=True), seq)
    # Before: shown, exported and resumed as a game with a stone where none was played.
    _refused_everywhere(db, capsys, 1, "game 1 action %d: damaged in the game log (it does"
                                       " not match its checksum)" % seq)
    code, out, _err = _run(capsys, "show", "2", "--db", str(db))
    assert code == 0 and "6 actions" in out


def test_the_last_actions_lost(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    _log(db)
    _edit(db, "DELETE FROM actions WHERE game_id = 2 AND seq >= 5")
    # Before: game 2 read as a game of 4 actions.
    _refused_everywhere(db, capsys, 2, "game 2: actions 5 to 6 are missing from the log"
                                       " (damaged: the game has 6)")
    _edit(db, "DELETE FROM actions WHERE game_id = 1 AND seq = 12")
    _refused_everywhere(db, capsys, 1, "game 1: action 12 is missing from the log (damaged:"
                                       " the game has 12)")


def test_an_action_moved_from_another_game(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    _log(db)
    with Store(db) as store:
        s = session_class("forbes").start(store, ["Ann", "Bob"], 4, {})
        while s.seq < 12:
            s.act(SCRIPTS["forbes"](s))  # game 3: the same match as game 1, action for action
    _edit(db, "DELETE FROM actions WHERE game_id = 1 AND seq = 12")
    _edit(db, "UPDATE actions SET game_id = 1 WHERE game_id = 3 AND seq = 12")
    _refused_everywhere(db, capsys, 1, "game 1 action 12: damaged in the game log (it does"
                                       " not match its checksum)")


@pytest.mark.parametrize("sql, what", [
    ("UPDATE players SET name = 'Bod' WHERE game_id = 1 AND seat = 1", "a player's name"),
    ("UPDATE players SET name = CASE seat WHEN 0 THEN 'Bob' ELSE 'Ann' END WHERE game_id = 1",
     "the seats"),
    ("UPDATE games SET seed = 5 WHERE id = 1", "the seed"),
    ("UPDATE games SET status = 'finished' WHERE id = 1", "the status"),
    ("UPDATE games SET started = '2001-01-01 00:00:00.000000' WHERE id = 1", "the start"),
    ("UPDATE scores SET points = points + 8 WHERE game_id = 1", "a score line"),
    ("UPDATE games SET action_count = 11 WHERE id = 1", "the action count"),
])
def test_a_changed_game_row(tmp_path, capsys, sql, what):
    db = tmp_path / "log.sqlite3"
    _log(db)
    _edit(db, sql)
    message = ("game 1: damaged in the game log (its row, players or score lines do not"
               " match its checksum)")
    for args in (["show", "1"], ["export", "1", "--reveal"]):
        code, _out, err = _run(capsys, *args, "--db", str(db))
        assert (code, err) == (1, "error: " + message), (what, args)
    code, out, _err = _run(capsys, "history", "--db", str(db))
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert lines["1"].endswith("(damaged in the log)"), what
    assert not lines["2"].endswith("(damaged in the log)")


def test_a_game_whose_row_is_gone(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    _log(db)
    _edit(db, "DELETE FROM games WHERE id = 1")
    # Before: history listed game 2 alone, as if game 1 had never been played.
    code, out, _err = _run(capsys, "history", "--db", str(db))
    assert code == 0
    lines = out.splitlines()[1:]
    assert len(lines) == 2
    assert lines[1].split()[0] == "1" and lines[1].endswith("Ann, Bob (damaged in the log)")
    code, _out, err = _run(capsys, "show", "1", "--db", str(db))
    assert (code, err) == (1, "error: game 1: damaged in the game log (its row is missing,"
                              " its players are there)")


def test_a_writer_does_not_seal_damage_in(tmp_path):
    db = tmp_path / "log.sqlite3"
    _log(db)
    _edit(db, "UPDATE players SET name = 'Bod' WHERE game_id = 2 AND seat = 1")
    with Store(db) as store:
        # A new checksum over the damaged row would hide the damage for good.
        with pytest.raises(StoreError, match="game 2: damaged in the game log"):
            store.append_action(2, 7, "turn", {"type": "turn"})
        with pytest.raises(StoreError, match="game 2: damaged in the game log"):
            store.set_scores(2, "total", [0, 0])
        with pytest.raises(StoreError, match="game 2: damaged in the game log"):
            store.set_status(2, "abandoned")
    assert main(["show", "2", "--db", str(db)]) == 1


def _bench():
    spec = importlib.util.spec_from_file_location("damaged_logs",
                                                  ROOT / "bench" / "damaged_logs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_bit_flips_in_a_log_file_are_never_read_as_another_game(tmp_path):
    # bench/damaged_logs.py on a smaller log: 60 copies, one random bit flipped in each.
    bench = _bench()
    games = (("fits", ["Ann", "Bob"], 40), ("zatre", ["Ann", "Bob", "Cy"], 12),
             ("forbes", ["Al", "Bo"], 60))
    counts, lost, _actions, _size = bench.run("database", 60, 3, tmp_path, games)
    # Before: one of these 60 copies was read as a different game, 23 actions short.
    assert counts["different"] == 0 and counts["traceback"] == 0 and lost == 0, counts
    # The rest land where nothing is kept (a free page, a page's unused end).
    assert counts["detected"] > 0 and counts["detected"] + counts["unaffected"] == 60, counts
    shutil.rmtree(tmp_path, ignore_errors=True)
