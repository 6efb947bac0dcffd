"""The table UI with a device: what the status line and the device show."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.device import open_device


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_a_device_that_connects_before_the_ui_is_up_is_shown_connected(store):
    # The virtual board often finishes its handshake while the UI is still starting: the
    # link's "connected" status then reaches no one, and the status line said "handshake"
    # for the whole game although the device worked.
    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    device = open_device("virtual", say=lambda _text: None)
    try:
        app = TableApp(session, device)
        assert "connected" not in app.device_state  # built before the handshake ended
        device.link.wait_connected(20)
        seen = {}

        async def main():
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                seen["state"] = app.device_state
                seen["status"] = str(app.query_one("#status").content)

        asyncio.run(main())
    finally:
        device.close()
    assert seen["state"] == "virtual board: connected"
    assert seen["status"].endswith("|  virtual board: connected")


def _lit(frame):
    return sum(1 for x in range(frame.width) for y in range(frame.height)
               if frame.rgb(x, y) != (0, 0, 0))


def test_the_table_text_on_the_device_keeps_scrolling(store):
    # What the device shows as text is the table's standing state ("round 2", the start
    # tiles while they are placed): once scrolled past, the device must not stay dark.
    import time

    device = open_device("virtual", say=lambda _text: None)
    try:
        device.link.wait_connected(20)
        device.show(("message", {"text": "round 2", "loop": True}))
        # "round 2" is 7 glyphs of 6 pixels: about 60 steps of 70 ms go by before it has
        # left the 16-pixel screen. Watch the last stretch, well after the first pass.
        start = time.monotonic()
        seen_lit = later_lit = 0
        while time.monotonic() - start < 8.0:
            lit = _lit(device.board.frame)
            seen_lit = max(seen_lit, lit)
            if time.monotonic() - start > 5.5:
                later_lit = max(later_lit, lit)
            time.sleep(0.05)
    finally:
        device.close()
    assert seen_lit > 0
    assert later_lit > 0


def test_the_status_line_keeps_the_short_device_state(store):
    # The link's sentence ("...: connected (virtual 0.1.0); display restored.") is for the
    # message line; on the one-line status bar it was cut off at 80 columns.
    from boardlight.tui.device import DeviceBridge

    class Link:
        port = "virtual"
        connected = True
        state = "connected"
        on_status = on_event = None
        problem = None

        def next_event(self, timeout):
            return None

        def flooding(self):
            return False

        def show(self, kind, **payload):
            pass

        def close(self):
            pass

    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    device = DeviceBridge(Link(), label="direct matrix")
    device.mirror_text = lambda: "(no picture yet)"
    app = TableApp(session, device)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            app.device_status("direct matrix: connected (pi 1.0); display restored.")
            await pilot.pause()
            seen["status"] = str(app.query_one("#status").content)
            seen["message"] = app.last_message

    asyncio.run(main())
    assert seen["status"] == "FITS #%d  |  direct matrix: connected" % session.row.id
    assert seen["message"] == "direct matrix: connected (pi 1.0); display restored."


def test_the_mirror_of_a_real_device_scrolls_its_text():
    # For a real device the mirror is drawn on the host with the firmware's own screens.
    # A moving text drew only its first frame: the first column of the first letter at
    # the right edge, for as long as the text was shown.
    from boardlight.tui.device import DeviceBridge

    class Link:
        port = "/dev/ttyACM0"
        connected = True
        state = "connected"
        info = {"display": {"w": 16, "h": 16}, "colour": True}

        def show(self, kind, **payload):
            pass

    device = DeviceBridge(Link())
    device.show(("message", {"text": "round 2", "loop": True}))
    lit = []
    for _ in range(20):  # 20 redraws of the mirror, 6 s of the table
        width, height, rgb = device._frame()
        lit.append(sum(1 for x in range(width) for y in range(height) if rgb(x, y) != (0, 0, 0)))
    # "round 2" in 5 x 7 glyphs: a whole letter lights more than its first column's 7.
    assert max(lit) > 12
    assert len(set(lit)) > 3  # it moves
    assert "▀" in device.mirror_text()


def test_a_virtual_board_that_cannot_start_is_a_link_error(tmp_path):
    # play catches LinkError and says the game is saved and --no-device plays on; a
    # virtual board that could not start (no MicroPython unix port) was a traceback.
    from boardlight.link.connection import LinkError

    missing = tmp_path / "micropython"
    with pytest.raises(LinkError) as info:
        open_device("virtual", say=lambda _t: None, virtual_options={"micropython": missing})
    assert str(info.value).startswith("the virtual board cannot start: MicroPython unix"
                                      " port not found at %s" % missing)


def test_play_with_nothing_plugged_in_and_no_unix_port_goes_on_without_a_device(tmp_path, monkeypatch):
    # Where the virtual board cannot run (no MicroPython unix port for this platform),
    # play says so in one line and the table runs with no device.
    import boardlight.tui.device as tui_device

    monkeypatch.setattr(tui_device, "_detect", lambda: None)
    notes = []
    missing = tmp_path / "micropython"
    assert open_device(None, say=notes.append, virtual_options={"micropython": missing}) is None
    assert len(notes) == 1 and "\n" not in notes[0]
    assert notes[0].startswith("No boardlight device found, and the virtual board cannot run here"
                               " (MicroPython unix port not found at %s" % missing)
    assert notes[0].endswith("): playing without a device.")
