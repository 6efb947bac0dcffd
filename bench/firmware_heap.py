"""The smallest MicroPython heap the firmware runs in, as deployed (.mpy files).

For each heap size tried (a bisection in 2 KB steps between 40 KB and 96 KB), the
virtual board boots, a host shakes hands and sends every kind of frame (FITS card,
Zatre tiles and hint, Forbes hand and stone, scrolling text, scores, a raw frame,
brightness); the size passes when all are applied with no error frame and no
traceback. Also prints the firmware's own figure: the most heap alive after a frame.
"""

import sys

from boardlight.link import Link, LinkError
from boardlight.virtual_board import VirtualBoard, VirtualBoardError


def session(heap_kb):
    """(ok, status) of one host session on a board with this heap."""
    with VirtualBoard(install="mpy", heap="%dk" % heap_kb) as board:
        try:
            board.wait_firmware(15)
            with Link(board.port) as link:
                link.wait_connected(5)
                link.show_fits("W", start=True, round_no=4, player=4)
                link.show_zatre([6, 6, 6], (12, 3, 4, 9))
                link.show_forbes_hand("SCTX")
                link.show_stone("C")
                link.show_text("HEAP CHECK", colour=(255, 255, 0))
                link.show_scores([12, 7, 30, 5], ["ANA", "BO", "CY", "DI"])
                link.wait_idle(5)
                link.show_raw(bytes(16 * 16 * 2))
                link.brightness(4)
                link.wait_idle(5)
                status = link.query_status(3)
                ok = not link.errors and b"Traceback" not in bytes(board.bridge.output_log)
                return ok, status
        except (LinkError, VirtualBoardError):
            return False, None


def main():
    lo, hi = 40, 96  # KB: lo is assumed to fail, hi must pass
    ok, status = session(hi)
    if not ok:
        print("the firmware does not run its host session in %d KB" % hi)
        return 1
    best = status
    while hi - lo > 2:
        mid = (lo + hi) // 2
        mid -= mid % 2
        ok, st = session(mid)
        print("  %d KB: %s" % (mid, "runs" if ok else "fails"))
        if ok:
            hi, best = mid, st
        else:
            lo = mid
    print("smallest heap for a host session (.mpy): %d KB" % hi)
    print("most heap alive after a frame at that size: %d bytes" % best["heap_peak"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
