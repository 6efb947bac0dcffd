"""A board with its firmware in a ROMFS partition runs in 64 KB of heap: the bytecode runs
in place in the partition (on the virtual board, an image mapped read-only outside the
heap), so the heap holds only what the firmware makes. At 64 KB, the standalone dealer
deals FITS, Zatre and a whole Forbes game with hand peeks, and a host session takes every
kind of frame; neither runs out of memory. (With the modules as .mpy files on the flash,
both need more than 64 KB: bench/firmware_heap.py prints both figures.)"""

import time

from conftest import FIGURES
from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard

HEAP = "64k"
# From the waiting animation: FITS (six cards, a peek, two more); Zatre (six draws);
# Forbes to its end: four rounds of four stones and a peek, then the scores.
DEALS = (["next"] * 6 + ["p1"] + ["next"] * 2, ["menu"] + ["next"] * 6,
         ["menu"] + (["next"] * 4 + ["p1"]) * 4 + ["next"] * 4)


def clean(board):
    out = bytes(board.bridge.output_log)
    assert b"Traceback" not in out and b"out of memory" not in out, out[-600:]


def test_the_standalone_dealer_deals_every_game_in_64_kb():
    with VirtualBoard(install="rom", heap=HEAP) as board:
        board.bridge.log_size = 1 << 16
        board.wait_firmware(15)
        for game in DEALS:
            for button in game:
                seen = board.frames_seen
                board.press(button)
                board.wait_frame(newer_than=seen, timeout=3)
        assert not board.side_errors
        clean(board)


def test_a_host_session_takes_every_kind_of_frame_in_64_kb():
    with VirtualBoard(install="rom", heap=HEAP) as board:
        board.bridge.log_size = 1 << 16
        board.wait_firmware(15)
        with Link(board.port) as link:
            link.wait_connected(8)
            assert link.info["pictures"] is True  # below config.PICTURES_BELOW, as with .mpy files
            link.show("fits_card", tile="W", start=True, round_no=4, player=4)
            link.show("zatre_tiles", tiles=[6, 6, 6], hint=(12, 3, 4, 9))
            link.show("forbes_hand", cards="SCTX")
            link.show("forbes_stone", stone="C")
            link.show("message", text="HEAP CHECK", colour=(255, 255, 0))
            link.show("scores", scores=[12, 7, 30, 5], names=["ANA", "BO", "CY", "DI"])
            link.wait_idle(5)
            link.show_raw(bytes(16 * 16 * 2))
            link.brightness(4)
            link.wait_idle(5)
            status = link.query_status(3)
            assert not link.errors, link.errors
        assert status["mode"] == "host" and status["restarts"] == 0
        assert status["stats"]["errors_out"] == 0 and status["stats"]["errors_in"] == 0
        frame = board.wait_frame(timeout=3)
        assert not any(frame.rgb(x, y) != (0, 0, 0) for x in range(frame.width) for y in range(frame.height))
        clean(board)
        FIGURES["hosted session at 64 KB, firmware in ROMFS: live heap at its peak"] = "%d bytes" % status["heap_peak"]


def test_the_reset_button_boots_a_rom_board_again_in_64_kb():
    with VirtualBoard(install="rom", heap=HEAP) as board:
        board.wait_firmware(15)
        starts = board.starts
        board.reset()
        deadline = time.monotonic() + 15
        while board.starts == starts and time.monotonic() < deadline:
            time.sleep(0.05)
        assert board.starts == starts + 1
        board.wait_firmware(15)
        with Link(board.port) as link:
            assert link.wait_connected(8)["board"] == "virtual"
        clean(board)
