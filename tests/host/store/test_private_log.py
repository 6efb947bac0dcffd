"""The game log is its user's alone: the file and the files SQLite keeps beside it 0600,
the folder made for it 0700, whatever the umask; nothing is made more open than it was."""

import contextlib
import os
import stat

import pytest

from boardlight.store.gamelog import Store, StoreError, default_path


def mode(p):
    return stat.S_IMODE(os.stat(p).st_mode)


@pytest.fixture()
def open_umask():
    old = os.umask(0)  # the loosest: every file and folder would be world-writable
    yield
    os.umask(old)


def _play_a_little(store):
    gid = store.new_game("fits", ["Ann", "Bob"], 7)
    store.append_action(gid, 1, "deal", {})
    return gid


def test_the_default_log_and_its_folder_are_private(tmp_path, monkeypatch, open_umask):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = default_path()
    assert str(path).startswith(str(tmp_path))
    with Store() as store:
        _play_a_little(store)
        sides = [p for p in (str(path) + "-wal", str(path) + "-shm") if os.path.exists(p)]
        assert sides  # WAL: the log's two side files exist while it is open
        assert [mode(p) for p in sides] == [0o600] * len(sides)
    assert mode(path) == 0o600
    assert mode(path.parent) == 0o700


def test_folders_made_for_a_db_path_are_private_and_a_folder_given_is_left(tmp_path, open_umask):
    tmp_path.chmod(0o755)
    path = tmp_path / "logs" / "2026" / "games.sqlite3"
    with Store(path) as store:
        _play_a_little(store)
    assert mode(path) == 0o600
    assert mode(tmp_path / "logs") == mode(tmp_path / "logs" / "2026") == 0o700
    assert mode(tmp_path) == 0o755  # the user's own folder, not boardlight's


def test_an_old_world_readable_log_is_made_private(tmp_path):
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        gid = _play_a_little(store)
    for p in [path] + [tmp_path / (path.name + s) for s in ("-wal", "-shm")]:
        if p.exists():
            p.chmod(0o644)
    with Store(path) as store:
        assert store.game(gid).players == ["Ann", "Bob"]
        for p in [path] + [tmp_path / (path.name + s) for s in ("-wal", "-shm")]:
            if p.exists():
                assert mode(p) == 0o600, p


def test_a_read_only_log_stays_read_only(tmp_path):
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        _play_a_little(store)
    path.chmod(0o444)
    with contextlib.suppress(StoreError):  # not root: it may refuse to open for writing
        Store(path).close()
    assert mode(path) == 0o400
