"""The smallest MicroPython heap the firmware runs in, as deployed: .mpy files on the
flash, and in a ROMFS partition (the bytecode runs in place, out of the heap).

Two sessions, each bisected in 2 KB steps between 24 KB and 96 KB, a size counting only
when TRIES runs in a row pass (when the idle collections fall moves the heap's layout):
- host: the virtual board boots, a host shakes hands and sends every kind of frame
  (FITS card, Zatre tiles and hint, Forbes hand and stone, scrolling text, scores, a
  raw frame, brightness; below 90 KB the device asks for pictures, and the link sends each
  screen drawn, as raw frames); it passes when all are applied with no error frame and no
  traceback. Also prints the firmware's own figure: the most heap alive after a collection.
- standalone: no host; the buttons deal FITS, Zatre and a whole Forbes game with hand
  peeks (tests/firmware/test_heap.py's presses); it passes when every press shows a new
  frame and nothing runs out of memory.
"""

import sys

from boardlight.link.connection import Link, LinkError
from boardlight.vboard.board import VirtualBoard, VirtualBoardError


INSTALL = "mpy"  # how main() installs the firmware for the run it measures


def session(heap_kb):
    """(ok, status) of one host session on a board with this heap."""
    with VirtualBoard(install=INSTALL, heap="%dk" % heap_kb) as board:
        try:
            board.wait_firmware(15)
            with Link(board.port) as link:
                link.wait_connected(5)
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
                ok = not link.errors and b"Traceback" not in bytes(board.bridge.output_log)
                return ok, status
        except (LinkError, VirtualBoardError):
            return False, None


TRIES = 3  # runs at each heap size

PRESSES = (["next"] * 6 + ["p1"] + ["next"] * 2, ["menu"] + ["next"] * 6, ["menu"] + (["next"] * 4 + ["p1"]) * 4 + ["next"] * 4)


def standalone(heap_kb):
    with VirtualBoard(install=INSTALL, heap="%dk" % heap_kb) as board:
        try:
            board.wait_firmware(15)
            for game in PRESSES:
                for button in game:
                    seen = board.frames_seen
                    board.press(button)
                    board.wait_frame(newer_than=seen, timeout=3)
        except VirtualBoardError:
            return False, None
        out = bytes(board.bridge.output_log)
        return not board.side_errors and b"out of memory" not in out and b"Traceback" not in out, None


def trials(trial, heap_kb, tries):
    """(how many of `tries` runs passed, the status of a passing one): the heap's layout
    depends on when the idle collections fall, so a size near the edge can pass one run
    and fail the next; a size counts only when every run passes."""
    passed, status = 0, None
    for _ in range(tries):
        ok, st = trial(heap_kb)
        if ok:
            passed += 1
            status = st
        else:
            break
    return passed, status


def smallest(trial, name, tries=TRIES):
    lo, hi = 24, 96  # KB: lo is assumed to fail, hi must pass
    passed, status = trials(trial, hi, tries)
    if passed < tries:
        print("%s: does not run in %d KB" % (name, hi))
        return None, None
    best = status
    while hi - lo > 2:
        mid = (lo + hi) // 2
        mid -= mid % 2
        passed, st = trials(trial, mid, tries)
        print("  %s, %d KB: %s" % (name, mid, "runs (%d of %d)" % (passed, tries) if passed == tries
                                   else "fails (run %d of %d)" % (passed + 1, tries)))
        if passed == tries:
            hi, best = mid, st
        else:
            lo = mid
    print("smallest heap for the %s session (%s), %d runs in a row: %d KB" % (name, INSTALL, tries, hi))
    return hi, best


def main():
    global INSTALL
    found = []
    for INSTALL in ("mpy", "rom"):
        host_kb, status = smallest(session, "host")
        if status is not None:
            print("most heap alive after a collection at that size: %d bytes" % status["heap_peak"])
        alone_kb, _ = smallest(standalone, "standalone")
        found.append((INSTALL, host_kb, alone_kb))
    print()
    print("%-28s %8s %12s" % ("firmware", "hosted", "standalone"))
    for install, host_kb, alone_kb in found:
        print("%-28s %5s KB %9s KB" % ({"mpy": ".mpy files on the flash", "rom": "in a ROMFS partition"}[install],
                                      host_kb or "-", alone_kb or "-"))
    return 0 if all(h and a for _, h, a in found) else 1


if __name__ == "__main__":
    sys.exit(main())
