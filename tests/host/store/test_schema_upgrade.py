"""A log written by an older boardlight (schema version 1, no checksums) keeps working: the
first open that may write upgrades it to version 2 with the checksums its games would have had
from the start; a read-only open reads it as it is; an upgrade that fails leaves it as it was."""

import shutil
import sqlite3

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import resume_session, session_class
from boardlight.store.gamelog import SCHEMA_VERSION, Store, StoreError
from boardlight.store.schema import MIGRATIONS
from host.store.log_files import version_1_log
from session_scripts import SCRIPTS, play_out


@pytest.fixture
def reference(tmp_path):
    """A current log of three games (one finished) and their snapshots by id."""
    path = tmp_path / "reference.sqlite3"
    snapshots = {}
    with Store(path) as store:
        for game, limit in (("fits", 30), ("zatre", None), ("forbes", 25)):
            s = session_class(game).start(store, ["Ann", "Bob"], 21, {})
            play_out(s, limit or 100000)
            snapshots[s.row.id] = s.snapshot()
    return path, snapshots


def _rows(path, sql):
    con = sqlite3.connect(str(path))
    rows = con.execute(sql).fetchall()
    con.close()
    return rows


def _version(path):
    return _rows(path, "PRAGMA user_version")[0][0]


def test_an_old_log_is_upgraded_with_the_checksums_it_would_have_had(tmp_path, reference):
    ref, snapshots = reference
    old = tmp_path / "old.sqlite3"
    version_1_log(old, ref)
    assert _version(old) == 1
    with Store(old) as store:
        for gid, snapshot in snapshots.items():
            assert resume_session(store, gid, record=False).snapshot() == snapshot
    assert _version(old) == SCHEMA_VERSION == 3
    # The same checksums a log kept by this boardlight from the start holds.
    for sql in ("SELECT game_id, seq, chain FROM actions ORDER BY game_id, seq",
                "SELECT id, action_count, chain_head, checksum FROM games ORDER BY id"):
        assert _rows(old, sql) == _rows(ref, sql)
    # And they guard it from then on.
    con = sqlite3.connect(str(old))
    with con:
        con.execute("UPDATE actions SET at = '2000-01-01' WHERE game_id = 2 AND seq = 3")
    con.close()
    with Store(old) as store:
        with pytest.raises(StoreError, match="game 2 action 3: damaged in the game log"):
            store.actions(2)
        # The upgraded log goes on taking actions.
        s = resume_session(store, 3)
        s.act(SCRIPTS["forbes"](s))
        assert resume_session(store, 3, record=False).seq == s.seq


def test_reading_an_old_log_leaves_it_as_it_is(tmp_path, reference, capsys):
    ref, snapshots = reference
    old = tmp_path / "old.sqlite3"
    version_1_log(old, ref)
    before = old.read_bytes()
    with Store(old, readonly=True) as store:
        assert [row.id for row in store.games()] == [3, 2, 1]
        for gid, snapshot in snapshots.items():
            assert resume_session(store, gid, record=False).snapshot() == snapshot
    for args in (["history"], ["show", "2"], ["export", "3", "--reveal"]):
        assert main(args + ["--db", str(old)]) == 0
        assert capsys.readouterr().err == ""
    assert _version(old) == 1 and old.read_bytes() == before


def test_an_upgrade_that_fails_leaves_the_old_log_as_it_was(tmp_path, reference, monkeypatch):
    ref, _snapshots = reference
    old = tmp_path / "old.sqlite3"
    version_1_log(old, ref)
    saved = tmp_path / "saved.sqlite3"
    shutil.copyfile(old, saved)

    def fail(db):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr("boardlight.store.gamelog.MIGRATIONS",
                        (MIGRATIONS[0], (MIGRATIONS[1][0], fail)))
    with pytest.raises(StoreError):
        Store(old)
    assert _version(old) == 1
    columns = [r[1] for r in _rows(old, "PRAGMA table_info(games)")]
    assert "checksum" not in columns
    monkeypatch.undo()
    with Store(old) as store:
        assert _version(old) == 3 and len(store.games()) == 3


def test_a_new_log_is_made_as_an_upgraded_one(tmp_path):
    # A new log runs every migration in turn: its tables are those of an upgraded one.
    new = tmp_path / "new.sqlite3"
    Store(new).close()
    old = tmp_path / "old.sqlite3"
    version_1_log(old, new)
    Store(old).close()
    schema_sql = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
    assert _rows(new, schema_sql) == _rows(old, schema_sql)
