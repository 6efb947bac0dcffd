"""Button press to new frame on the matrix, over the virtual board: two figures.

link only: each of 500 presses, the virtual board's "next" button goes down and up; the
firmware sends the events over the pty; this loop, on the "short" release, sends a new
card itself (Link.show_fits); the time runs until the new frame leaves the firmware's
display (side channel). What the link and the firmware add, nothing else.

through the table UI: the same press, but what answers it is the real table UI (the
Textual app, run headless by its pilot) playing a quick-tally FITS game: the event goes
through Textual's message queue to the view, which turns the card, writes the action to
the game log (committed, fsync'ed) and sends the new screen; the time runs until that card
is drawn on the device's matrix. Four stages are timed: device to host (the firmware and
the pty), the UI's queue, the table (view, game log, panels, down to the link's write),
host to device (the pty, the firmware drawing, the side channel). Textual repaints the
terminal afterwards; that is not in the figure.

Prints median and p99 of each and exits 1 if either misses the floors (10 ms, 50 ms).
The firmware runs as deployed: .mpy files, -X heapsize=96k.
"""

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from boardlight.link.connection import Link
from boardlight.vboard.board import VirtualBoard

PRESSES = 500
UI_PRESSES = 300
WARM_UP = 10
PAUSE_S = float(__import__("os").environ.get("PAUSE_S", "0.01"))
FLOOR_MEDIAN_MS, FLOOR_P99_MS = 10.0, 50.0
TILES = ("I3", "L3", "O4", "T4", "S4", "L4", "F", "L5", "N", "P", "T5", "U", "V5", "W", "X", "Y")


def _summary(times):
    times = sorted(times)
    return statistics.median(times), times[int(len(times) * 0.99) - 1], times[-1]


def link_only():
    with VirtualBoard(install="mpy", heap="96k") as board:
        board.wait_firmware(30)
        with Link(board.port) as link:
            link.wait_connected(15)
            link.show("fits_card", tile="Y")
            link.wait_idle()
            times = []
            for i in range(PRESSES + WARM_UP):
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
                if i >= WARM_UP:  # the first ten warm up (imports, caches)
                    times.append((time.perf_counter() - t0) * 1000)
    return times


class Stamps:
    """Time stamps of one press on its way: set from the link's and the bridge's threads."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.pressed = self.event = self.ui = self.sent = self.frame = None
        self.drawn = None  # (asyncio loop, asyncio.Event) to wake when the frame has come


def through_the_table_ui():
    from boardlight.sessions.fits import FitsSession
    from boardlight.store.gamelog import Store
    from boardlight.tui.app import TableApp
    from boardlight.tui.device import open_device

    stamps = Stamps()
    device = open_device("virtual", say=lambda _text: None)
    board, link = device.board, device.link
    link.wait_connected(30)

    # The stamps: the link thread hands the event on, the UI takes it, the link writes
    # the new screen, the bridge thread receives the frame the firmware drew.
    on_side = board.bridge.on_side_line

    def side_line(line, payload):
        on_side(line, payload)
        if line.startswith(b"F ") and stamps.sent is not None and stamps.frame is None:
            stamps.frame = time.perf_counter()
            loop, drawn = stamps.drawn
            loop.call_soon_threadsafe(drawn.set)

    board.bridge.on_side_line = side_line
    send = link.send

    def timed_send(ftype, payload=None, group=None):
        if stamps.ui is not None and stamps.sent is None and group == "show":
            stamps.sent = time.perf_counter()
        return send(ftype, payload, group)

    link.send = timed_send
    rows = []
    folder = Path(tempfile.mkdtemp(prefix="boardlight-bench-"))
    try:
        with Store(folder / "log.sqlite3") as store:
            game = 0
            while len(rows) < UI_PRESSES + WARM_UP:
                game += 1
                session = FitsSession.start(store, ["Ann"], game, {"scoring": "tally"})
                app = TableApp(session, device)
                asyncio.run(_play(app, session, device, board, stamps, rows))
    finally:
        device.close()
        for p in folder.iterdir():
            p.unlink()
        folder.rmdir()
    return rows[WARM_UP:]


async def _play(app, session, device, board, stamps, rows):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        on_event = device.link.on_event  # set by the app's attach

        def timed_event(event):
            if event == ("button", "next", "short") and stamps.pressed is not None:
                stamps.event = time.perf_counter()
            on_event(event)

        device.link.on_event = timed_event
        device_event = app.device_event

        def timed_device_event(event):
            if event == ("button", "next", "short") and stamps.event is not None:
                stamps.ui = time.perf_counter()
            device_event(event)

        app.device_event = timed_device_event
        game = session.core
        while len(rows) < UI_PRESSES + WARM_UP and game.phase != "over":
            if game.phase == "tally":  # all 16 cards out: the quick tally, typed (not timed)
                app.enter("tally 1 8 4" if game.board_number == 1 else "tally 1 7")
                continue
            stamps.reset()
            drawn = asyncio.Event()
            stamps.drawn = (asyncio.get_running_loop(), drawn)
            before = session.seq
            stamps.pressed = time.perf_counter()
            board.press("next")
            try:
                await asyncio.wait_for(drawn.wait(), 5)
            except asyncio.TimeoutError:
                raise SystemExit("a press drew no new card within 5 s (%r)" % vars(stamps)) from None
            assert session.seq == before + 1
            s = stamps
            rows.append(((s.frame - s.pressed) * 1000, (s.event - s.pressed) * 1000, (s.ui - s.event) * 1000,
                         (s.sent - s.ui) * 1000, (s.frame - s.sent) * 1000))
            await asyncio.sleep(PAUSE_S)  # the repaint, before the next player's press


def main():
    ok = True
    link = link_only()
    median, p99, worst = _summary(link)
    print("link only: press -> host -> frame over %d presses: median %.2f ms, p99 %.2f ms, max %.2f ms"
          % (len(link), median, p99, worst))
    ok = ok and median <= FLOOR_MEDIAN_MS and p99 <= FLOOR_P99_MS
    rows = through_the_table_ui()
    median, p99, worst = _summary([r[0] for r in rows])
    print("through the table UI: press -> UI -> card on the matrix over %d presses: median %.2f ms, p99 %.2f ms, max %.2f ms"
          % (len(rows), median, p99, worst))
    for i, stage in enumerate(("device to host (firmware, pty, link)", "the UI's message queue",
                               "the table: view, game log, panels, link write", "host to device (pty, firmware draws, side channel)")):
        part = [r[i + 1] for r in rows]
        m, p, _ = _summary(part)
        print("  %-52s median %6.2f ms, p99 %6.2f ms" % (stage, m, p))
    ok = ok and median <= FLOOR_MEDIAN_MS and p99 <= FLOOR_P99_MS
    print("floors (median <= %.0f ms, p99 <= %.0f ms): %s" % (FLOOR_MEDIAN_MS, FLOOR_P99_MS, "met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
