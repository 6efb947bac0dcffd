"""Button press to host to new frame on the matrix, over the virtual board.

Each of 500 presses: the virtual board's "next" button goes down and up; the firmware
sends the events over the pty; the host, on the "short" release, sends a new card to
show; the time runs until the new frame leaves the firmware's display (side channel).
Prints the median and p99 and exits 1 if they miss the floors (10 ms, 50 ms).
The firmware runs as deployed: .mpy files, -X heapsize=96k.
"""

import statistics
import sys
import time

from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard

PRESSES = 500
FLOOR_MEDIAN_MS, FLOOR_P99_MS = 10.0, 50.0
TILES = ("I3", "L3", "O4", "T4", "S4", "L4", "F", "L5", "N", "P", "T5", "U", "V5", "W", "X", "Y")


def main():
    with VirtualBoard(install="mpy", heap="96k") as board:
        board.wait_firmware(30)
        with Link(board.port) as link:
            link.wait_connected(15)
            link.show("fits_card", tile="Y")
            link.wait_idle()
            times = []
            for i in range(PRESSES + 10):
                seen = board.frames_seen
                t0 = time.perf_counter()
                board.press("next")
                while True:
                    event = link.next_event(2)
                    if event is None:
                        raise SystemExit("press %d: no event within 2 s" % i)
                    if event == ("button", "next", "short"):
                        break
                link.show("fits_card", tile=TILES[i % len(TILES)], round_no=1 + i % 4)
                board.wait_frame(newer_than=seen, timeout=2)
                if i >= 10:  # the first ten warm up (imports, caches)
                    times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    median = statistics.median(times)
    p99 = times[int(len(times) * 0.99) - 1]
    print("press -> host -> frame over %d presses: median %.2f ms, p99 %.2f ms, max %.2f ms" % (len(times), median, p99, times[-1]))
    ok = median <= FLOOR_MEDIAN_MS and p99 <= FLOOR_P99_MS
    print("floors (median <= %.0f ms, p99 <= %.0f ms): %s" % (FLOOR_MEDIAN_MS, FLOOR_P99_MS, "met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
