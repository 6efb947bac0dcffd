"""The device at the table: the link (boardlight.link.connection) seen from the UI.

- open_device(port): the device on `port`, or the one plugged in, or, when none is found,
  the virtual board (the real firmware on the MicroPython unix port), saying so in one line.
- The bridge passes the device's events and link states to the UI's thread, sends the
  view's screen whenever it changes (and again when the device comes back after an unplug
  or a reset), and draws the mirror: the virtual board's real frames, or for a real device
  the same firmware screen drawn on a host canvas of the device's size.
- Forbes: a player holding their button sees their cards on the device only; releasing it
  brings the table's screen back. The UI shows nothing of it.
- What waits for the UI is bounded: the events stay in the link's own bounded queue
  (Link.events) and the UI takes them from there, a few at a time; at most one message
  saying "events are waiting" and one with the latest link state are posted at a time.
  A device that floods the link is named on the status line.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from boardcore.protocol.screens import check

from boardlight.invocation import command
from boardlight.link.connection import CONNECTED, Link, LinkError, connect
from boardlight.tui.device_names import for_device

if TYPE_CHECKING:
    from boardlight.canvas import Canvas
    from boardlight.direct.link import DirectLink
    from boardlight.tui.app import TableApp
    from boardlight.tui.intents import Event
    from boardlight.tui.view import Screen
    from boardlight.vboard.board import VirtualBoard

    # A pixel's colour at (x, y) as (r, g, b).
    Pixels = Callable[[int, int], tuple[int, int, int]]


def open_device(port: str | None = None, say: Callable[[str], object] = print,
                virtual_options: dict[str, Any] | None = None,
                direct: str | None = None) -> DeviceBridge | None:
    """A DeviceBridge for `port`, the one board plugged in, or the virtual board; or, with
    `direct` (a board file with "mcu": "linux"), for a matrix and buttons wired to this
    computer's pins. None when no device is given or plugged in and the virtual board cannot
    run here."""
    if direct is not None:
        from boardlight.direct.detect import cannot_drive
        from boardlight.direct.link import DirectLink

        try:
            wired = DirectLink.open(direct)
        except (ValueError, OSError, ImportError, RuntimeError) as exc:
            # A board file with a mistake, a pin this board lacks, Blinka not installed:
            # one line for the table (it was a traceback), as for a device that fails.
            raise LinkError(cannot_drive(direct, exc)) from None
        say("Driving the matrix wired to this computer (%s)." % direct)
        return DeviceBridge(wired, label="direct matrix")
    board = None
    note = None
    if port is None:
        port = _detect()
        if port is None:
            from boardlight.vboard.board import unavailable

            why = unavailable((virtual_options or {}).get("micropython"))
            if why is not None:  # no unix port for this platform: the terminal alone
                say("No boardlight device found, and the virtual board cannot run here (%s):"
                    " playing without a device." % why)
                return None
            note = "No boardlight device found: playing with the virtual board."
    if port is None or port == "virtual":
        from boardlight.vboard.board import VirtualBoard, VirtualBoardError

        try:
            board = VirtualBoard(**(virtual_options or {})).start()
        except (VirtualBoardError, OSError) as exc:
            # No MicroPython unix port here, say: one line, and the way on (--no-device).
            raise LinkError("the virtual board cannot start: %s" % exc) from None
        link = Link(board.port)
        link.board = board
        link.start()
        note = note or "Playing with the virtual board."
    else:
        link = connect(port)
    if note:
        say(note)
    return DeviceBridge(link, board)


def _detect() -> str | None:
    """The one MicroPython board plugged in, or None when there is none. Several boards:
    LinkError asking for --port (guessing could pick someone else's board)."""
    from boardlight.link.devices import DeviceError, find_boards, pick_port

    if not find_boards():
        return None
    try:
        return pick_port()
    except DeviceError as exc:
        raise LinkError(str(exc))


class DeviceBridge:
    """Between a Link and the TableApp. Callbacks from the link thread are posted to the
    app as messages (post_message is thread-safe and does not wait: the link thread holds
    its lock while it calls back, so waiting for the UI could deadlock with a UI that is
    sending a picture)."""

    # The UI takes at most this many events in one go, then the rest in the next one:
    # the keyboard and the redraws get their turn between.
    EVENTS_AT_ONCE = 16

    def __init__(self, link: Link | DirectLink, board: VirtualBoard | None = None,
                 label: str | None = None) -> None:
        self.link = link
        self.board = board  # a VirtualBoard, or None for a real device
        self.label = label  # what the table calls it, when not a device on a port
        self.app: TableApp | None = None
        self.screen: Screen | None = None  # the last screen the table asked for
        self.private = False  # a Forbes player's own cards are on the device
        # The screen last sent (what a host-drawn mirror draws).
        self._mirrored: Screen | None = None
        self._canvas: Canvas | None = None
        # A host-drawn text mirror scrolls as the device's text does.
        self._scroller: Any = None
        # The table's player names (attach): the device shows some as seats.
        self.players: list[str] = []
        self._posted = threading.Lock()  # guards the two fields below
        self._events_posted = False  # a DeviceEvents message is on its way to the UI
        # The latest (state, text) not yet handled by the UI.
        self._status: tuple[str, str] | None = None
        self._flood_said = False  # the message line said that the device floods

    def describe(self) -> str:
        if self.label is not None:
            where = self.label
        else:
            # Without a label the link is a device's on a port (a DirectLink has its label).
            where = ("virtual board" if self.board is not None
                     else "device %s" % cast("Link", self.link).port)
        state = "connected" if self.link.connected else self.link.state
        if self.link.flooding():
            state += ", flooding (%d frames dropped)" % self.link.dropped
        # The part's name comes from the device: shown only as a plain word (it is not markup).
        missing = ", ".join("no %s" % (f.get("part") if str(f.get("part")).isalpha() else "part")
                            for f in getattr(self.link, "faults", ()))
        return "%s: %s%s" % (where, state, " (%s)" % missing if missing else "")

    def attach(self, app: TableApp) -> None:
        self.app = app
        self.players = list(app.session.players)
        self.link.on_status = self._link_status
        self.link.on_event = self._event
        while self.link.next_event(0) is not None:
            pass  # presses made before the UI was up are not for this game
        if self.link.problem:  # found before the UI was up: say it now
            self._link_status(self.link.state, self.link.problem)

    def _link_status(self, state: str, detail: str) -> None:
        if self.app is None:
            return
        if state == CONNECTED:
            text = "%s: connected (%s); display restored." % (self._where(), detail)
        elif state in ("opening", "handshake") and self.link.problem:
            text = "%s: cannot be used: %s. Play on from the keyboard." % (self._where(), detail)
        elif state in ("opening", "handshake"):
            text = ("%s: not answering (%s). Play on from the keyboard; it will be"
                    " re-synchronised when it is back." % (self._where(), detail))
        else:
            return
        with self._posted:
            waiting = self._status is not None
            self._status = (state, text)  # only the latest state matters
        if not waiting:
            from boardlight.tui.messages import DeviceStatus

            self.app.post_message(DeviceStatus(state, text))

    def status_on_ui(self, state: str, text: str) -> None:
        """On the UI thread: re-synchronise the device when it is back, tell the table.
        The link's latest state is taken (states that came since the message was posted
        replace the one it carries)."""
        with self._posted:
            if self._status is not None:
                state, text = self._status
                self._status = None
        if state == CONNECTED and self.screen is not None:
            self._send(self.screen)  # the current card or hint
        assert self.app is not None  # the UI posted this after attach()
        self.app.device_status(text)

    def _where(self) -> str:
        if self.label is not None:
            return self.label
        return "virtual board" if self.board is not None else "device"

    def _event(self, event: Event | None) -> None:
        # In the link thread: the event is in the link's queue already; tell the UI that
        # events are waiting, unless it has been told and has not looked yet.
        if self.app is None:
            return
        with self._posted:
            if self._events_posted:
                return
            self._events_posted = True
        from boardlight.tui.messages import DeviceEvents

        self.app.post_message(DeviceEvents())

    def take_events(self) -> list[Event]:
        """On the UI thread: the events waiting in the link, oldest first, at most
        EVENTS_AT_ONCE (the UI is told again when more wait)."""
        with self._posted:
            self._events_posted = False
        events: list[Event] = []
        while len(events) < self.EVENTS_AT_ONCE:
            event = self.link.next_event(0)
            if event is None:
                break
            events.append(event)
        if len(events) == self.EVENTS_AT_ONCE:
            self._event(None)  # there may be more
        return events

    def flood_news(self) -> str | None:
        """On the UI thread: a sentence for the message line when the device has started
        to flood the link (once per flood), else None."""
        flooding = self.link.flooding()
        if flooding == self._flood_said:
            return None
        self._flood_said = flooding
        if not flooding:
            return None
        return ("%s sends more than stop-and-wait allows or the table can take: %d of its frames"
                " dropped so far. Check its firmware (%s)." % (self._where(), self.link.dropped, command("deploy")))

    # -- what the device shows ------------------------------------------------------------

    def show(self, screen: Screen | None, private: bool = False) -> None:
        """Show a view's screen (kind, payload), a kind of boardcore.protocol.screens and
        its keys, unless it is already what the device shows."""
        if screen is None:
            return
        screen = for_device(screen, self.players)  # names it cannot draw become seats
        self.private = private
        if screen == self.screen and not private:
            return
        self.screen = None if private else screen
        self._send(screen)
        self._canvas = None
        self._scroller = None
        self._mirrored = screen

    def _send(self, screen: Screen) -> None:
        kind, payload = screen
        try:
            self.link.show(kind, **payload)
        except (LinkError, ValueError) as exc:
            if self.app is not None:
                self.app.say("device: %s" % exc, refused=True)

    # -- the mirror ---------------------------------------------------------------------

    # What the mirror says while a player's own cards are on the device: the table's
    # screen is shared, so the cards must not be drawn there.
    PRIVATE_MIRROR = "(a player's own cards\n are on the device)"

    def mirror_text(self) -> str:
        """The device's matrix as half-block characters (two pixel rows per text row),
        except while a player's own cards are on the device."""
        if self.private:
            return self.PRIVATE_MIRROR
        frame = self._frame()
        if frame is None:
            return "(no picture yet)"
        from boardlight.tui.markup import Markup

        width, height, rgb = frame
        lines: list[str] = []
        for y in range(0, height, 2):
            cells: list[str] = []
            for x in range(width):
                top = rgb(x, y)
                bottom = rgb(x, y + 1) if y + 1 < height else (0, 0, 0)
                cells.append(Markup("[rgb(%d,%d,%d) on rgb(%d,%d,%d)]▀[/]") % (top + bottom))
            lines.append(Markup("").join(cells))
        return Markup("\n").join(lines)

    def _frame(self) -> tuple[int, int, Pixels] | None:
        if self.board is not None:
            frame = self.board.frame
            if frame is None:
                return None
            return frame.width, frame.height, frame.rgb
        canvas = self._draw_on_host()
        if canvas is None:
            return None
        return canvas.width, canvas.height, canvas.rgb888

    def _draw_on_host(self) -> Canvas | None:
        # A real device: draw what it was asked to show with the firmware's own screens.
        info = self.link.info
        screen = self._mirrored
        if info is None or screen is None:
            return None
        if self._canvas is not None:
            if self._scroller is not None:
                # The UI redraws the mirror every 0.3 s; the device steps every 70 ms.
                for _ in range(4):
                    self._scroller.step()
            return self._canvas
        from boardlight.direct import device as direct
        from boardlight.canvas import Canvas

        d = info["display"]
        canvas = Canvas(d["w"], d["h"], bool(info.get("colour")))
        kind, payload = screen
        # The call the device makes for the same frame (firmware/hosted.py).
        scroller = direct.load_screens().draw(kind, canvas, **check(kind, payload))
        if scroller is not None:
            # A text's first frame is only its first column at the right edge: keep it,
            # and step it at each redraw as the device steps it.
            scroller.step()
            self._scroller = scroller
        self._canvas = canvas
        return canvas

    def close(self) -> None:
        self.link.close()
