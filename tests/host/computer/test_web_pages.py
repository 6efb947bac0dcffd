"""The phones' pages with a computer player: its seat has no page of its own (no link, no
token), and a person's move from a phone brings the computer's answer to the table UI as
any move of the table's does."""

import asyncio
import threading
import time

from boardcore.zatre import engine as zatre_engine
from boardlight.sessions.table import Table
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.web.access import Audience
from boardlight.web.pages import make_move
from boardlight.web.server import WebServer


def test_the_computer_seat_has_no_page(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        session = ZatreSession.start(store, ["Ann", "CPU3", "Bob"], 4, {"computers": {"CPU3": 3}})
        server = WebServer(Table(session))
        assert [a.key for _token, a in server.access.pages()] == ["seat 1", "seat 3", "spectator"]


def test_a_move_from_a_phone_brings_the_computers_answer(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        session = ZatreSession.start(store, ["Ann", "CPU3"], 3, {"computers": {"CPU3": 3}})
        assert session.core.current == 0  # seed 3: Ann opens
        table = Table(session)
        app = TableApp(session, table=table)
        turn, _ = zatre_engine.best(zatre_engine.position(session.core), 2)
        seen = {}

        async def script():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                # Ann plays on her phone, from the server's thread.
                body = {"seen": session.seq, "move": {"kind": "turn", "tiles": [list(t) for t in turn]}}
                worker = threading.Thread(target=lambda: seen.update(
                    answer=make_move(table, Audience(0, "Ann"), body)))
                worker.start()
                worker.join(10)
                end = time.monotonic() + 20
                while app.view.pending is None:
                    assert time.monotonic() < end, "the computer never answered the phone's move"
                    await pilot.pause(0.05)
                seen["pending"] = app.view.pending

        asyncio.run(script())
        status, answer = seen["answer"]
        assert status == 200 and answer["ok"]
        assert seen["pending"].seat == 1 and seen["pending"].text.startswith("CPU3 plays ")
