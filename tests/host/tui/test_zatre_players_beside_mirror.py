"""Zatre's players' table beside the device's mirror (6 lines of card panel) with five or
six players shows only those holding tiles; late in a game several keep a tile they could
not place, and then their rows ran past the panel's end without a word."""

import pytest

from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from boardlight.tui.zatre import ZatreView

NAMES = ["Ann", "Bob", "Cy", "Dee", "Ed", "Fay"]


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_more_holders_than_the_panel_holds_are_counted_not_cut(store):
    session = ZatreSession.start(store, NAMES, 2)
    game = session.core
    hand = game.hand()
    assert game.current == 0 and len(hand) == 3
    for p in (1, 2, 3, 4):
        game.hands[p] = [p]  # Bob..Ed each kept a tile (1..4) they could not place
    view = ZatreView(session)
    view.card_lines = 6
    lines = view.card_text().splitlines()
    # The turn line, the heading, three of the five holders, and a line for the other two.
    assert len(lines) == 6, lines
    assert lines[0] == "To move: Ann  hand %s, place 3" % " ".join(str(v) for v in hand)
    assert [line.split() for line in lines[2:5]] == [
        ["Ann", "0", str(sum(hand)), str(-sum(hand))],
        ["Bob", "0", "1", "-1"],
        ["Cy", "0", "2", "-2"]]
    assert lines[5] == "and 2 more holding tiles: 'sheet P'"


def test_rows_that_all_fit_need_no_closing_line(store):
    # The turn line, the heading and five rows fill 7 lines: every row shows, nothing is
    # cut or summed up.
    session = ZatreSession.start(store, NAMES[:5], 2)
    view = ZatreView(session)
    view.card_lines = 7  # the turn line, the heading, five rows
    lines = view.card_text().splitlines()
    assert [line.split()[0] for line in lines[2:]] == NAMES[:5]
