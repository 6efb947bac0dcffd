"""The firmware runs from .mpy files compiled by mpy-cross, in a 96 KB heap, through
every screen: standalone dealing, then every frame type from a host. Reports the heap."""

import time

import pytest

from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard

from conftest import FIGURES


@pytest.fixture(scope="module")
def board():
    with VirtualBoard(install="mpy", heap="96k") as b:
        b.wait_firmware(15)
        yield b


def test_the_flash_holds_compiled_modules_only(board):
    sources = sorted(p.relative_to(board.flash).as_posix() for p in board.flash.rglob("*.py"))
    assert sources == ["main.py"]  # main.py only imports app.mpy
    assert (board.flash / "lib" / "boardcore" / "protocol" / "codec.mpy").exists()


# Presses per game: FITS deals cards (p1 shows player 1's start card again); Zatre draws
# tiles; Forbes draws all 16 stones, player 1 peeking at their cards every fifth press,
# to the end of the game and into the next deal.
PRESSES = {
    "fits": ["next"] * 6 + ["p1"] + ["next"] * 2,
    "zatre": ["next"] * 6,
    "forbes": (["next"] * 4 + ["p1"]) * 4 + ["next"] * 4,
}


@pytest.mark.parametrize("game", ["fits", "zatre", "forbes"])
def test_standalone_deals_in_every_game(board, game):
    # No host: the first press starts the standalone dealer; a short "menu" moves on to
    # the next game (FITS -> Zatre -> Forbes) and deals it. Every press must show a new
    # frame, with no error on the side channel and no "out of memory" on the console.
    if game != "fits":
        seen = board.frames_seen
        board.press("menu")
        board.wait_frame(newer_than=seen)
    for button in PRESSES[game]:
        seen = board.frames_seen
        board.press(button)
        board.wait_frame(newer_than=seen)
    assert board.side_errors == []
    out = bytes(board.bridge.output_log)
    assert b"Traceback" not in out and b"out of memory" not in out


# A longer session than the one above, with the player buttons: FITS, Zatre, three Forbes
# games in a row (peeking at both hands, each game to its END and into the next deal),
# then FITS again.
LONG_SESSION = (
    ["next"] * 20 + ["p1", "p2"] + ["next"] * 4
    + ["menu"] + ["next"] * 12
    + ["menu"] + ((["next"] * 4 + ["p1", "p2"]) * 4 + ["next", "next"]) * 3
    + ["next"] * 8
    + ["menu"] + ["next"] * 6
)


def wait_quiet(board, quiet=0.5, timeout=20):
    """Wait until no frame has come for `quiet` seconds (scrolling text has ended)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        seen = board.frames_seen
        time.sleep(quiet)
        if board.frames_seen == seen:
            return
    raise AssertionError("the display never settled")


def play_session(board, presses):
    """Press each button in turn, each press waiting for a new frame (a scrolling text's
    next step may be it: presses can run ahead of the dealer). Then, once the display has
    settled, a long "next" (FITS: deal again) and a "next" whose frame, a still card,
    shows the firmware has handled every press before it. Returns the console output."""
    for button in presses:
        seen = board.frames_seen
        board.press(button)
        board.wait_frame(newer_than=seen)
    board.press("next", long=True)
    wait_quiet(board)
    seen = board.frames_seen
    board.press("next")
    card = board.wait_frame(newer_than=seen)
    assert any(card.lit(x, y) for x in range(16) for y in range(16))
    return bytes(board.bridge.output_log)


def test_a_long_standalone_session_has_headroom_at_84k():
    # The dealer keeps 12 KB of the 96 KB spare: the whole session runs in 84 KB. (The
    # Forbes dealer once loaded the rules engine, whose names also grew the interned-string
    # table by a 7 KB block at the first peek: Forbes then needed 92 KB and failed here.)
    with VirtualBoard(install="mpy", heap="84k") as board:
        board.wait_firmware(15)
        out = play_session(board, LONG_SESSION)
        assert board.side_errors == []
    assert b"Traceback" not in out and b"out of memory" not in out, out[-2000:]


# The long session again, with main.py instrumented (a source file on the flash, so the
# firmware's own .mpy files are as deployed): after every event the live heap per game,
# and the interned-name table (qstrs) after the first deal and at the end.
# MicroPython keeps interned names in blocks that double in size and are never freed:
# a name first seen in the middle of a game can take a whole new block, 7 KB on this
# 64-bit port. The first Forbes peek did (it loaded forbes_view, the names of its rules
# engine had filled the block), and that was most of the 8 KB the peek seemed to leak.
# The first deal loads the dealer and its screens, as boot loads the app: the block their
# names take comes while the heap is fresh (boot itself holds no screens: a device short
# of heap draws none with a host).
INSTRUMENTED_MAIN = """
import gc
import micropython

