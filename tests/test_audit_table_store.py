"""Audit of the game log at the table: a log that cannot take a write refuses the action
cleanly (message, nothing changed) instead of ending the table UI with a traceback."""

import asyncio
import sqlite3

from boardlight.session_fits import FitsSession
from boardlight.store import Store
from boardlight.tui_app import TableApp


async def _enter(pilot):
    await pilot.press("enter")
    await pilot.pause()


def test_a_locked_log_refuses_the_action_and_play_goes_on(tmp_path):
    path = tmp_path / "log.sqlite3"
    store = Store(path, timeout=0.2)
    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    other = sqlite3.connect(str(path), isolation_level=None)  # another program's writer
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            other.execute("BEGIN IMMEDIATE")
            await _enter(pilot)  # deal: the log is locked, so it is refused
            seen["locked"] = (app.last_message, session.seq, session.core.phase,
                              app.is_running)
            other.execute("ROLLBACK")
            await _enter(pilot)  # the same entry again, now it is logged
            seen["free"] = (app.last_message, session.seq, session.core.phase)

    try:
        asyncio.run(main())
    finally:
        other.close()
    message, seq, phase, running = seen["locked"]
    assert running and seq == 0 and phase == "deal"
    assert "could not be written" in message and "not taken" in message
    message, seq, phase = seen["free"]
    assert message == "Round 1 on board 1. Start tiles: Ann U, Bob Y."
    assert (seq, phase) == (1, "start")
    assert [kind for _s, kind, _d in store.actions(session.row.id)] == ["deal"]
    store.close()


def test_reading_commands_do_not_create_a_log_at_a_mistyped_path(tmp_path, capsys):
    from boardlight.cli import main

    typo = tmp_path / "no-such-folder" / "gmaes.sqlite3"
    assert main(["history", "--db", str(typo)]) == 0
    assert "no games stored in %s yet" % typo in capsys.readouterr().out
    for command in (["show", "1"], ["export", "1"]):
        assert main(command + ["--db", str(typo)]) == 1
        assert "there is no game log at %s" % typo in capsys.readouterr().err
    # Nothing was made: neither the file nor its folder.
    assert not typo.parent.exists()
