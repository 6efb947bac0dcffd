"""Host memory under a device that floods the link.

A fake device on a pty answers the host's hello with an honest info, then writes frames
as fast as it can, ignoring stop-and-wait (it never waits for an ack): 20,000 unsolicited
`status` frames and 20,000 button events. The host side is the real one: a Link, and then
the whole table UI (Textual, headless) with its device bridge over that Link.

Prints, for the link alone and for the table UI, how much the process grew (resident set
size) once the flood was written and read, what the link kept, and what the status line
said. Exits 1 if the table grew by more than FLOOR_MB.

Measured on the 2-core build machine: with unbounded queues the link alone grew by
21.8 MB (every one of the 20,000 events and 19,991 statuses kept) and the table UI by
34.5 MB, taking 188 s to work through the presses one UI message each. With the bounded
link (64 events, 4 statuses kept; the frames that did not wait for their ack dropped)
the link alone grows by 0.3 MB and the table by 2.3 MB, done in 9 s, its status line
saying "flooding (N frames dropped)".
"""

import asyncio
import os
import sys
import tempfile
import threading
import time

from boardcore.protocol.codec import DEVICE, HOST, PROTOCOL_VERSION, LineBuffer, decode, encode

from boardlight.link.connection import Link

STATUSES = 20_000
PRESSES = 10_000  # each a "down" and a "short": 20,000 button events
FLOOR_MB = 20.0


def rss_mb():
    """This process's resident set size in MB (Linux /proc; elsewhere the peak)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class FloodingDevice:
    """The device end of a pty: honest handshake, then a flood of data frames."""

    def __init__(self):
        self.master, slave = os.openpty()
        self.port = os.ttyname(slave)
        self._slave = slave  # kept open so the pty stays up between the host's opens
        self.sent = 0
        self.sid = ""
        self._flood = None  # the frames still to write, once the host has said hello
        self._pending = []  # answers to the host's control frames
        self.done = threading.Event()
        self._stop = threading.Event()
        self._lines = LineBuffer()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def _write(self, data):
        # Never block on a full pty while the host waits to write its acks: both would wait.
        import select

        view = memoryview(data)
        while view:
            readable, writable, _ = select.select([self.master], [self.master], [], 1)
            if readable:
                self._read()
            if writable:
                view = view[os.write(self.master, view[:1024]):]

    def _frames(self):
        seq = 0
        for i in range(STATUSES + 2 * PRESSES):
            seq = seq % 255 + 1
            if i < STATUSES:
                yield encode(DEVICE, seq, "status", {"applied": i, "heap_free": 1000, "heap_used": 2000,
                                                     "heap_peak": 3000, "mode": "host", "stats": {}})
            else:
                k = i - STATUSES
                yield encode(DEVICE, seq, "btn", ["next", "down" if k % 2 == 0 else "short"])

    def _read(self):
        try:
            data = os.read(self.master, 4096)
        except OSError:
            return
        for line in self._lines.feed(data):
            if not line or line[:1] != b"#":
                continue
            try:
                seq, ftype, payload = decode(line, HOST)
            except ValueError:
                continue
            if ftype == "hello" and self._flood is None:
                self.sid = payload["sid"]
                info = {"v": PROTOCOL_VERSION, "fw": "flood", "board": "flood",
                        "display": {"kind": "virtual", "w": 16, "h": 16}, "colour": True,
                        "buttons": ["menu", "next"], "scanner": False,
                        "sid": self.sid, "boot": "f100d000"}
                self._pending.append(encode(DEVICE, 0, "info", info))
                self._flood = self._frames()
            elif ftype == "ping":
                self._pending.append(encode(DEVICE, 0, "pong", {"sid": self.sid, "boot": "f100d000"}))

    def _run(self):
        import select

        while not self._stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                self._read()
            while self._pending:
                self._write(self._pending.pop(0))
            if self._flood is not None and not self.done.is_set():
                # As fast as the pty takes them, 64 frames at a time, acks unread.
                chunk = b"".join(frame for _, frame in zip(range(64), self._flood))
                if chunk:
                    self._write(chunk)
                    self.sent += chunk.count(b"\n")
                else:
                    self.done.set()

    def close(self):
        self._stop.set()
        self._thread.join(2)
        os.close(self.master)
        os.close(self._slave)


def settle(link, device, timeout=60.0):
    """Wait until the flood is written and the link has read all of it."""
    end = time.monotonic() + timeout
    device.done.wait(timeout)
    last = -1
    while time.monotonic() < end:
        received = link.ep.stats[2] + link.ep.stats[3]  # received + duplicates
        if received == last:
            return
        last = received
        time.sleep(0.5)


def kept(link):
    text = "events kept %d, statuses kept %d" % (link.events.qsize(), link.statuses.qsize())
    dropped = getattr(link, "dropped", None)  # the count a link without bounds does not keep
    return text if dropped is None else text + ", %d frames dropped" % dropped


def bench_link():
    device = FloodingDevice().start()
    before = rss_mb()
    link = Link(device.port).start()
    try:
        link.wait_connected(10)
        t0 = time.monotonic()
        settle(link, device)
        grew = rss_mb() - before
        print("link alone: %d frames written in %.1f s; the host grew by %.1f MB; %s"
              % (device.sent, time.monotonic() - t0, grew, kept(link)))
    finally:
        link.close()
        device.close()
    return grew


def bench_table():
    from boardlight.sessions.fits import FitsSession
    from boardlight.store.gamelog import Store
    from boardlight.tui.app import TableApp
    from boardlight.tui.device import DeviceBridge

    device = FloodingDevice().start()
    folder = tempfile.mkdtemp(prefix="boardlight-flood-")
    seen = {}
    with Store(os.path.join(folder, "log.sqlite3")) as store:
        session = FitsSession.start(store, ["Ann", "Bob"], 7)
        link = Link(device.port).start()
        bridge = DeviceBridge(link, label="flooding device")
        app = TableApp(session, bridge)
        before = rss_mb()

        async def main():
            async with app.run_test(size=(80, 24)) as pilot:
                link.wait_connected(10)
                t0 = time.monotonic()
                end = t0 + 120
                peak = rss_mb()
                while not device.done.is_set() and time.monotonic() < end:
                    await pilot.pause(0.2)
                    peak = max(peak, rss_mb())
                    seen["during"] = str(app.query_one("#status").content)
                # Then as long again for the table to catch up (or not).
                catch_up = time.monotonic() + max(5.0, time.monotonic() - t0)
                while time.monotonic() < catch_up:
                    await pilot.pause(0.2)
                    peak = max(peak, rss_mb())
                seen["peak"] = peak - before
                seen["after"] = rss_mb() - before
                seen["status"] = str(app.query_one("#status").content)
                seen["seconds"] = time.monotonic() - t0
                seen["actions"] = session.seq
                seen["kept"] = kept(link)
                app.exit()

        try:
            asyncio.run(main())
        finally:
            link.close()
            device.close()
    print("table UI: %d frames written; in %.1f s the host grew by %.1f MB at the most, %.1f MB"
          " at the end; %d game actions taken; %s"
          % (device.sent, seen["seconds"], seen["peak"], seen["after"], seen["actions"], seen["kept"]))
    print("  status line during the flood: %s" % seen.get("during"))
    print("  status line at the end: %s" % seen["status"])
    return seen["peak"]


def main():
    bench_link()
    grew = bench_table()
    ok = grew <= FLOOR_MB
    print("floor (the table grows by at most %.0f MB under the flood): %s"
          % (FLOOR_MB, "met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
