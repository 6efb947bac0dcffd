"""A direct matrix behind the same calls as a device link (host/boardlight/link/connection.py), so
the play UI can drive `--direct` hardware exactly as a USB device:

    link = DirectLink.open("wiring.json", on_event=handler)
    link.wait_connected()                # info like a device's handshake
    link.show("fits_card", tile="L3", round_no=2)   # any screen, as Link.show
    link.brightness(8)
    link.next_event(1.0)                 # ("button", "next", "short"), ...
    link.close()

A background thread polls the buttons every `poll_ms` and steps a moving text as the
device's app does (firmware/app.py): a text that fits stands still; one that does not
scrolls one step per `scroll_ms`, and any new picture replaces it. Drawing happens at
once, under a lock, in the caller's thread. There is no cable, so it is always connected.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from boardlight.direct.device import DirectDevice, open_direct
from boardlight.link.connection import EVENTS_KEPT, FLOOD_MS, Event, screen_payload
from boardlight.link.inbox import Inbox

CONNECTED = "connected"


class DirectLink:
    def __init__(self, device: DirectDevice, on_event: Callable[[Event], object] | None = None,
                 on_status: Callable[[str, str], object] | None = None, poll_ms: int = 5,
                 scroll_ms: int = 80, clock: Callable[[], int] | None = None) -> None:
        self.device = device
        self.on_event = on_event
        self.on_status = on_status
        self.poll_ms = poll_ms
        self.scroll_ms = scroll_ms
        self.clock = clock or (lambda: time.monotonic_ns() // 1_000_000)
        # bounded as a device link's: the oldest go first
        self.events: Inbox[Event] = Inbox(EVENTS_KEPT)
        self.state = CONNECTED
        self.problem: str | None = None  # as Link's: nothing keeps a wired matrix from being used
        d = device.display
        self.info: dict[str, Any] = {"board": "direct", "display": {"w": d.width, "h": d.height}, "colour": d.colour,
                     "buttons": list(device.buttons.names), "scanner": False}
        self._lock = threading.RLock()
        self._scroller: Any = None  # the firmware's Scroller of a moving text
        self._next_step = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._flood_at: int | None = None  # when an event was last dropped (the clock's ms)

    @classmethod
    def open(cls, wiring: str | os.PathLike[str] | dict[str, Any], **kwargs: Any) -> DirectLink:
        """A started DirectLink on the hardware a board file (board_file.py) describes."""
        link = cls(open_direct(wiring), **kwargs)
        return link.start()

    # -- the Link interface -------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return True

    def start(self) -> DirectLink:
        if self.on_status is not None:
            self.on_status(CONNECTED, "direct")
        self._thread = threading.Thread(target=self._run, name="direct-link", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)
        with self._lock:
            self.device.close()

    def __enter__(self) -> DirectLink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def wait_connected(self, timeout: float = 5.0) -> dict[str, Any]:
        return self.info

    def idle(self) -> bool:
        return True

    def wait_idle(self, timeout: float = 5.0) -> None:
        return None

    def show(self, kind: str, **payload: Any) -> None:
        """Draw a screen of boardcore.protocol.screens at once, checked as Link.show
        checks it (ValueError naming the key, nothing drawn)."""
        args = screen_payload(kind, payload) or {}
        with self._lock:
            self._scroller = None
            scroller = self.device.draw(kind, **args)  # a text's first step is drawn and shown
            if scroller is not None and scroller.moving:
                self._scroller = scroller
                self._next_step = self.clock() + self.scroll_ms

    def brightness(self, level: int) -> None:
        with self._lock:
            self.device.brightness(level)

    def next_event(self, timeout: float | None = None) -> Event | None:
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    @property
    def dropped(self) -> int:
        """Events dropped because nobody read them in time (as Link.dropped)."""
        return self.events.dropped

    def flooding(self) -> bool:
        at = self._flood_at
        return at is not None and self.clock() - at < FLOOD_MS

    # -- inside -------------------------------------------------------------------------

    def poll_once(self) -> None:
        """One round of the thread's work: buttons, then a due scroll step."""
        with self._lock:
            events = self.device.poll()
            now = self.clock()
            if self._scroller is not None and now >= self._next_step:
                if not self.device.step(self._scroller):
                    self._scroller = None
                self._next_step = now + self.scroll_ms
        for event in events:
            dropped = self.events.dropped
            self.events.put(event)
            if self.events.dropped != dropped:
                self._flood_at = self.clock()
            if self.on_event is not None:
                self.on_event(event)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.poll_once()
            time.sleep(self.poll_ms / 1000)
