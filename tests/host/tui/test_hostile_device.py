"""The table UI beside a device that lies about itself or floods the link: one line on the
status bar and the message line, no crash, no freeze, nothing piling up in the UI."""

import asyncio

import pytest

from boardcore.protocol.codec import DEVICE, encode
from boardlight.link.connection import Link
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.device import DeviceBridge
from host.link.test_link import FakeDevice, FakeTransport, wait_for
from tui_helpers import until


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _run(session, link, script):
    bridge = DeviceBridge(link, label="device")
    app = TableApp(session, bridge)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(app, pilot, seen)
            seen["status"] = str(app.query_one("#status").content)
            seen["message"] = app.last_message

    try:
        asyncio.run(main())
    finally:
        link.close()
    return seen


@pytest.mark.parametrize("display", [{"kind": "virtual", "w": 0, "h": 16}, {"kind": "virtual", "w": -5, "h": 16},
                                     {"kind": "virtual", "w": "x", "h": 16}, {"kind": "virtual", "w": 1000, "h": 1000}])
def test_a_device_with_an_impossible_display_is_a_status_line_not_a_crash(store, display):
    # w/h of 0, -5 or "x" ended the UI (canvas size must be positive whole numbers); 1000 x
    # 1000 froze it for 95 s.
    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    device = FakeDevice(info={"display": display})
    link = Link("fake", transport=FakeTransport(device), resend_ms=50, hello_ms=30)

    async def script(app, pilot, seen):
        # Hellos answered with the bad info: the table says so.
        await until(pilot, lambda: (app.last_message or "").startswith("device: cannot be used"))
        seen["said"] = app.last_message
        await pilot.press("enter")  # and the game goes on from the keyboard
        await pilot.pause()
        seen["mirror"] = app.device.mirror_text()

    seen = _run(session, link.start(), script)
    assert seen["status"].endswith("|  device: handshake")
    assert seen["said"].startswith("device: cannot be used: its handshake cannot be used"
                                      " (info: display.w must be a whole number 8..128")
    assert seen["mirror"] == "(no picture yet)"
    assert session.seq == 1  # Enter dealt the first card


class FloodingDevice(FakeDevice):
    """Answers the handshake, then writes presses without ever waiting for an ack."""

    def flood(self, presses):
        frames = []
        for i in range(2 * presses):
            frames.append(encode(DEVICE, i % 255 + 1, "btn", ["next", "down" if i % 2 == 0 else "short"]))
        for k in range(0, len(frames), 200):
            self.to_host.put(b"".join(frames[k:k + 200]))


def test_a_flooding_device_is_named_on_the_status_line_and_fills_no_queue(store):
    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    device = FloodingDevice()
    link = Link("fake", transport=FakeTransport(device), resend_ms=50)
    posted = []

    async def script(app, pilot, seen):
        link.wait_connected(3)
        post = app.post_message
        app.post_message = lambda message: posted.append(message) or post(message)
        device.flood(5000)
        wait_for(lambda: device.to_host.empty(), 10)
        await until(pilot, lambda: "flooding (" in str(app.query_one("#status").content)
                    and link.events.qsize() == 0)
        seen["during"] = str(app.query_one("#status").content)
        seen["said"] = app.last_message
        seen["kept"] = link.events.qsize()

    seen = _run(session, link.start(), script)
    assert "|  device: connected, flooding (" in seen["during"]
    assert seen["said"].startswith("device sends more than stop-and-wait allows or the table can take")
    assert seen["kept"] == 0  # the UI took what the link kept
    # 10,000 events came: the UI was told of them a few times, not 10,000.
    assert len(posted) < 50


def test_the_ui_takes_the_events_from_the_link(store):
    # The link kept every event for next_event() while the UI took them from callbacks:
    # Link.events grew through the whole game.
    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    device = FakeDevice()
    link = Link("fake", transport=FakeTransport(device), resend_ms=50)

    async def script(app, pilot, seen):
        link.wait_connected(3)
        with device.lock:
            device.ep.send("btn", ["next", "down"])
            device.ep.send("btn", ["next", "short"])
        wait_for(lambda: device.ep.idle())
        await until(pilot, lambda: session.seq == 1)  # the press reached the game
        seen["kept"] = link.events.qsize()

    seen = _run(session, link.start(), script)
    assert seen["kept"] == 0
    assert session.seq == 1  # the press dealt the first card
