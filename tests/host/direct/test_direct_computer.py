"""`boardlight play --direct WIRING --players Ann,cpu:N`: on a MAX7219 chain wired to this
computer (Blinka's OS-agnostic board, a recording SPI bus, fake button pins) the computer's
move is drawn by the firmware's own hint screen, and the wired `next` button confirms it."""

import asyncio
import os
import time

os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # Blinka picks its board on first import

import pytest

from boardlight.canvas import Canvas
from boardlight.direct import device as direct
from boardlight.direct import link as direct_link
from boardlight.direct.buttons import wired_buttons
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.device import open_device
from tui_helpers import until
from host.direct.test_direct import FakePin, RecordingSPI, decode_chain, max_config


def _ms():
    return time.monotonic_ns() // 1_000_000


@pytest.mark.timeout(60)
def test_the_chain_shows_the_computers_move_and_the_button_confirms_it(tmp_path, monkeypatch):
    spi = RecordingSPI()
    nxt, menu = FakePin(), FakePin()

    def open_fake(wiring):
        dev = direct.open_direct(max_config(), spi=spi)
        dev.buttons = wired_buttons({"next": nxt, "menu": menu}, dev._events.append, 20, 600, _ms)
        return dev

    monkeypatch.setattr(direct_link, "open_direct", open_fake)
    device = open_device(direct="wiring.json", say=lambda _text: None)
    out = {}
    with Store(tmp_path / "log.sqlite3") as store:
        session = FitsSession.start(store, ["Ann", "CPU2"], 5, {"computers": {"CPU2": 2}})
        app = TableApp(session, device)

        async def press(pilot):
            nxt.value = False
            await pilot.pause(0.15)
            nxt.value = True

        async def script(pilot):
            await pilot.pause()
            await press(pilot)  # deal
            await until(pilot, lambda: app.view.pending is not None)
            out["screen"] = app.view.pending.screen
            # The hint reaches the chain when the device is next drawn: wait for it (up to
            # 10 s; the assertions below then show what the chain held).
            expect = _hint_rows(out["screen"][1])
            await until(pilot, lambda: decode_chain(spi.transactions) == expect, fail=False)
            out["chain"] = decode_chain(spi.transactions)
            await press(pilot)  # a person put CPU2's start tile down: confirm
            await until(pilot, lambda: session.seq == 2)
            out["drop"] = session.core.board("CPU2").drops[-1]

        async def run():
            async with app.run_test(size=(80, 24)) as pilot:
                await script(pilot)

        try:
            asyncio.run(run())
        finally:
            device.close()
    kind, payload = out["screen"]
    assert kind == "fits_hint"
    assert out["chain"] == _hint_rows(payload)
    assert out["drop"][1:3] == (payload["orientation"], payload["column"])


def _hint_rows(payload):
    """The rows of a FITS hint as the firmware's own hint screen draws it on 32 x 8."""
    expect = Canvas(32, 8)
    direct.load_screens()
    from screens import hint as screen_hint

    screen_hint.fits_hint(expect, payload["tile"], payload["orientation"], payload["column"])
    return expect.rows()
