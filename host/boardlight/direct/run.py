"""Running the device's own programs on a direct (Blinka-wired) matrix.

- DirectDealer: the firmware's standalone dealer (firmware/standalone.py) on the direct
  matrix and buttons, stepped as the device's app steps it: every button event goes to
  the dealer (cancelling a scrolling message, as firmware/app.py does), and a
  scrolling message advances one step every `scroll_ms`.
- check_screens: draws a fixed tour of screens, for a maker to see that the wiring
  (orientation, colours, brightness) is right.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardlight.firmware import import_module

if TYPE_CHECKING:
    from boardlight.direct.device import DirectDevice
    from boardlight.link.connection import Event


class DirectDealer:
    """The standalone dealer on a DirectDevice. tick() does one round of work."""

    def __init__(self, device: DirectDevice, seed: int | None = None, players: int = 2,
                 scroll_ms: int = 80, clock: Callable[[], int] | None = None) -> None:
        standalone = import_module("standalone")
        self.device = device
        self.scroll_ms = scroll_ms
        self.clock = clock or (lambda: time.monotonic_ns() // 1_000_000)
        self.scroller: Any = None  # the firmware's Scroller of a moving text
        self.next_step = 0
        self.dealer = standalone.Standalone(device.display, device.display.show, self._set_scroller, seed, players,
                                            buttons=device.names)
        self.dealer.start()

    def _set_scroller(self, scroller: Any) -> None:
        # As firmware/app.py: draw the first frame at once, then step on the timer.
        self.scroller = scroller
        if scroller is not None:
            scroller.step()
            self.device.display.show()
            self.next_step = self.clock() + self.scroll_ms

    def tick(self) -> list[Event]:
        """Poll the buttons, hand each event to the dealer, step a due scroller.
        Returns the events handled."""
        events = self.device.poll()
        for event in events:
            self.scroller = None
            self.dealer.handle(event)
        now = self.clock()
        if self.scroller is not None and now >= self.next_step:
            if not self.device.step(self.scroller):
                self.scroller = None
            self.next_step = now + self.scroll_ms
        return events

    def run(self, seconds: float | None, poll_ms: int = 5,
            sleep: Callable[[float], object] = time.sleep,
            on_event: Callable[[Event], object] | None = None) -> None:
        """tick() every poll_ms for `seconds` (None: until interrupted)."""
        end = None if seconds is None else self.clock() + int(seconds * 1000)
        while end is None or self.clock() < end:
            for event in self.tick():
                if on_event is not None:
                    on_event(event)
            sleep(poll_ms / 1000)


# (description, screen, args): what check_screens shows, in order.
TOUR = (
    ("connected: a green tick", "connected", ()),
    ("FITS start card L4, round 2, player 1 (inverted)", "fits_card", ("L4", True, 2, 1)),
    ("FITS building card T5, round 2", "fits_card", ("T5", False, 2)),
    ("Forbes stone: star", "forbes_stone", ("X",)),
    ("error E3: a red cross", "error", ("E3",)),
)


def check_screens(device: DirectDevice, pause: float = 1.5,
                  sleep: Callable[[float], object] = time.sleep,
                  say: Callable[[str], object] = print) -> None:
    """Show each screen of TOUR for `pause` seconds, saying what should be seen."""
    for text, screen, args in TOUR:
        say(text)
        device.draw(screen, *args)
        sleep(pause)
    device.close()
