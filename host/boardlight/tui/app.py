"""The full-screen table UI (Textual): one layout for all three games, 80 x 24 and up.

    +- status: game, round/turn, device state ------------------------------------+
    | board (the game's own view)          | scoreboard (whose turn marked)       |
    |                                      | device matrix mirror                 |
    |                                      | current card / tiles / hints         |
    +- message: what just happened, or why an entry was refused ------------------+
    | > typed entry                                                               |
    | keys: what each key does (two lines)                                        |

Everything a player does is a typed entry (coordinates, "pass", "hint", ...), Enter on an
empty entry, or a device button; Enter and the buttons are intents the view acts on directly
(tui.intents), so the keyboard alone plays a whole game. The game-specific parts live in
tui.fits / tui.zatre / tui.forbes (GameView).

Computer players think on a worker thread (a level 5 move may take a second): after every
redraw the app asks the view for the computer's job, runs it off the UI's thread, and hands
the result back on it (ComputerMove); the table stays live meanwhile.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.widgets import Input, Static

from boardcore.errors import RuleError

from boardlight.sessions.table import Table
from boardlight.store.gamelog import StoreError
from boardlight.tui import intents
from boardlight.tui.markup import to_text
from boardlight.tui.messages import ComputerMove, DeviceEvents, DeviceStatus, TableChanged
from boardlight.tui.view import ViewError, view_for

if TYPE_CHECKING:
    from boardlight.computer.turns import Job
    from boardlight.sessions.base import Session
    from boardlight.sessions.table import Change
    from boardlight.tui.device import DeviceBridge
    from boardlight.tui.intents import Event, Intent

_T = TypeVar("_T")


# The widgets compose() makes, by id: the panels every refresh writes to.
WIDGETS = ("#status", "#board", "#scores", "#mirror", "#card", "#message", "#entry", "#keys",
           "#small")

# The smallest terminal the table's layout is drawn for (columns, lines).
MIN_SIZE = (80, 24)


class TableApp(App[str]):
    """The table: a session, its view, and optionally a device bridge. Every entry acts
    through `table` (sessions.table.Table, the game's one writer; the phones' pages act
    through it too), and whatever another front end commits is redrawn here."""

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary; color: $text; }
    #main { height: 1fr; }
    #board { width: 1fr; min-width: 36; border: round $secondary; padding: 0 1; }
    #side { width: 42; }
    #top { height: auto; max-height: 10; }
    #scores { width: 1fr; height: auto; max-height: 10; border: round $secondary; padding: 0 1; }
    #mirror { width: auto; height: auto; max-height: 10; border: round $secondary; }
    #card { height: 1fr; border: round $secondary; padding: 0 1; }
    #message { height: 2; padding: 0 1; }
    #message.refused { color: $error; }
    #entry { height: 1; border: none; padding: 0 1; }
    #keys { height: 2; background: $panel; padding: 0 1; }
    #small { display: none; height: 1fr; padding: 1 2; }
    Screen.small #small { display: block; }
    Screen.small #status, Screen.small #main, Screen.small #message, Screen.small #entry,
    Screen.small #keys { display: none; }
    """

    BINDINGS = [
        Binding("ctrl+q", "quit_table", "quit", priority=True),
        # Ctrl+C is what people press to leave a terminal program: the game is saved after
        # every action, so it quits the same way (it did nothing at all).
        Binding("ctrl+c", "quit_table", "quit", show=False, priority=True),
        Binding("escape", "clear_entry", "clear", show=False),
        # The entries typed before, refused ones too (to correct one, not type it again).
        Binding("up", "entry_back", "previous entry", show=False),
        Binding("down", "entry_forward", "next entry", show=False),
    ]

    # Seconds between two steps of a game whose seats are all computers, so that the table
    # and the device can be followed (tests set 0).
    AUTOPLAY_PAUSE = 0.3

    def __init__(self, session: Session, device: DeviceBridge | None = None,
                 table: Table | None = None) -> None:
        super().__init__()
        self.session = session
        self.table = table if table is not None else Table(session)
        self.shown_seq = session.seq  # the actions the panels show: entries are made on it
        self._unsubscribe = lambda: None
        self.view = view_for(session)
        self.device = device
        self.device_state = device.describe() if device is not None else "no device"
        self.last_message = ""
        self.typed: list[str] = []  # the entries typed, oldest first (Up brings them back)
        # The index in `typed` that Up/Down last put in the entry.
        self._recalled: int | None = None
        self._thinking: object = None  # the key of the computer's job being run, or None

    def compose(self) -> ComposeResult:
        # Every widget in WIDGETS, so that _widgets_gone can tell the app is closing.
        yield Static(id="status")
        with Horizontal(id="main"):
            yield Static(id="board")
            with Vertical(id="side"):
                with Horizontal(id="top"):
                    yield Static(id="scores")
                    yield Static(id="mirror")
                yield Static(id="card")
        yield Static(id="message")
        yield Input(id="entry", placeholder=self.view.placeholder())
        yield Static(id="keys")
        yield Static(id="small")  # instead of everything else, in a terminal too small

    def on_mount(self) -> None:
        self.title = "boardlight"
        self.query_one("#entry", Input).focus()
        if self.device is not None:
            self.device.attach(self)
            # The link may have connected between __init__ and attach: its status message
            # went nowhere, so read the state again now that changes will reach us.
            self.device_state = self.device.describe()
            # The virtual board's picture changes by itself (scrolling text): redraw often.
            self.set_interval(0.3, self.refresh_mirror)
        self._unsubscribe = self.table.subscribe(self._table_changed)
        self.say(self.view.greeting())
        self.fit_terminal(self.size)
        self.refresh_panels()
        # Once more after the first layout: the card panel's height is known only then.
        self.call_after_refresh(self._refresh_if_shown)

    def on_unmount(self) -> None:
        self._unsubscribe()

    def _table_changed(self, change: Change) -> None:
        # In the acting thread: only pass the news on (the UI's own entries redraw anyway).
        if change.source != "terminal":
            self.post_message(TableChanged(change))

    def on_table_changed(self, message: TableChanged) -> None:
        if not self._widgets_gone():
            self.say("A move from %s is in the log." % message.change.source)
            self.refresh_panels()

    def on_resize(self, event: events.Resize) -> None:
        if not self._widgets_gone():
            self.fit_terminal(event.size)
            self.call_after_refresh(self._refresh_if_shown)

    def fit_terminal(self, size: Size) -> None:
        """Below MIN_SIZE the panels would overlap and cut each other: the screen says so
        instead, until the terminal is large enough again (the game waits as it was)."""
        width, height = size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small:
            self.query_one("#small", Static).update(to_text(
                "This terminal is %d x %d; the table needs at least %d x %d. Make the window"
                " larger and the game goes on where it was. Or quit with Ctrl+Q: the game is"
                " saved, and `boardlight play --resume --plain` plays it line by line, at"
                " any size." % (width, height, MIN_SIZE[0], MIN_SIZE[1])))
        was_small = self.screen.has_class("small")
        self.screen.set_class(small, "small")
        if was_small and not small:
            self.query_one("#entry", Input).focus()

    def _refresh_if_shown(self) -> None:
        if not self._widgets_gone():
            self.refresh_panels()

    # -- entries from the keyboard and the device ----------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        self._recalled = None
        if text:
            if not self.typed or self.typed[-1] != text:
                self.typed.append(text)
            self.enter(text)
        else:
            self.apply_intent(intents.NEXT)  # Enter alone: deal, turn the card, draw

    def _measure_card(self) -> None:
        """Tell the view how many lines its card panel holds (laid out, or as 80 x 24 lays
        it out before the first layout: 6 beside the device's mirror, else what the
        scoreboard leaves), and how many columns."""
        region = self.query_one("#card", Static).content_region
        height = region.height
        if height <= 0:
            height = 6 if self.device is not None else 14 - len(self.session.players)
        self.view.card_lines = height
        # And how wide: a longer line wraps and takes two of those lines.
        self.view.card_width = region.width if region.width > 0 else None
        # The board panel may grow to the main area's height, less its border (16 lines at
        # 80 x 24, before the first layout).
        main = self.query_one("#main").content_region.height
        self.view.board_room = main - 2 if main > 2 else 16

    def enter(self, text: str) -> None:
        """One typed entry: apply it, then show what happened."""
        self._apply(self.view.handle, text)

    def apply_intent(self, intent: Intent) -> None:
        """One intent (a button, Enter alone): the view acts on it, then the table shows
        what happened."""
        self._apply(self.view.on_intent, intent)

    def _apply(self, method: Callable[[_T], str | None], what: _T) -> None:
        self._measure_card()
        was = self.session.row.status
        try:
            with self.table.entry(seen=self.shown_seq, source="terminal"):
                message = method(what)
        except (RuleError, ViewError, StoreError) as exc:
            self.say(str(exc), refused=True)
        else:
            if message:
                self.say(message)
            self.show_closing(was)
        self.refresh_panels()

    def show_closing(self, was: str) -> None:
        """When the game has just ended: its ratings and, in a game night, the standings
        and the next game's seats, in the card panel (stats.closing)."""
        if was != "finished" and self.session.row.status == "finished":
            from boardlight.stats.closing import closing_lines

            lines = closing_lines(self.session)
            if lines:
                self.view.peek = "\n".join(lines)

    def _widgets_gone(self) -> bool:
        # Once the app is exiting its widgets go, one by one, but the mirror's timer and
        # the link's messages can still arrive: with any of them gone there is nothing left
        # to act on or draw. (Checking #mirror alone let a tick find it but not #status.)
        for selector in WIDGETS:
            try:
                self.query_one(selector)
            except NoMatches:
                return True
        return False

    def on_device_events(self, message: DeviceEvents) -> None:
        if self._widgets_gone():
            return  # the events stay in the link, which closes with the app
        device = self.device
        assert device is not None  # only a device's bridge posts these
        for event in device.take_events():
            self.device_event(event)
            if self._widgets_gone():
                return
        news = device.flood_news()
        if news is not None:
            self.device_status(news)

    def on_device_status(self, message: DeviceStatus) -> None:
        if not self._widgets_gone():
            assert self.device is not None  # only a device's bridge posts these
            self.device.status_on_ui(message.state, message.text)

    def enter_scan(self, code: str) -> None:
        """A scanned card: it stands for turning that card (or drawing that start card)."""
        try:
            with self.table.entry(seen=self.shown_seq, source="terminal"):
                message = self.view.handle_scan(code)
        except (RuleError, ViewError, StoreError) as exc:
            self.say(str(exc), refused=True)
        else:
            self.say(message)
        self.refresh_panels()

    def device_event(self, event: Event) -> None:
        """An input event from the device (already on the UI thread)."""
        intent = self.view.intent_for_event(event)
        private = self.view.private_screen(intent)
        if private is not None:
            # Only the device shows it (a Forbes player's own cards); the UI does not.
            assert self.device is not None  # the event came from it
            self.device.show(private, private=True)
            return
        if self.device is not None and self.device.private and intents.is_release(event):
            # The button let go: the table's screen comes back, and nothing else happens.
            self.device.show(self.view.screen_now())
            return
        if event[0] == "scan":
            self.enter_scan(event[1])
            return
        if intent is None:
            # A button going down changes nothing at the table (its release may): no redraw
            # to hold up the release, which follows within milliseconds.
            if event[0] != "button" or event[2] != "down":
                self.refresh_panels()
            return
        self.apply_intent(intent)

    def device_status(self, text: str) -> None:
        """The device bridge says it connected, was unplugged, or came back."""
        # The status line keeps the short state; the sentence goes to the message line.
        self.device_state = self.device.describe() if self.device is not None else text
        self.say(text)
        self.refresh_panels()

    def action_clear_entry(self) -> None:
        self.query_one("#entry", Input).value = ""
        self._recalled = None

    def action_entry_back(self) -> None:
        """Up: the entry typed before the one shown (the last one first)."""
        if not self.typed:
            return
        k = len(self.typed) if self._recalled is None else self._recalled
        self._recall(max(k - 1, 0))

    def action_entry_forward(self) -> None:
        """Down: the entry typed after the one shown, then an empty entry again."""
        if self._recalled is None:
            return
        if self._recalled + 1 < len(self.typed):
            self._recall(self._recalled + 1)
        else:
            self.action_clear_entry()

    def _recall(self, k: int) -> None:
        self._recalled = k
        entry = self.query_one("#entry", Input)
        entry.value = self.typed[k]
        entry.cursor_position = len(entry.value)

    def action_quit_table(self) -> None:
        self.exit(self.session.row.status)

    # -- drawing ------------------------------------------------------------------------------

    def say(self, text: str, refused: bool = False) -> None:
        self.last_message = text
        message = self.query_one("#message", Static)
        message.update(to_text(text))
        message.set_class(refused, "refused")

    def refresh_panels(self) -> None:
        with self.table.lock:  # a phone's move must not land half-way through a redraw
            self._refresh_panels()
            self.shown_seq = self.table.seq
        self._start_computer()

    # -- computer players -----------------------------------------------------------------------

    def _start_computer(self) -> None:
        """Run the computer players' job, if one is due and not already running: a move on
        a worker thread, a step of an all-computer game after a pause."""
        with self.table.lock:
            job = self.view.computer_job()
        if job is None or job.key == self._thinking:
            return
        self._thinking = job.key
        if job.compute is None:
            delay = self.AUTOPLAY_PAUSE if self.view.autoplay else 0
            self.set_timer(max(delay, 0.01), lambda: self.post_message(ComputerMove(job, None)))
            return
        worker = threading.Thread(target=self._think, args=(job,), daemon=True,
                                  name="boardlight-computer")
        worker.start()

    def _think(self, job: Job) -> None:
        # On the worker thread: the job works on its own copy of the state.
        assert job.compute is not None  # only a move to think about gets a worker
        try:
            result = job.compute()
        except Exception as exc:  # the table must hear of it, not lose the thread silently
            self.post_message(ComputerMove(job, None, exc))
            return
        self.post_message(ComputerMove(job, result))

    def on_computer_move(self, message: ComputerMove) -> None:
        if self._widgets_gone():
            return
        if message.error is not None:
            assert message.job.seat is not None  # only a seat's move is thought about
            self.say("the engine failed on %s's move: %s" % (
                self.session.players[message.job.seat], message.error), refused=True)
            return  # not retried: the same position would fail again
        self._thinking = None
        if message.job.compute is not None and self.view.autoplay and self.AUTOPLAY_PAUSE:
            # The move is ready; a game of computers shows each for a moment.
            self.set_timer(self.AUTOPLAY_PAUSE, lambda: self._computer_ready(message))
            self._thinking = message.job.key
            return
        self._computer_ready(message)

    def _computer_ready(self, message: ComputerMove) -> None:
        if self._widgets_gone():
            return
        self._thinking = None
        self._measure_card()
        try:
            with self.table.entry(source="terminal"):
                text = self.view.computer_ready(message.job, message.result)
        except (RuleError, ViewError, StoreError) as exc:
            self.say(str(exc), refused=True)
        else:
            if text:
                self.say(text)
        self.refresh_panels()

    def _refresh_panels(self) -> None:
        view = self.view
        self._measure_card()
        self._show("#status", "%s  |  %s" % (view.status_line(), self.device_state))
        self._show("#board", view.board_text())
        self._show("#scores", view.scores_text())
        self._show("#card", view.card_panel())
        self._show("#keys", view.keys_text())
        mirror = self.query_one("#mirror", Static)
        if self.device is not None:
            mirror.display = True
            if not self.device.private:
                self.device.show(view.screen_now())
            mirror.update(to_text(self.device.mirror_text()))
        else:
            mirror.display = False

    def refresh_mirror(self) -> None:
        if self.device is not None and not self._widgets_gone():
            self.device_state = self.device.describe()  # a flood comes and goes
            with self.table.lock:
                self._show("#mirror", self.device.mirror_text())
                self._show("#status", "%s  |  %s" % (self.view.status_line(), self.device_state))

    def _show(self, selector: str, text: object) -> None:
        """Put a view's text in a panel: plain text as it is, Markup styled (tui.markup)."""
        self.query_one(selector, Static).update(to_text(text))


def run_table(session: Session, port: str | None = None, no_device: bool = False,
              direct: str | None = None, table: Table | None = None) -> str | None:
    """Run the UI on this terminal until the players quit; returns the game's status.
    `direct` is a board file with "mcu": "linux": drive a matrix wired to this computer
    instead of a device. `table`: the game's writer when others act too (the phones' pages
    of `play --web`)."""
    device = None
    if not no_device:
        from boardlight.tui.device import open_device

        device = open_device(port, direct=direct)  # one line when it starts the virtual board
    try:
        return TableApp(session, device, table).run()
    finally:
        if device is not None:
            device.close()
