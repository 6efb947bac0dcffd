"""A device short of heap asks its host for pictures and shows what it would have drawn:
the virtual board (.mpy) at 80 KB says "pictures" in its info, at 96 KB it does not; for
every screen kind the 80 KB board, sent the screen drawn on the host, shows frame for frame
what the 96 KB board draws itself, a scrolling text step after step. So does a 64 KB board
with its firmware in a ROMFS partition (the size the .mpy files on a flash cannot reach)."""

import time

import pytest

from boardlight.canvas import Canvas
from boardlight.firmware import import_module
from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard
from e2e.test_mirror_matches_device import SCREENS, _settle

STEPS = 6  # frames compared after the first, for a text that moves


@pytest.fixture(scope="module", params=[("80k", "mpy"), ("64k", "rom")], ids=["80k-mpy", "64k-rom"])
def boards(request):
    heap, install = request.param
    with VirtualBoard(record=True, heap="96k") as drawing, VirtualBoard(record=True, heap=heap, install=install) as small:
        drawing.wait_firmware(15)
        small.wait_firmware(15)
        with Link(drawing.port) as a, Link(small.port) as b:
            a.wait_connected(10)
            b.wait_connected(10)
            yield (drawing, a), (small, b)


def _pixels(frame):
    return [[frame.rgb(x, y) for x in range(frame.width)] for y in range(frame.height)]


def test_only_the_small_device_asks_for_pictures(boards):
    (_, drawing), (_, small) = boards
    assert "pictures" not in drawing.info
    assert small.info["pictures"] is True


@pytest.mark.parametrize("kind, payload", SCREENS)
def test_the_small_device_shows_what_the_device_draws_itself(boards, kind, payload):
    runs = []
    for board, link in boards:
        _settle(board, link)
        first = len(board.shown)
        link.show(kind, **payload)
        link.wait_idle()
        board.wait_frame(lambda f: len(board.shown) > first)
        runs.append((board, first))
    # Whether the text moves on this display: the firmware's screen, drawn on the host.
    scroller = import_module("screens").draw(kind, Canvas(16, 16, True), **payload)
    steps = STEPS if scroller is not None and scroller.moving else 0
    for board, first in runs:
        board.wait_frame(lambda f: len(board.shown) > first + steps, timeout=5)
    (a, fa), (b, fb) = runs
    for step in range(steps + 1):
        assert _pixels(b.shown[fb + step]) == _pixels(a.shown[fa + step]), (kind, step)


def test_the_small_device_takes_pictures_only(boards):
    # It has no screens loaded with a host: a screen frame sent as it is gets err type,
    # and the display keeps its picture.
    (_, _), (small, link) = boards
    _settle(small, link)
    seen = small.frames_seen
    errors = len(link.errors)
    link.send("fits_card", {"tile": "L3"})
    link.wait_idle()
    deadline = time.monotonic() + 3
    while len(link.errors) == errors and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [e["code"] for e in link.errors[errors:]] == ["type"]
    assert "fits_card" in link.errors[-1]["msg"]
    assert small.frames_seen == seen
