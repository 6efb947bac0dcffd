"""`boardlight play --direct WIRING`: the table UI drives a MAX7219 chain and buttons wired
to this computer (Blinka's OS-agnostic board, a recording SPI bus, fake button pins)
exactly as it drives a device: a button deals, and the chain shows the start card."""

import asyncio
import os
import time

os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # Blinka picks its board on first import

import pytest

from boardlight.direct import device as direct
from boardlight.direct import link as direct_link
from boardlight.direct.buttons import wired_buttons
from boardlight.canvas import Canvas
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.device import open_device
from conftest import ROOT
from host.direct.test_direct import FakePin, RecordingSPI, decode_chain, max_config
from tui_helpers import until


def _ms():
    return time.monotonic_ns() // 1_000_000


@pytest.mark.timeout(60)
def test_a_wired_button_deals_and_the_chain_shows_the_start_card(tmp_path, monkeypatch):
    spi = RecordingSPI()
    nxt, menu = FakePin(), FakePin()

    def open_fake(wiring):
        assert wiring == "wiring.json"
        dev = direct.open_direct(max_config(), spi=spi)
        dev.buttons = wired_buttons({"next": nxt, "menu": menu}, dev._events.append, 20, 600, _ms)
        return dev

    monkeypatch.setattr(direct_link, "open_direct", open_fake)
    notes = []
    device = open_device(direct="wiring.json", say=notes.append)
    assert notes == ["Driving the matrix wired to this computer (wiring.json)."]
    out = {}
    with Store(tmp_path / "log.sqlite3") as store:
        session = FitsSession.start(store, ["Ann"], 5)
        app = TableApp(session, device)

        async def script(pilot):
            await pilot.pause()
            out["status"] = device.describe()
            nxt.value = False                 # press "next" on the wired button...
            await pilot.pause(0.15)
            nxt.value = True                  # ...and release it: a short press
            await until(pilot, lambda: session.seq >= 1, what="the button press to deal")
            out["start"] = session.core.start_tile("Ann")
            # The card reaches the chain when the device is next drawn: wait for it (up to
            # 10 s; the assertions below then show what the chain held).
            expect = _start_card(out["start"])
            await until(pilot, lambda: decode_chain(spi.transactions) == expect, fail=False)
            out["chain"] = decode_chain(spi.transactions)

        async def run():
            async with app.run_test(size=(80, 24)) as pilot:
                await script(pilot)

        try:
            asyncio.run(run())
        finally:
            device.close()
    assert out["status"] == "direct matrix: connected"
    # One player: the start card, marked as one, round 1 on board 1, drawn by the
    # firmware's own screen on a 32 x 8 canvas: that is what the chain must show, pixel
    # for pixel.
    expect = _start_card(out["start"])
    assert sum(row.count("#") for row in expect) > 8  # a real picture, not a blank
    assert out["chain"] == expect


def _start_card(tile):
    """The rows of `tile` as the firmware draws a lone player's start card on 32 x 8."""
    expect = Canvas(32, 8)
    direct.load_screens()
    from screens import fits as screen_fits

    screen_fits.fits_card(expect, tile, True, 1, None, 1)
    return expect.rows()


def test_direct_with_another_display_choice_is_refused(tmp_path, capsys):
    from boardlight.cli import main

    wiring = ROOT / "firmware" / "boards" / "raspberry-pi.json"  # a board file that validates
    code = main(["play", "fits", "--direct", str(wiring), "--no-device",
                 "--db", str(tmp_path / "log.sqlite3")])
    assert code == 2
    assert "--no-device and --direct each say what shows the game: choose one" in capsys.readouterr().err