import app

peaks = {}
booted = []


def headroom(limit=400):
    # Intern fresh names until one takes a new block (kilobytes at once): the names the
    # table's last block has left.
    for i in range(limit):
        gc.collect()
        before = gc.mem_alloc()
        hasattr(peaks, "fresh_name_%d" % i)
        gc.collect()
        if gc.mem_alloc() - before > 2048:
            return i
    return limit


def emit(self, event, emit=app.App.emit):
    if event == ("scan", "report"):
        micropython.qstr_info()
        print("PEAKS", " ".join("%s=%d" % kv for kv in sorted(peaks.items())))
        print("HEADROOM", headroom())
        return
    emit(self, event)
    if self.standalone is not None:
        if not booted:
            booted.append(1)
            micropython.qstr_info()  # the first deal: the dealer's modules are in
        gc.collect()
        mode = self.standalone.mode
        peaks[mode] = max(peaks.get(mode, 0), gc.mem_alloc())


app.App.emit = emit
app.main()
"""


def test_dealing_adds_no_block_of_interned_names_after_the_first_deal():
    board = VirtualBoard(install="mpy", heap="96k")
    (board.flash / "main.py").write_text(INSTRUMENTED_MAIN)
    with board:
        board.bridge.log_size = 1 << 16
        board.wait_firmware(15)
        play_session(board, LONG_SESSION)
        board.scan("report")
        end = time.monotonic() + 20
        while b"HEADROOM" not in board.bridge.output_log and time.monotonic() < end:
            time.sleep(0.05)
        out = bytes(board.bridge.output_log).decode(errors="replace")
    tables = [line.strip() for line in out.splitlines() if line.startswith("qstr pool:")]
    peaks = [line for line in out.splitlines() if line.startswith("PEAKS ")]
    headroom = [int(line.split()[1]) for line in out.splitlines() if line.startswith("HEADROOM ")]
    assert len(tables) == 2 and peaks and headroom, out[-2000:]
    FIGURES["standalone dealer live heap, long session (.mpy, 96k)"] = "%s; interned names: %s; %d more fit before the next block" % (
        peaks[0][6:],
        tables[1][len("qstr pool: ") :],
        headroom[0],
    )
    n_pool = [t.split(",")[0] for t in tables]
    assert n_pool[0] == n_pool[1], "dealing grew the interned-name table by a block: %s" % tables
    assert headroom[0] >= 24, "only %d more interned names fit before the next block" % headroom[0]


def test_every_host_frame_in_96k():
    with VirtualBoard(install="mpy", heap="96k") as board, Link(board.port) as link:
        link.wait_connected(10)
        link.show("fits_card", tile="W", start=True, round_no=4, player=4)
        link.show("zatre_tiles", tiles=[6, 6, 6], hint=(0, 0, 0, 0))
        link.show("forbes_hand", cards="SCTX")
        link.show("forbes_stone", stone="C")
        link.show("message", text="SCORES AND SHORT MESSAGES SCROLL", colour=(255, 255, 0))
        link.show("scores", scores=[12, 7, 30, 5], names=["ANA", "BO", "CY", "DI"])
        link.wait_idle()
        # A raw frame: red on the diagonal. RGB565 red is 0xF800, stored little-endian.
        data = bytearray(16 * 16 * 2)
        for i in range(16):
            data[(i * 16 + i) * 2 + 1] = 0xF8
        seen = board.frames_seen
        link.show_raw(bytes(data))
        link.wait_idle()
        frame = board.wait_frame(lambda f: f.rgb(0, 0) == (255, 0, 0) and not f.lit(1, 0), newer_than=seen)
        for y in range(16):
            for x in range(16):
                assert frame.rgb(x, y) == ((255, 0, 0) if x == y else (0, 0, 0)), (x, y)
        status = link.query_status()
        assert not link.errors, link.errors
        assert b"Traceback" not in bytes(board.bridge.output_log)
    assert status["heap_peak"] < 96 * 1024
    FIGURES["firmware heap (.mpy, -X heapsize=96k)"] = "peak live %d bytes (after each collection: idle ones and queries), %d in use at the end, %d free" % (
        status["heap_peak"],
        status["heap_used"],
        status["heap_free"],
    )
