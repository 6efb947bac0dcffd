"""A host that goes away, then comes back, on the virtual board: the first press after the
device lost the host shows "HOST LOST" (it was meant for the host), the next one deals on
its own, and the host that comes back reads what the device did (Link.away) once."""

import sys
import time

from conftest import ROOT
from boardlight.canvas import Canvas
from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard

sys.path.insert(0, str(ROOT / "firmware"))
import screens  # noqa: E402
from boardcore.glyphs import RED, WHITE  # noqa: E402


def scroll_steps(text, colour, loop, count=60):
    # The frames of a scrolling text, as the device draws them, step by step.
    canvas = Canvas(16, 16, True)
    scroller = screens.message(canvas, text, colour, loop)
    out = []
    for _ in range(count):
        scroller.step()
        out.append(canvas.rows())
    return out


def lit_in(colour):
    # A frame with a pixel of this colour: the message scrolls on, so which of its steps
    # is the first one seen depends on how busy the machine is.
    return lambda frame: any(frame.rgb(x, y) == colour for y in range(frame.height) for x in range(frame.width))


def rows(frame):
    out = []
    letters = {(0, 0, 0): ".", (255, 0, 0): "R", (255, 255, 255): "W", (0, 255, 0): "G", (0, 0, 255): "B", (255, 255, 0): "Y"}
    for y in range(frame.height):
        out.append("".join(letters.get(frame.rgb(x, y), "?") for x in range(frame.width)))
    return out


def test_the_first_press_without_the_host_says_so_the_next_deals_and_the_host_is_told():
    with VirtualBoard(install="mpy", heap="96k") as board:
        board.wait_firmware(15)
        with Link(board.port) as link:
            info = link.wait_connected(10)
            assert "away" not in info and link.away is None and link.faults == []
            link.show("fits_card", tile="L3", round_no=1)
            link.wait_idle()
        # The link is closed: no ping for 3.5 s and the device waits for a host again.
        time.sleep(4.0)
        seen = board.frames_seen
        board.press("next")
        lost = board.wait_frame(lit_in((255, 0, 0)), newer_than=seen, timeout=3)
        assert rows(lost) in scroll_steps("HOST LOST", RED, True)
        seen = board.frames_seen
        board.press("next")
        title = board.wait_frame(lit_in((255, 255, 255)), newer_than=seen, timeout=3)
        assert rows(title) in scroll_steps("FITS 2P", WHITE, False)
        time.sleep(1.5)  # the title scrolls by
        seen = board.frames_seen
        board.press("next")
        board.wait_frame(newer_than=seen, timeout=3)  # the first start card
        with Link(board.port) as link:
            link.wait_connected(10)
            away = link.away
            time.sleep(1.5)  # the host's first ping: the device knows the host has it
        assert away["presses"] == 3
        [(game, players, seed, shown)] = away["games"]
        assert (game, players, shown) == ("fits", 2, 1) and isinstance(seed, int)
        with Link(board.port) as link:
            link.wait_connected(10)
            assert link.away is None  # told once
