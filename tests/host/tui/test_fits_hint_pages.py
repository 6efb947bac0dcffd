"""FITS hint at the table beside the device's mirror (6 lines of card panel): a tile with 8
orientations showed orientations 1-5 and cut 6-8 without a word. The hint now ends with the
entry that shows the rest, 'hint P O' (from orientation O on)."""

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.fits import FitsView
from boardlight.tui.view import ViewError
from tui_helpers import beside_virtual_board, type_entry


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


# P (##/##/#.) on an empty board: 8 orientations, alternately 2 columns wide (drops at
# columns 1-5) and 3 wide (columns 1-4); each rests on the bottom row, row 1.
NARROW = "1>1 2>1 3>1 4>1 5>1"
WIDE = "1>1 2>1 3>1 4>1"


def _dealt(store):
    session = FitsSession.start(store, ["Ann"], 2, {"boards": [1]})
    view = FitsView(session)
    view.handle("")  # deal: seed 2 gives Ann the start card P
    assert session.core.start_tile("Ann") == "P"
    return session, view


def test_a_long_hint_says_how_to_see_the_rest(store):
    _session, view = _dealt(store)
    view.card_lines = 6
    view.handle("hint 1")
    assert view.peek.splitlines() == [
        "P for Ann, ORIENTATION: COLUMN>ROW",
        "1: " + NARROW, "2: " + WIDE, "3: " + NARROW, "4: " + WIDE,
        "more: 'hint 1 5'"]
    view.handle("hint ann 5")
    assert view.peek.splitlines() == [
        "P for Ann, ORIENTATION: COLUMN>ROW",
        "5: " + NARROW, "6: " + WIDE, "7: " + NARROW, "8: " + WIDE]
    for bad in ("hint 1 9", "hint 1 x", "hint 1 2 3"):
        with pytest.raises(ViewError):
            view.handle(bad)


def test_with_room_the_hint_is_whole(store):
    _session, view = _dealt(store)
    view.handle("hint 1")  # no panel height known: every orientation
    assert len(view.peek.splitlines()) == 9 and "more" not in view.peek


@pytest.mark.timeout(120)
def test_the_hint_fits_the_panel_beside_the_virtual_board(store):
    session, _view = _dealt(store)
    seen = {}

    async def script(app, pilot):
        await type_entry(pilot, "hint 1")
        card = app.query_one("#card")
        seen["height"] = card.content_region.height
        seen["text"] = str(card.content)

    beside_virtual_board(session, script)
    lines = seen["text"].splitlines()
    assert seen["height"] == 6 and len(lines) == 6
    assert lines[-1] == "more: 'hint 1 5'"
