"""A device that asks for pictures (its info says "pictures": one short of heap) gets every
screen drawn on the host, as raw chunks of its own buffer format: never a screen frame,
which it would refuse. A scrolling text is stepped on the host, one picture a step; after
a restart the last screen comes again, drawn."""

import base64
import time

import pytest

from boardcore.protocol.codec import PROTOCOL_VERSION
from host.link.test_link import FakeDevice, FakeTransport, make, wait_for
from boardlight.canvas import Canvas
from boardlight.firmware import import_module
from boardlight.link.connection import Link
from boardlight.link.frames import FrameError, check
from boardlight.link.pictures import Painter, raw_chunks

# fits_card L3, round 2, on 8 x 8 mono (tests/firmware/test_screens.py works it out): the
# tile "#." over "##" at scale 3, the round's two pips down column 7.
L3_ROUND_2 = """
.......#
###.....
###....#
###.....
######..
######..
######..
........"""

BLANK = bytes(8)  # an 8 x 8 mono frame with nothing lit


def mono(picture):
    """An 8-wide picture as MONO_HLSB bytes (one byte a row, the left pixel the top bit)."""
    return bytes(int(row.replace(".", "0").replace("#", "1"), 2) for row in picture.split())


def pictures(device):
    """The whole frames the device put together from its raw chunks, in order."""
    out, frame = [], None
    for ftype, payload in list(device.applied):
        assert ftype == "raw", "a device that asks for pictures was sent %s" % ftype
        data = base64.b64decode(payload["data"])
        if payload["off"] == 0:
            frame = bytearray(8)
        frame[payload["off"] : payload["off"] + len(data)] = data
        if payload["off"] + len(data) == len(frame):
            out.append(bytes(frame))
    return out


def small_device():
    return FakeDevice(info={"pictures": True})


def test_a_screen_reaches_a_device_that_asks_for_pictures_drawn():
    link, device, _ = make(small_device())
    with link:
        link.wait_connected(3)
        link.show("fits_card", tile="L3", round_no=2)
        wait_for(lambda: pictures(device)[-1:] == [mono(L3_ROUND_2)])
    assert all(ftype == "raw" for ftype, _ in device.applied)


def test_a_session_not_yet_shown_anything_shows_the_connected_tick():
    link, device, _ = make(small_device())
    canvas = Canvas(8, 8)
    import_module("screens").connected(canvas)
    with link:
        link.wait_connected(3)
        wait_for(lambda: pictures(device) == [bytes(canvas.buffer)])
    assert bytes(canvas.buffer) != BLANK


def test_a_screen_shown_before_the_handshake_goes_drawn():
    link, device, _ = make(small_device())
    link.show("fits_card", tile="L3", round_no=2)  # queued: the link does not know the device yet
    with link:
        link.wait_connected(3)
        wait_for(lambda: pictures(device) == [mono(L3_ROUND_2)])


def test_a_scrolling_text_is_sent_step_by_step_to_its_end():
    link, device, _ = make(small_device())
    # The frames the device would show itself for this text: its Scroller, stepped.
    canvas = Canvas(8, 8)
    scroller = import_module("screens").draw("message", canvas, text="HI")
    expected = []
    more = True
    while more:
        more = scroller.step()
        expected.append(bytes(canvas.buffer))
    assert len(expected) > 8 and expected[-1] == BLANK  # it moves, and leaves the screen
    scroll_ms = 70  # the device's own step (docs/protocol.md): the host steps as often
    with link:
        link.wait_connected(3)
        start = time.monotonic()
        link.show("message", text="HI")
        wait_for(lambda: len(pictures(device)) >= 1 + len(expected), timeout=10)
        took = time.monotonic() - start
        time.sleep(3 * scroll_ms / 1000)
    assert pictures(device)[1:] == expected  # every step once, in order; none after the last
    # Never faster than the device's own steps (a slow device makes it slower, not faster).
    assert took >= (len(expected) - 1) * scroll_ms / 1000 * 0.95


def test_a_new_screen_stops_the_text_scrolling():
    link, device, _ = make(small_device())
    with link:
        link.wait_connected(3)
        link.show("message", text="A LONG TEXT THAT SCROLLS", loop=True)
        wait_for(lambda: len(pictures(device)) >= 4)
        link.show("fits_card", tile="L3", round_no=2)
        wait_for(lambda: pictures(device)[-1] == mono(L3_ROUND_2))
        n = len(pictures(device))
        time.sleep(0.5)
        assert len(pictures(device)) == n  # no step of the text came after the card


def test_the_last_screen_comes_again_drawn_after_a_restart():
    link, device, _ = make(small_device())
    with link:
        link.wait_connected(3)
        link.show("fits_card", tile="L3", round_no=2)
        wait_for(lambda: pictures(device)[-1:] == [mono(L3_ROUND_2)])
        device.restart()
        wait_for(lambda: link.handshakes == 2)
        wait_for(lambda: pictures(device) == [mono(L3_ROUND_2)])


def test_a_value_the_screen_refuses_sends_nothing():
    link, device, _ = make(small_device())
    with link:
        link.wait_connected(3)
        wait_for(lambda: len(pictures(device)) == 1)  # the connected tick
        with pytest.raises(ValueError, match="Q9"):
            link.show("fits_card", tile="Q9")
        time.sleep(0.2)
        assert len(pictures(device)) == 1


def test_raw_chunks_refuse_a_frame_of_the_wrong_size():
    info = {"display": {"kind": "virtual", "w": 16, "h": 16}, "colour": True}
    assert [c["off"] for c in raw_chunks(info, bytes(512))] == [0, 192, 384]
    with pytest.raises(ValueError, match="a 16x16 rgb565 frame is 512 bytes, not 32"):
        raw_chunks(info, bytes(32))


