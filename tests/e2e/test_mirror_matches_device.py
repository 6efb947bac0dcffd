"""The host's mirror of a real device draws what the device draws, for every screen kind:
the table UI's DeviceBridge, sending to the virtual board (the real firmware on the
MicroPython unix port, .mpy in 96 KB), draws the same call on a host canvas, and the two
frames match pixel for pixel; for a moving text, step after step."""

import time

import pytest

from boardcore.protocol.screens import KINDS
from boardlight.link.connection import Link
from boardlight.tui.device import DeviceBridge
from boardlight.vboard.board import VirtualBoard

# One payload per kind, every key given, or two where a kind draws still and moving.
SCREENS = [
    ("fits_card", {"tile": "L3", "start": True, "round_no": 2, "player": 3, "board_no": 4}),
    ("fits_card", {"tile": "T4", "round_no": 1, "player": 2}),
    ("zatre_tiles", {"tiles": [1, 5], "hint": [12, 2, 4, 7]}),
    ("zatre_tiles", {"tiles": [3, 6, 2]}),
    ("forbes_hand", {"cards": "SCTX"}),
    ("forbes_stone", {"stone": "C"}),
    ("fits_hint", {"tile": "L4", "orientation": 2, "column": 3}),
    ("fits_hint", {"tile": "N"}),
    ("zatre_hint", {"tiles": [5, 3], "rows": [7, 7], "cols": [7, 8]}),
    ("forbes_hint", {"stone": "T", "row": 1, "col": 2, "board": "S...C.......X..."}),
    ("message", {"text": "HI", "colour": [0, 0, 255]}),
    ("message", {"text": "P1 WINS", "loop": True}),
    ("scores", {"scores": [12, 7], "names": ["ANA", "BO"], "loop": False}),
    ("clear", {}),
]

STEPS = 6  # frames compared after the first, for a text that moves


@pytest.fixture(scope="module")
def device():
    with VirtualBoard(record=True) as board:
        board.wait_firmware(15)
        with Link(board.port) as link:
            link.wait_connected(10)
            yield board, link


def _pixels(width, height, rgb):
    return [[rgb(x, y) for x in range(width)] for y in range(height)]


def _settle(board, link):
    # A blank, still display: no text left moving whose next step could come first.
    link.show("clear")
    link.wait_idle()
    seen = -1
    while board.frames_seen != seen:
        seen = board.frames_seen
        time.sleep(0.3)


def test_every_kind_is_compared():
    assert sorted({kind for kind, _ in SCREENS}) == sorted(KINDS)


@pytest.mark.parametrize("kind, payload", SCREENS)
def test_the_mirror_draws_what_the_device_draws(device, kind, payload):
    board, link = device
    _settle(board, link)
    first = len(board.shown)
    mirror = DeviceBridge(link)  # no VirtualBoard given: drawn on the host, as for a real device
    mirror.show((kind, payload))
    link.wait_idle()
    board.wait_frame(lambda f: len(board.shown) > first)
    width, height, rgb = mirror._frame()
    assert (width, height) == (16, 16)
    shown = board.shown[first]
    assert _pixels(16, 16, shown.rgb) == _pixels(16, 16, rgb), kind
    scroller = mirror._scroller
    if scroller is None or not scroller.moving:
        return
    for step in range(1, STEPS + 1):
        board.wait_frame(lambda f: len(board.shown) > first + step)
        scroller.step()
        assert _pixels(16, 16, board.shown[first + step].rgb) == _pixels(16, 16, rgb), (kind, step)
