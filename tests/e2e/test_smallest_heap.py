"""No lock-up at any heap the firmware boots in: on the virtual board (.mpy files, as
deployed, and in a ROMFS partition) at the smallest heap where the firmware boots, a
standalone Forbes game and then a host connecting leave the device answering: every press
changes the matrix (a deal, or the error screen "MEM" when the dealer has no room), every
hello gets an answer (its info, or err memory when a session has no room), the buttons keep
working after the host gave up, and nothing prints a traceback. With room for both (96 KB,
or 64 KB with the firmware in a ROMFS partition), the same sequence ends in a working
session: frames drawn, presses sent to the host."""

import time

import pytest

from conftest import FIGURES
from boardlight.link.connection import Link, LinkError
from boardlight.vboard.board import VirtualBoard, VirtualBoardError

# Into Forbes from the waiting animation: the first press starts the dealer (FITS), two
# menus step to Zatre and Forbes; stones, a peek at player 1's hand, more stones.
FORBES = ["next", "menu", "menu"] + ["next"] * 5 + ["p1"] + ["next"] * 3


def boots(kb, install="mpy"):
    with VirtualBoard(install=install, heap="%dk" % kb) as board:
        try:
            board.wait_firmware(10)
            board.wait_frame(timeout=3)
        except VirtualBoardError:
            return False
        time.sleep(0.3)
        return b"Traceback" not in bytes(board.bridge.output_log)


def smallest_boot_heap(install="mpy"):
    lo, hi = 24, 96  # KB: lo does not boot, hi does
    assert boots(hi, install)
    while hi - lo > 2:
        mid = (lo + hi) // 2
        mid -= mid % 2
        if boots(mid, install):
            hi = mid
        else:
            lo = mid
    return hi


def press_all(board, buttons):
    """Every press must show a new frame within 3 s; the number that did."""
    answered = 0
    for button in buttons:
        seen = board.frames_seen
        board.press(button)
        try:
            board.wait_frame(newer_than=seen, timeout=3)
            answered += 1
        except VirtualBoardError:
            pass
    return answered


def standalone_then_host(kb, install="mpy"):
    with VirtualBoard(install=install, heap="%dk" % kb) as board:
        board.bridge.log_size = 1 << 16
        board.wait_firmware(15)
        board.wait_frame(timeout=3)
        dealt = press_all(board, FORBES)
        with Link(board.port) as link:
            try:
                link.wait_connected(8)
                connected = True
            except LinkError:
                connected = False
            events = []
            if connected:
                link.show("forbes_stone", stone="C")
                link.show("fits_card", tile="W")
                link.wait_idle(5)
                board.press("next")
                events = [link.next_event(3), link.next_event(3)]
            answers = sum(1 for e in link.errors if e.get("code") == "memory")
        after = press_all(board, ["next", "next"])  # the buttons still work
        out = bytes(board.bridge.output_log)
    return dealt, connected, events, answers, after, out


@pytest.mark.parametrize("install", ["mpy", "rom"])
def test_standalone_then_host_at_the_smallest_heap_the_firmware_boots_in(install):
    kb = smallest_boot_heap(install)
    dealt, connected, events, answers, after, out = standalone_then_host(kb, install)
    assert dealt == len(FORBES), "%d of %d presses showed a frame at %d KB" % (dealt, len(FORBES), kb)
    # The device answered the host: a session, or a memory error for each hello it had
    # no room for (the host sends one every 300 ms for 8 s).
    assert connected or answers >= 10, (kb, answers)
    if connected:
        assert events == [("button", "next", "down"), ("button", "next", "short")]
    assert after == 2 or connected
    assert b"Traceback" not in out
    FIGURES["smallest heap the firmware boots in (%s, unix port)" % {"mpy": ".mpy", "rom": "ROMFS"}[install]] = (
        "%d KB: standalone Forbes then a host: %s" % (
            kb, "a session" if connected else "no room for a session, every hello answered with err memory, buttons alive"))


@pytest.mark.parametrize("kb, install", [(96, "mpy"), (64, "rom")], ids=["96k-mpy", "64k-rom"])
def test_standalone_then_host_with_room_for_both(kb, install):
    dealt, connected, events, answers, after, out = standalone_then_host(kb, install)
    assert dealt == len(FORBES) and connected
    assert events == [("button", "next", "down"), ("button", "next", "short")]
    assert b"Traceback" not in out