def test_a_device_saying_pictures_with_a_non_boolean_is_refused():
    info = {"v": PROTOCOL_VERSION, "fw": "t", "board": "fake", "display": {"kind": "virtual", "w": 8, "h": 8},
            "colour": False, "buttons": ["next"], "scanner": False, "sid": "s", "boot": "b", "pictures": "yes"}
    with pytest.raises(FrameError, match="pictures"):
        check("info", info)
    info["pictures"] = True
    assert check("info", info)["pictures"] is True


class StallingDevice(FakeDevice):
    """A device that takes only `takes` more data frames (None: every one), then no more
    (no ack): the frame after them stays in flight."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.takes = None

    def receive(self, data):
        if self.takes is not None and not data.startswith(b"#0 "):
            if self.takes == 0:
                return
            self.takes -= 1
        super().receive(data)


class CountingTransport(FakeTransport):
    def __init__(self, device):
        super().__init__(device)
        self.reads = 0

    def read(self, timeout):
        self.reads += 1
        return super().read(timeout)


COLOUR_16 = {"pictures": True, "display": {"kind": "virtual", "w": 16, "h": 16}, "colour": True}


def drawn(kind, w=16, h=16, colour=True, **payload):
    canvas = Canvas(w, h, colour)
    import_module("screens").draw(kind, canvas, **payload)
    return bytes(canvas.buffer)


def test_a_screen_queued_before_the_handshake_that_cannot_be_drawn_leaves_the_link_working():
    link, device, _ = make(small_device())
    link.show("fits_card", tile="Q9")  # passes the table; only the draw function refuses Q9
    with link:
        link.wait_connected(3)
        wait_for(lambda: len(pictures(device)) == 1)  # the connected tick instead
        assert [e["code"] for e in link.errors] == ["draw"] and "Q9" in link.errors[0]["msg"]
        link.show("fits_card", tile="L3", round_no=2)  # and the link goes on
        wait_for(lambda: pictures(device)[-1:] == [mono(L3_ROUND_2)])


def test_a_refused_value_leaves_the_text_scrolling():
    link, device, _ = make(small_device())
    with link:
        link.wait_connected(3)
        link.show("message", text="A LONG TEXT THAT SCROLLS", loop=True)
        wait_for(lambda: len(pictures(device)) >= 4)
        with pytest.raises(ValueError, match="Q9"):
            link.show("fits_card", tile="Q9")
        n = len(pictures(device))
        wait_for(lambda: len(pictures(device)) >= n + 3)  # its next steps keep coming


def test_the_link_waits_while_the_device_has_not_taken_a_step():
    # A device that takes no frame: the next step waits for it, and the link thread
    # sleeps between reads (a read that does not wait would spin the processor).
    device = StallingDevice(info={"pictures": True})
    transport = CountingTransport(device)
    link = Link("fake", transport=transport, resend_ms=50)
    with link:
        link.wait_connected(3)
        wait_for(lambda: len(pictures(device)) == 1)
        device.takes = 0
        link.show("message", text="A LONG TEXT THAT SCROLLS", loop=True)
        reads = transport.reads
        time.sleep(1.0)
        reads = transport.reads - reads
    assert reads <= 100  # 20 ms reads: about 50 in a second


@pytest.mark.parametrize("how", ["screen", "raw"])
def test_a_picture_cut_short_by_a_restart_is_sent_again_whole(how):
    device = StallingDevice(info=dict(COLOUR_16))
    link, device, _ = make(device)
    with link:
        link.wait_connected(3)
        wait_for(lambda: len(device.applied) == 3)  # the tick: 3 chunks of 192, 192, 128 bytes
        device.takes = 1  # the picture's chunk at 0; the one at 192 stays in flight
        if how == "screen":
            link.show("fits_card", tile="L3", round_no=2)
        else:
            link.show_raw(drawn("fits_card", tile="L3", round_no=2))
        time.sleep(0.3)
        assert [p["off"] for _, p in device.applied[3:]] == [0]
        device.takes = None
        device.restart()
        wait_for(lambda: link.handshakes == 2)
        wait_for(lambda: len(device.applied) >= 3)
        time.sleep(0.2)
    # From its chunk at offset 0, once: the restarted device puts the whole picture together.
    assert [p["off"] for _, p in device.applied] == [0, 192, 384]
    frame = b"".join(base64.b64decode(p["data"]) for _, p in device.applied)
    assert frame == drawn("fits_card", tile="L3", round_no=2)


def test_a_device_that_draws_after_one_that_asked_for_pictures_gets_no_picture_of_the_old_size():
    small = StallingDevice(info={"pictures": True})
    link, _, _ = make(small)
    with link:
        link.wait_connected(3)
        wait_for(lambda: len(pictures(small)) == 1)
        small.takes = 0
        link.show("fits_card", tile="L3", round_no=2)  # an 8 x 8 picture, still on its way
        time.sleep(0.2)
        other = FakeDevice(info={"display": {"kind": "virtual", "w": 16, "h": 8}})
        link.transport.device = other  # another board on the port, which draws
        other.restart()
        wait_for(lambda: link.handshakes == 2)
        wait_for(lambda: len(other.applied) >= 1)
        link.show("forbes_stone", stone="C")
        wait_for(lambda: other.applied[-1:] == [("forbes_stone", {"stone": "C"})])
    # The last screen as a screen frame, never a raw chunk drawn for the 8 x 8.
    assert [t for t, _ in other.applied] == ["fits_card", "forbes_stone"]


def test_the_painter_steps_at_the_firmwares_own_pace():
    painter = Painter({"display": {"kind": "virtual", "w": 8, "h": 8}, "colour": False})
    assert painter.scroll_ms == 70
