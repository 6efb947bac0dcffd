"""A direct matrix behind the same calls as a device link (host/boardlight/link/connection.py), so
the play UI can drive `--direct` hardware exactly as a USB device:

    link = DirectLink.open("wiring.json", on_event=handler)
    link.wait_connected()                # info like a device's handshake
    link.show_fits("L3", round_no=2)     # show_zatre, show_forbes_hand, show_stone,
                                         # show_text, show_scores, clear, brightness
    link.next_event(1.0)                 # ("button", "next", "short"), ...
    link.close()

A background thread polls the buttons every `poll_ms` and steps a moving text as the
device's app does (firmware/app.py): a text that fits stands still; one that does not
scrolls one step per `scroll_ms`, and any new picture replaces it. Drawing happens at
once, under a lock, in the caller's thread. There is no cable, so it is always connected.
"""

import queue
import threading
import time

from boardlight.direct.device import open_direct

CONNECTED = "connected"


class DirectLink:
    def __init__(self, device, on_event=None, on_status=None, poll_ms=5, scroll_ms=80, clock=None):
        self.device = device
        self.on_event = on_event
        self.on_status = on_status
        self.poll_ms = poll_ms
        self.scroll_ms = scroll_ms
        self.clock = clock or (lambda: time.monotonic_ns() // 1_000_000)
        self.events = queue.Queue()
        self.state = CONNECTED
        d = device.display
        self.info = {"board": "direct", "display": {"w": d.width, "h": d.height}, "colour": d.colour,
                     "buttons": list(device.buttons.names), "scanner": False}
        self._lock = threading.RLock()
        self._scroller = None
        self._next_step = 0
        self._stop = threading.Event()
        self._thread = None

    @classmethod
    def open(cls, wiring, **kwargs):
        """A started DirectLink on the hardware a board file (board_file.py) describes."""
        link = cls(open_direct(wiring), **kwargs)
        return link.start()

    # -- the Link interface -------------------------------------------------------------

    @property
    def connected(self):
        return True

    def start(self):
        if self.on_status is not None:
            self.on_status(CONNECTED, "direct")
        self._thread = threading.Thread(target=self._run, name="direct-link", daemon=True)
        self._thread.start()
        return self

    def close(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)
        with self._lock:
            self.device.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def wait_connected(self, timeout=5.0):
        return self.info

    def idle(self):
        return True

    def wait_idle(self, timeout=5.0):
        return None

    def show_fits(self, tile, start=False, round_no=None, player=None, board_no=None):
        self._draw("fits_card", tile, bool(start), round_no, player, board_no)

    def show_zatre(self, tiles, hint=None):
        self._draw("zatre_tiles", list(tiles), tuple(hint) if hint is not None else None)

    def show_forbes_hand(self, cards):
        self._draw("forbes_hand", cards)

    def show_stone(self, stone):
        self._draw("forbes_stone", stone)

    def show_text(self, text, colour=None, loop=False):
        self._text("message", text, tuple(colour) if colour else None, bool(loop))

    def show_scores(self, scores, names=None, loop=True):
        self._text("scores", list(scores), names, loop)

    def clear(self):
        with self._lock:
            self._scroller = None
            self.device.display.fill(0)
            self.device.display.show()

    def brightness(self, level):
        with self._lock:
            self.device.brightness(level)

    def next_event(self, timeout=None):
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    # -- inside -------------------------------------------------------------------------

    def _draw(self, screen, *args):
        with self._lock:
            self._scroller = None
            self.device.draw(screen, *args)

    def _text(self, screen, *args):
        with self._lock:
            scroller = self.device.draw(screen, *args)  # draws and shows the first step
            self._scroller = scroller if scroller.moving else None
            self._next_step = self.clock() + self.scroll_ms

    def poll_once(self):
        """One round of the thread's work: buttons, then a due scroll step."""
        with self._lock:
            events = self.device.poll()
            now = self.clock()
            if self._scroller is not None and now >= self._next_step:
                if not self.device.step(self._scroller):
                    self._scroller = None
                self._next_step = now + self.scroll_ms
        for event in events:
            self.events.put(event)
            if self.on_event is not None:
                self.on_event(event)

    def _run(self):
        while not self._stop.is_set():
            self.poll_once()
            time.sleep(self.poll_ms / 1000)
