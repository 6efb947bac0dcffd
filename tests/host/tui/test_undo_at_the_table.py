"""Undo at the table: the `undo` entry and the device's long `menu` (an intent, never a typed
entry), what the table says, and what the device shows after it (the card, the tiles and
their hint, the stone to place again); Zatre's draw step; the line-based game."""

import asyncio

import pytest

from boardcore.protocol.screens import check
from boardcore.zatre.hint import compact_hint
from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui import intents
from boardlight.tui.app import TableApp
from boardlight.tui.view import ViewError, view_for
from tui_helpers import plain_game


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _screen(view):
    kind, payload = view.device_screen()
    assert check(kind, payload) == {k: v for k, v in payload.items() if v is not None}
    return kind, payload


def test_fits_undo_entry_and_the_card_on_the_device(store):
    session = FitsSession.start(store, ["Ann"], 5, {"boards": [2]})
    view = view_for(session)
    view.handle("")  # deal: Ann's start tile Y
    view.handle("2 1")
    view.handle("")  # card X
    view.handle("1 4")
    said = view.handle("undo")
    assert said == ("Taken back: Ann's drop of X (orientation 1, column 4). Ann: place X"
                    " (P ORIENTATION COLUMN) or 'P pass'.")
    assert _screen(view) == ("fits_card", {"tile": "X", "round_no": 1, "board_no": 2})
    with pytest.raises(ViewError, match="Ann still to place or pass X"):
        view.handle("")  # X is to be placed again: the next card waits
    assert [e[:3] for e in session.core.board("Ann").drops] == [("Y", 2, 1)]


def test_the_long_menu_is_undo_and_the_device_shows_the_state_after_it(store):
    session = ZatreSession.start(store, ["Ann", "Bob"], 3)
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)):
            app.enter("1@7,7 3@6,7 4@7,6")
            seen["draw"] = app.view.device_screen()
            seen["prompt"] = app.view.prompt()
            app.device_event(("button", "menu", "long"))
            seen["said"] = app.last_message
            seen["screen"] = app.view.device_screen()

    asyncio.run(main())
    # After Ann's turn the device waits for Bob's draw; the undo gives Ann her tiles back.
    assert seen["draw"] == ("message", {"text": "Bob: draw", "loop": True})
    assert seen["prompt"] == ("Bob: press Enter (or the device's button) to draw your tiles"
                              " ('undo' takes back Ann's turn).")
    assert seen["said"].startswith("Taken back: Ann's turn (1@7,7 3@6,7 4@7,6). Ann: place 3")
    game = session.core
    assert seen["screen"] == ("zatre_tiles", {"tiles": [1, 3, 4], "hint": list(compact_hint(
        game.board, [1, 3, 4], True, False))})
    (_seq, kind, data), = [a for a in store.actions(session.row.id) if a[1] == "undo"]
    assert data["by"] == "the device"


def test_zatre_next_draws_the_tiles_then_shows_the_hint(store):
    session = ZatreSession.start(store, ["Ann", "Bob"], 3)
    view = view_for(session)
    view.handle("1@7,7 3@6,7 4@7,6")
    assert view.card_text().startswith("To move: Bob, to draw (Enter)")
    assert view.intent_for_event(("button", "next", "short")) == intents.NEXT
    assert view.on_intent(intents.NEXT) == "Bob draws 1 1. Bob: place 2 of 1 1 as VALUE@ROW,COL ..."
    assert view.intent_for_event(("button", "next", "short")) == intents.HINT
    assert _screen(view)[0] == "zatre_tiles"
    with pytest.raises(Exception, match="Nothing can be taken back now: Bob's tiles were drawn"):
        view.handle("undo")


def test_forbes_the_stone_comes_back_to_be_placed_again(store):
    session = ForbesSession.start(store, ["Ann", "Bob"], 42)
    view = view_for(session)
    view.handle("0 0")  # draws a T and places it
    assert view.on_intent(intents.UNDO).startswith("Taken back: Ann's stone at row 0, column 0.")
    assert _screen(view) == ("forbes_stone", {"stone": "T"})
    assert view.prompt() == "Ann: place the triangle with ROW COL."


def test_undo_in_the_line_based_game(store):
    session = FitsSession.start(store, ["Ann"], 5, {"boards": [2]})
    _, said = plain_game(session, ["", "2 1", "undo", "2 2", "", "undo", "help", "quit"])
    text = " ".join("\n".join(said).split())  # the sentences wrap at 79 columns
    assert "Taken back: Ann's drop of Y (orientation 2, column 1)." in text
    assert "Nothing can be taken back now: card X was turned, and what the table has seen" \
           " stays seen" in text
    assert "undo: take back the last move; board: the table again" in text
    assert [e[:3] for e in session.core.board("Ann").drops] == [("Y", 2, 2)]
