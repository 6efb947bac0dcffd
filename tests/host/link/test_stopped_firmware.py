"""A board whose firmware stopped (it crashed, or a Ctrl-C interrupted it) answers the host's
hellos with its REPL prompt. The host soft-resets it (Ctrl-C, Ctrl-D) so main.py runs again,
a few times at most, and then says what is wrong instead of waiting for ever."""

import time

import pytest

from boardlight.link import connection as link_module
from boardlight.link.connection import CONNECTED, HANDSHAKE
from boardlight.vboard.board import VirtualBoard
from host.link.test_link import FakeDevice, make, wait_for


class StoppedFirmware(FakeDevice):
    """At the REPL until the `reboots_needed`-th Ctrl-D; then the firmware answers."""

    def __init__(self, reboots_needed):
        super().__init__()
        self.reboots_needed = reboots_needed
        self.ctrl_d = 0

    def receive(self, data):
        if self.ctrl_d >= self.reboots_needed:
            return super().receive(data)
        if b"\x04" in data:
            self.ctrl_d += 1
            self.to_host.put(b"MPY: soft reboot\r\n")
            return
        for line in data.split(b"\n"):
            if line.strip():  # the REPL echoes a typed line and fails to parse it
                self.to_host.put(b">>> " + line.strip() + b"\r\nSyntaxError: invalid syntax\r\n")


@pytest.fixture
def quick_revive(monkeypatch):
    monkeypatch.setattr(link_module, "REVIVE_MS", 50)


def test_a_stopped_firmware_is_soft_reset_and_the_link_connects(quick_revive):
    device = StoppedFirmware(reboots_needed=1)
    link, device, states = make(device, hello_ms=20)
    with link:
        info = link.wait_connected(3)
    assert device.ctrl_d == 1 and info["board"] == "fake"
    assert states[:2] == [HANDSHAKE, CONNECTED] and link.problem is None


def test_a_firmware_that_never_comes_back_is_named_after_three_resets(quick_revive):
    device = StoppedFirmware(reboots_needed=99)
    said = []
    link, device, states = make(device, hello_ms=20)
    link.on_status = lambda state, detail: said.append((state, detail))
    with link:
        wait_for(lambda: link.problem is not None)
        time.sleep(0.3)  # more REPL answers: no more resets, and nothing said twice
        assert link.state == HANDSHAKE  # still asking, in case someone resets the board
    assert device.ctrl_d == link_module.REVIVE_TRIES == 3
    problems = [d for s, d in said if "firmware is not running" in d]
    assert problems == ["the device's firmware is not running (its REPL answers): reset the"
                        " board, or `boardlight deploy` it again"]


@pytest.mark.timeout(60)
def test_the_virtual_boards_firmware_interrupted_comes_back():
    with VirtualBoard() as board, link_module.Link(board.port) as link:
        link.wait_connected(15)
        link._write(b"\x03")  # Ctrl-C: the firmware stops; the board sits at its REPL
        end = time.monotonic() + 30
        while link.handshakes < 2:
            assert time.monotonic() < end, "never reconnected: %r" % link.console[-5:]
            time.sleep(0.05)
        # The restarted firmware shows what the host sends: the X card, whose five cells
        # (scaled up on the 16 x 16 matrix) light at least five pixels.
        seen = board.frames_seen
        link.show("fits_card", tile="X")
        frame = board.wait_frame(newer_than=seen, timeout=10)
        assert sum(1 for y in range(16) for x in range(16) if frame.rgb(x, y) != (0, 0, 0)) >= 5
