"""`boardlight play` options: before the game, after it, with --resume."""

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store


@pytest.fixture
def tables(monkeypatch):
    """The full-screen UI replaced by a recorder of how it would have been started."""
    from boardlight.tui import app as tui_app

    runs = []

    def run_table(session, port=None, no_device=False, direct=None):
        runs.append((session.GAME, session.row.id, port, no_device, direct))
        return session.row.status

    monkeypatch.setattr(tui_app, "run_table", run_table)
    return runs


def test_resume_with_a_port(tmp_path, tables):
    # `play --resume` (the README's way back into a game) could not be told which device:
    # --port was "no such option".
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        gid = session_class("zatre").start(store, ["Ann", "Bob"], 5).row.id
    assert main(["play", "--resume", "--port", "/dev/ttyACM0", "--db", str(db)]) == 0
    assert tables == [("zatre", gid, "/dev/ttyACM0", False, None)]


@pytest.mark.parametrize("before", [["--no-device"], ["--db", "X"], ["--port", "/dev/ttyACM0"]])
def test_options_before_the_game_are_refused_not_dropped(tmp_path, tables, capsys, before,
                                                         monkeypatch):
    monkeypatch.setenv("BOARDLIGHT_DB", str(tmp_path / "default.sqlite3"))
    # `play --no-device fits` started FITS with a device (and `play --db X fits` in the
    # default log): the option before the game was taken by the group and ignored.
    before = [str(tmp_path / "other.sqlite3") if a == "X" else a for a in before]
    db = str(tmp_path / "log.sqlite3")
    args = ["play"] + before + ["fits", "--players", "Ann"]
    if "--db" not in before:
        args += ["--db", db]
    assert main(args) == 2
    assert "put %s after the game: play fits %s" % (before[0], before[0]) \
        in capsys.readouterr().err
    assert tables == []


def test_play_direct_with_a_bad_wiring_file_is_one_clear_line(tmp_path, capsys):
    # It was a ValueError traceback from deep inside the direct backend. The board file is
    # now read with the command line: a bad one is bad input (exit 2), and no game starts.
    wiring = tmp_path / "wiring.json"
    wiring.write_text('{"name": "wiring", "board": "a Pi", "mcu": "linux", "buttons": {"next": "D17", "menu": "D27"}, "display": 3}')
    db = tmp_path / "log.sqlite3"
    assert main(["play", "fits", "--players", "Ann", "--direct", str(wiring),
                 "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "error: Invalid value for '--direct': %s: " % wiring in err
    assert "display: missing (an object)" in err
    assert not db.exists()


def test_a_direct_matrix_that_cannot_start_leaves_no_game_in_the_log(tmp_path, capsys):
    # Each failed start left an empty "playing" game in `history`. The Pi's board file
    # names pins this computer's Blinka board does not have.
    from conftest import ROOT

    wiring = ROOT / "firmware" / "boards" / "raspberry-pi.json"
    db = tmp_path / "log.sqlite3"
    assert main(["play", "fits", "--players", "Ann", "--direct", str(wiring),
                 "--db", str(db)]) == 1  # the world: this computer cannot drive it
    err = capsys.readouterr().err
    assert err.startswith("error: cannot drive the matrix wired as %s: " % wiring)
    assert "no game was started: add --no-device" in err
    with Store(db) as store:
        assert store.games() == []
