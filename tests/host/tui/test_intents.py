"""A button is an intent: device events become intents (tui.intents) that the view acts on
directly, never an entry typed back through the view's parser; Enter alone is `next`."""

import asyncio

import pytest

from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from boardlight.tui import intents
from boardlight.tui.app import TableApp
from boardlight.tui.view import view_for


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


@pytest.mark.parametrize("event,intent", [
    (("button", "next", "short"), intents.NEXT),
    (("button", "menu", "short"), intents.MENU),
    (("button", "p2", "down"), intents.hold(1)),
    (("button", "p2", "short"), intents.player(1)),
    (("button", "p6", "long"), intents.player(5)),
    (("button", "next", "down"), None),      # only the release of next and menu counts
    (("button", "next", "long"), intents.HINT),  # the best move, on the matrix too
    (("button", "menu", "long"), intents.UNDO),  # a long menu takes back the last action
    (("button", "p0", "down"), None),        # not a player button
    (("button", "aux", "short"), None),
    (("scan", "04A3B2C1"), None),            # a card the view reads itself
])
def test_device_events_and_their_intents(event, intent):
    assert intents.intent_for_event(event) == intent


def test_next_deals_and_menu_lists_the_entries(store):
    view = view_for(session_class("fits").start(store, ["Ann"], 5))
    assert view.on_intent(intents.NEXT).startswith("Round 1 on board 1.")
    assert view.on_intent(intents.MENU) == \
        "The entries are in the card panel; any entry hides them again."
    help_text = view.peek
    assert help_text.startswith("Enter      deal / next card")
    # A player's button changes nothing at the table: the help stays in the panel.
    assert view.on_intent(intents.player(0)) is None and view.on_intent(intents.hold(0)) is None
    assert view.peek == help_text


def test_an_empty_entry_is_the_next_intent(store):
    view = view_for(session_class("forbes").start(store, ["Ann", "Bob"], 4))
    assert view.handle("") == "Ann draws a square: place it with ROW COL."
    assert view.session.core.game.stone == "S"


def test_zatre_next_button_is_the_hint_and_enter_repeats_the_prompt(store):
    view = view_for(session_class("zatre").start(store, ["Ann", "Bob"], 3))
    intent = view.intent_for_event(("button", "next", "short"))
    assert intent == intents.HINT
    assert view.on_intent(intent) == "Hint for Ann shown."
    assert view.handle("") == view.prompt() and view.peek is None


def test_a_held_player_button_is_that_players_cards_for_the_device_alone(store):
    session = session_class("forbes").start(store, ["Ann", "Bob"], 4)
    view = view_for(session)
    bob = session.core.game.all_hands()[1]
    assert view.private_screen(intents.hold(1)) == ("forbes_hand", {"cards": bob})
    assert view.private_screen(intents.hold(2)) is None  # no third player
    assert view.private_screen(intents.player(1)) is None
    assert view_for(session_class("fits").start(store, ["Ann"], 5)).private_screen(
        intents.hold(0)) is None


class Device:
    """The bridge's calls the app makes, remembering what it was asked to show."""

    private = False
    screen = None

    def __init__(self):
        self.shown = []

    def attach(self, app):
        self.app = app

    def describe(self):
        return "test device: connected"

    def show(self, screen, private=False):
        self.private = private
        self.screen = screen
        self.shown.append((screen, private))

    def mirror_text(self):
        return "(mirror)"


def test_the_table_acts_on_buttons_without_the_entry_parser(store):
    session = session_class("forbes").start(store, ["Ann", "Bob"], 4)
    device = Device()
    app = TableApp(session, device)

    def no_typing(text):
        raise AssertionError("a button became the typed entry %r" % text)

    app.view.handle = no_typing
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.device_event(("button", "next", "down"))
            app.device_event(("button", "next", "short"))   # Ann draws
            seen["stone"] = session.core.game.stone
            app.device_event(("button", "p2", "down"))      # Bob holds his button
            seen["held"] = device.shown[-1]
            app.device_event(("button", "next", "short"))   # a release while held: only
            seen["after"] = (device.shown[-1], session.seq)  # the table's screen comes back
            await pilot.press("enter")                      # Enter alone: next
            await pilot.pause()
            seen["enter"] = app.last_message

    asyncio.run(main())
    assert seen["stone"] is not None
    assert seen["held"] == (("forbes_hand", {"cards": session.core.game.all_hands()[1]}), True)
    (screen, private), seq = seen["after"]
    assert not private and screen == app.view.device_screen() and seq == 2  # deal, draw
    assert seen["enter"] == "Ann drew a %s: place it with ROW COL (0..3)" % {
        "S": "square", "T": "triangle", "C": "circle", "X": "star"}[seen["stone"]]
