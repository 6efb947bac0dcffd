"""The game log at the table: a log that cannot take a write refuses the action
cleanly (message, nothing changed) instead of ending the table UI with a traceback."""

import asyncio
import sqlite3

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp


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
        assert main(command + ["--db", str(typo)]) == 2  # bad input: no log there
        assert "there is no game log at %s" % typo in capsys.readouterr().err
    # Nothing was made: neither the file nor its folder.
    assert not typo.parent.exists()


def test_show_svg_of_a_quick_tally_game_writes_its_score_chart(tmp_path, capsys):
    # `show GAME --svg DIR` failed (exit 2, "no FITS game record to export") for a game
    # scored by quick tally; its round scores are in the log, so the chart can be drawn.
    from boardlight.cli import main

    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        s = FitsSession.start(store, ["Ann", "Bob"], 7, {"scoring": "tally", "boards": [1, 4]})
        s.act({"type": "deal"})
        for _ in range(16):
            s.act({"type": "turn"})
        # Board 1: Ann 8 full rows and 4 open dots: 8 - 4 = +4 (docs/rules.md's round);
        # Bob 2 full rows, 10 open dots (one on each other row): 2 - 10 = -8.
        s.act({"type": "tally", "seat": 0, "open_dots": 4, "full_rows": 8, "uncovered": []})
        s.act({"type": "tally", "seat": 1, "open_dots": 10, "full_rows": 2, "uncovered": []})
        gid = s.row.id
    out = tmp_path / "pictures"
    assert main(["show", str(gid), "--db", str(db), "--svg", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "quick tally: no boards to draw, only the score chart" in printed
    assert sorted(p.name for p in out.iterdir()) == ["fits-scores.svg"]
    chart = (out / "fits-scores.svg").read_text()
    assert 'data-player="Ann" data-round="1" data-total="4"' in chart
    assert 'data-player="Bob" data-round="1" data-total="-8"' in chart
