"""The game log on a read-only file or folder: commands that only print a game (show, export)
work, and commands that must write say the log is read-only (not "damaged", not "try it
again", not a traceback)."""

import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from boardlight.store import gamelog as store_module
from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store, StoreError
from session_scripts import SCRIPTS


def _unfinished_fits(db):
    """A FITS game (full replay) with its start tiles dealt and dropped: still playing."""
    with Store(db) as store:
        s = session_class("fits").start(store, ["Ann", "Bob"], 7, {})
        for _ in range(3):
            s.act(SCRIPTS["fits"](s))
        return s.row.id, s.seq


def _fake_read_only(monkeypatch):
    """Every open of the log by path is read-only (mode=ro); an open by URI, which names its
    own mode (the read-only open of history, show and export), is left as it is."""
    real = sqlite3.connect

    def connect(path, *a, **k):
        if k.get("uri"):
            return real(path, *a, **k)
        return real("file:%s?mode=ro" % path, *a, uri=True, **k)

    monkeypatch.setattr(store_module.sqlite3, "connect", connect)


def test_show_and_export_work_on_a_read_only_log(tmp_path, capsys, monkeypatch):
    db = tmp_path / "log.sqlite3"
    gid, seq = _unfinished_fits(db)
    assert main(["show", str(gid), "--db", str(db)]) == 0
    writable = capsys.readouterr().out
    assert main(["export", str(gid), "--db", str(db), "--reveal"]) == 0
    record = capsys.readouterr().out

    _fake_read_only(monkeypatch)
    # Before: show and export rewrote the score lines on the way and failed with "could not
    # be written ... try it again" on a log the user may only read.
    assert main(["show", str(gid), "--db", str(db)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out == writable
    assert "%d actions" % seq in captured.out
    assert main(["export", str(gid), "--db", str(db), "--reveal"]) == 0
    assert capsys.readouterr().out == record


def test_resuming_a_read_only_log_says_it_is_read_only(tmp_path, capsys, monkeypatch):
    db = tmp_path / "log.sqlite3"
    _unfinished_fits(db)
    _fake_read_only(monkeypatch)
    assert main(["play", "--resume", "--no-device", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "read-only" in err and "--db" in err
    assert "try it again" not in err and "Traceback" not in err


def test_an_action_on_a_read_only_log_is_refused_and_the_game_unchanged(tmp_path, monkeypatch):
    db = tmp_path / "log.sqlite3"
    gid, seq = _unfinished_fits(db)
    _fake_read_only(monkeypatch)
    with Store(db) as store:
        s = session_class("fits").resume(store, gid, record=False)
        before = s.snapshot()
        with pytest.raises(StoreError, match="read-only"):
            s.act(SCRIPTS["fits"](s))
        assert s.seq == seq and s.snapshot() == before


def test_a_log_in_a_folder_that_cannot_be_made_is_one_line(tmp_path, capsys):
    # A file where the log's folder should be: mkdir fails for root too.
    blocker = tmp_path / "notafolder"
    blocker.write_text("x")
    db = blocker / "sub" / "log.sqlite3"
    with pytest.raises(StoreError, match="cannot make the folder"):
        Store(db)
    # Before: a PermissionError/NotADirectoryError traceback out of `play`.
    assert main(["play", "fits", "--no-device", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "cannot make the folder" in err and "--db" in err and "Traceback" not in err


def _drop_file_permissions():
    """argv prefix that runs a command without root's power to ignore file permissions, or
    None when this machine cannot (then chmod alone does it, unless we are root)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search",
            "--inh-caps=-dac_override,-dac_read_search"]


def _run(prefix, *args, env_db):
    code = "import sys; from boardlight.cli import main; sys.exit(main(sys.argv[1:]))"
    env = dict(os.environ, BOARDLIGHT_DB=str(env_db))
    return subprocess.run(prefix + [sys.executable, "-c", code, *args], env=env,
                          capture_output=True, text=True, timeout=60)


def test_a_read_only_folder_gets_a_clear_message(tmp_path):
    prefix = _drop_file_permissions()
    if prefix is None:
        pytest.skip("root without setpriv: file permissions cannot be enforced here")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        probe = subprocess.run(prefix + ["touch", str(folder / "probe")], capture_output=True)
        if probe.returncode == 0:
            pytest.skip("this machine lets the test write into a read-only folder")
        db = folder / "log.sqlite3"
        done = _run(prefix, "play", "fits", "--no-device", env_db=db)
        assert done.returncode == 1
        # Before: "is not a usable boardlight game log", as if the file were damaged.
        assert "cannot be opened for writing" in done.stderr, done.stderr
        assert "not a usable" not in done.stderr and "Traceback" not in done.stderr
        done = _run(prefix, "play", "fits", "--no-device", env_db=folder / "sub" / "x.db")
        assert done.returncode == 1
        assert "cannot make the folder" in done.stderr and "Traceback" not in done.stderr
        assert not db.exists() and not (folder / "sub").exists()
    finally:
        folder.chmod(0o755)


def test_a_damaged_file_is_still_called_damaged(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    db.write_bytes(b"this is not sqlite" * 300)
    assert main(["history", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "not a usable boardlight game log" in err and "read-only" not in err
    assert db.read_bytes() == b"this is not sqlite" * 300


def test_the_closing_line_names_the_log_given_with_db(tmp_path, capsys, monkeypatch):
    # Played with --db, the game is found again only with it: the line said
    # `boardlight play --resume`, which looks in the default log.
    from boardlight.tui import app as tui_app

    monkeypatch.delenv("BOARDLIGHT_DB", raising=False)
    monkeypatch.setattr(tui_app, "run_table", lambda session, **_kw: session.row.status)
    db = tmp_path / "my games.sqlite3"
    assert main(["play", "zatre", "--no-device", "--db", str(db)]) == 0
    assert capsys.readouterr().out == \
        "Game 1 is saved: `boardlight play --resume --db '%s'` continues it.\n" % db
