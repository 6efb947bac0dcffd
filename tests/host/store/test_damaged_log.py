"""A game log whose rows were damaged (edited, half restored): every command that meets the
damage says which game and which row in one line, and `history` still lists the other games.
Before, a row that was not JSON ended each of them with a JSONDecodeError traceback."""

import sqlite3

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store, StoreError
from session_scripts import SCRIPTS


def _log(db):
    """Three unfinished games, ids 1 (FITS), 2 (Zatre), 3 (Forbes), 4 actions each."""
    with Store(db) as store:
        for game in ("fits", "zatre", "forbes"):
            s = session_class(game).start(store, ["Ann", "Bob"], 11, {})
            for _ in range(4):
                s.act(SCRIPTS[game](s))


def _damage(db, sql, *args):
    con = sqlite3.connect(str(db))
    with con:
        con.execute(sql, args)
    con.close()


def _run(capsys, *args):
    code = main(list(args))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def test_an_action_that_is_not_json(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    _log(db)
    _damage(db, "UPDATE actions SET data = '{broken' WHERE game_id = 2 AND seq = 3")
    for args in (["show", "2"], ["export", "2"], ["play", "--resume", "2", "--no-device"]):
        code, _out, err = _run(capsys, *args, "--db", str(db))
        assert code == 1
        assert "game 2 action 3: damaged in the game log (not JSON" in err
    # The other games are untouched and still shown.
    code, out, _err = _run(capsys, "show", "1", "--db", str(db))
    assert code == 0 and "4 actions" in out


def test_an_action_that_is_json_but_not_an_action(tmp_path):
    db = tmp_path / "log.sqlite3"
    _log(db)
    _damage(db, "UPDATE actions SET data = '[1, 2]' WHERE game_id = 3 AND seq = 2")
    with Store(db) as store:
        with pytest.raises(StoreError, match=r"game 3 action 2: damaged in the game log "
                                             r"\(not an action: \[1, 2\]\)"):
            store.actions(3)


def test_history_lists_every_game_past_a_damaged_one(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    _log(db)
    _damage(db, "UPDATE games SET options = 'nope' WHERE id = 2")
    _damage(db, "UPDATE scores SET detail = '{x' WHERE game_id = 3")
    code, out, _err = _run(capsys, "history", "--db", str(db))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 4  # the heading and three games
    by_id = {line.split()[0]: line for line in lines[1:]}
    assert by_id["1"].endswith("Ann, Bob (0 0)")
    assert by_id["2"].endswith("Ann, Bob (damaged in the log)")
    assert by_id["3"].endswith("Ann, Bob (damaged in the log)")
    code, _out, err = _run(capsys, "show", "2", "--db", str(db))
    assert code == 1 and "game 2 options: damaged in the game log (not JSON" in err
    # Resuming the damaged game names the damage.
    code, _out, err = _run(capsys, "play", "--resume", "2", "--no-device", "--db", str(db))
    assert code == 1 and "game 2 options: damaged" in err
    _damage(db, "UPDATE games SET options = '[3]' WHERE id = 1")
    code, _out, err = _run(capsys, "show", "1", "--db", str(db))
    assert code == 1 and "game 1 options: damaged in the game log (not options: [3])" in err


def _break_table(db, table):
    """Overwrite the root page of `table` with junk, as a bad disk block would: SQLite opens
    the file and finds the damage only when that table is read."""
    con = sqlite3.connect(str(db))
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("PRAGMA journal_mode=DELETE")
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                       (table,)).fetchone()[0]
    con.close()
    with open(db, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\xff" * page_size)


def test_a_bad_page_found_while_reading_is_one_line(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    _log(db)
    _break_table(db, "actions")
    for args in (["show", "1"], ["export", "2"], ["play", "--resume", "3", "--no-device"]):
        code, _out, err = _run(capsys, *args, "--db", str(db))
        assert code == 1, args
        # Before: a sqlite3.DatabaseError traceback.
        assert "the game log %s is damaged (database disk image is malformed)" % db in err
        assert ".recover" in err
    # A bad page under the scores: history lists the games and marks them.
    _break_table(db, "scores")
    code, out, _err = _run(capsys, "history", "--db", str(db))
    assert code == 0 and out.count("(damaged in the log)") == 3
    _break_table(db, "games")
    code, _out, err = _run(capsys, "history", "--db", str(db))
    assert code == 1 and "is damaged (database disk image is malformed)" in err
