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
"""

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.widgets import Input, Static

from boardcore.errors import RuleError

from boardlight.store.gamelog import StoreError
from boardlight.tui import intents
from boardlight.tui.messages import DeviceEvents, DeviceStatus
from boardlight.tui.view import ViewError, view_for


# The widgets compose() makes, by id: the panels every refresh writes to.
WIDGETS = ("#status", "#board", "#scores", "#mirror", "#card", "#message", "#entry", "#keys")


class TableApp(App):
    """The table: a session, its view, and optionally a device bridge."""

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary; color: $text; }
    #main { height: 1fr; }
    #board { width: 1fr; min-width: 36; border: round $secondary; padding: 0 1; text-wrap: nowrap; }
    #side { width: 42; }
    #top { height: auto; max-height: 10; }
    #scores { width: 1fr; height: auto; max-height: 10; border: round $secondary; padding: 0 1; }
    #mirror { width: auto; height: auto; max-height: 10; border: round $secondary; }
    #card { height: 1fr; border: round $secondary; padding: 0 1; text-wrap: nowrap; }
    #message { height: 2; padding: 0 1; }
    #message.refused { color: $error; }
    #entry { height: 1; border: none; padding: 0 1; }
    #keys { height: 2; background: $panel; padding: 0 1; }
    """

    BINDINGS = [
        Binding("ctrl+q", "quit_table", "quit", priority=True),
        # Ctrl+C is what people press to leave a terminal program: the game is saved after
        # every action, so it quits the same way (it did nothing at all).
        Binding("ctrl+c", "quit_table", "quit", show=False, priority=True),
        Binding("escape", "clear_entry", "clear", show=False),
    ]

    def __init__(self, session, device=None):
        super().__init__()
        self.session = session
        self.view = view_for(session)
        self.device = device
        self.device_state = device.describe() if device is not None else "no device"
        self.last_message = ""

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

    def on_mount(self):
        self.title = "boardlight"
        self.query_one("#entry", Input).focus()
        if self.device is not None:
            self.device.attach(self)
            # The link may have connected between __init__ and attach: its status message
            # went nowhere, so read the state again now that changes will reach us.
            self.device_state = self.device.describe()
            # The virtual board's picture changes by itself (scrolling text): redraw often.
            self.set_interval(0.3, self.refresh_mirror)
        self.say(self.view.greeting())
        self.refresh_panels()
        # Once more after the first layout: the card panel's height is known only then.
        self.call_after_refresh(self._refresh_if_shown)

    def _refresh_if_shown(self):
        if not self._widgets_gone():
            self.refresh_panels()

    # -- entries from the keyboard and the device ----------------------------------------------

    def on_input_submitted(self, event: Input.Submitted):
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.enter(text)
        else:
            self.apply_intent(intents.NEXT)  # Enter alone: deal, turn the card, draw

    def _measure_card(self):
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

    def enter(self, text: str):
        """One typed entry: apply it, then show what happened."""
        self._apply(self.view.handle, text)

    def apply_intent(self, intent):
        """One intent (a button, Enter alone): the view acts on it, then the table shows
        what happened."""
        self._apply(self.view.on_intent, intent)

    def _apply(self, method, what):
        self._measure_card()
        try:
            message = method(what)
        except (RuleError, ViewError, StoreError) as exc:
            self.say(str(exc), refused=True)
        else:
            if message:
                self.say(message)
        self.refresh_panels()

    def _widgets_gone(self):
        # Once the app is exiting its widgets go, one by one, but the mirror's timer and
        # the link's messages can still arrive: with any of them gone there is nothing left
        # to act on or draw. (Checking #mirror alone let a tick find it but not #status.)
        for selector in WIDGETS:
            try:
                self.query_one(selector)
            except NoMatches:
                return True
        return False

    def on_device_events(self, message: DeviceEvents):
        if self._widgets_gone():
            return  # the events stay in the link, which closes with the app
        for event in self.device.take_events():
            self.device_event(event)
            if self._widgets_gone():
                return
        news = self.device.flood_news()
        if news is not None:
            self.device_status(news)

    def on_device_status(self, message: DeviceStatus):
        if not self._widgets_gone():
            self.device.status_on_ui(message.state, message.text)

    def enter_scan(self, code: str):
        """A scanned card: it stands for turning that card (or drawing that start card)."""
        try:
            message = self.view.handle_scan(code)
        except (RuleError, ViewError, StoreError) as exc:
            self.say(str(exc), refused=True)
        else:
            self.say(message)
        self.refresh_panels()

    def device_event(self, event):
        """An input event from the device (already on the UI thread)."""
        intent = self.view.intent_for_event(event)
        private = self.view.private_screen(intent)
        if private is not None:
            # Only the device shows it (a Forbes player's own cards); the UI does not.
            self.device.show(private, private=True)
            return
        if self.device is not None and self.device.private and intents.is_release(event):
            # The button let go: the table's screen comes back, and nothing else happens.
            self.device.show(self.view.device_screen())
            return
        if event[0] == "scan":
            self.enter_scan(event[1])
            return
        if intent is None:
            self.refresh_panels()
            return
        self.apply_intent(intent)

    def device_status(self, text: str):
        """The device bridge says it connected, was unplugged, or came back."""
        # The status line keeps the short state; the sentence goes to the message line.
        self.device_state = self.device.describe() if self.device is not None else text
        self.say(text)
        self.refresh_panels()

    def action_clear_entry(self):
        self.query_one("#entry", Input).value = ""

    def action_quit_table(self):
        self.exit(self.session.row.status)

    # -- drawing ------------------------------------------------------------------------------

    def say(self, text: str, refused: bool = False):
        self.last_message = text
        message = self.query_one("#message", Static)
        message.update(text)
        message.set_class(refused, "refused")

    def refresh_panels(self):
        view = self.view
        self._measure_card()
        self.query_one("#status", Static).update(
            "%s  |  %s" % (view.status_line(), self.device_state))
        self.query_one("#board", Static).update(view.board_text())
        self.query_one("#scores", Static).update(view.scores_text())
        self.query_one("#card", Static).update(view.card_text())
        self.query_one("#keys", Static).update(view.keys_text())
        mirror = self.query_one("#mirror", Static)
        if self.device is not None:
            mirror.display = True
            if not self.device.private:
                self.device.show(view.device_screen())
            mirror.update(self.device.mirror_text())
        else:
            mirror.display = False

    def refresh_mirror(self):
        if self.device is not None and not self._widgets_gone():
            self.device_state = self.device.describe()  # a flood comes and goes
            self.query_one("#mirror", Static).update(self.device.mirror_text())
            self.query_one("#status", Static).update(
                "%s  |  %s" % (self.view.status_line(), self.device_state))


def run_table(session, port=None, no_device=False, direct=None):
    """Run the UI on this terminal until the players quit; returns the game's status.
    `direct` is a board file with "mcu": "linux": drive a matrix wired to this computer instead of a device."""
    device = None
    if not no_device:
        from boardlight.tui.device import open_device

        device = open_device(port, direct=direct)  # one line when it starts the virtual board
    try:
        return TableApp(session, device).run()
    finally:
        if device is not None:
            device.close()
