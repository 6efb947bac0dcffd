"""The card panel beside the device's mirror holds 6 lines of 38 columns (80 x 24), and it
wraps a longer line onto a second one. The FITS hint and the Forbes match list counted their
text in lines, so a long name (the hint's heading) or four or five players (a game's line)
took more rows than counted: the hint's last line, "more: 'hint P O'", and the newest games
fell off the bottom of the panel without a word."""

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.store.gamelog import Store
from boardlight.tui.fits import FitsView
from boardlight.tui.forbes import ForbesView
from session_scripts import SCRIPTS
from tui_helpers import beside_virtual_board, type_entry

# P on an empty board (test_gap_table_fits_hint): 8 orientations, alternately 2 columns
# wide (drops at columns 1-5) and 3 wide (columns 1-4), each resting on row 1.
NARROW = "1>1 2>1 3>1 4>1 5>1"
WIDE = "1>1 2>1 3>1 4>1"
# "P for Bartholomew, ORIENTATION: COLUMN>ROW": 42 characters, two rows of 38.
HEADING = "P for Bartholomew, ORIENTATION: COLUMN>ROW"


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _rows(text, width=38):
    return sum(max(1, -(-len(line) // width)) for line in text.splitlines())


def _dealt(store):
    session = FitsSession.start(store, ["Bartholomew"], 2, {"boards": [1]})
    view = FitsView(session)
    view.handle("")  # deal: seed 2 gives the start card P
    assert session.core.start_tile("Bartholomew") == "P"
    return session, view


def test_a_fits_hint_under_a_two_row_heading_still_ends_with_more(store):
    _session, view = _dealt(store)
    view.card_lines, view.card_width = 6, 38
    # 6 rows: the heading takes 2, the "more" line 1, so 3 orientations fit.
    view.handle("hint 1")
    assert view.peek.splitlines() == [HEADING, "1: " + NARROW, "2: " + WIDE, "3: " + NARROW,
                                      "more: 'hint 1 4'"]
    view.handle("hint 1 4")
    assert view.peek.splitlines() == [HEADING, "4: " + WIDE, "5: " + NARROW, "6: " + WIDE,
                                      "more: 'hint 1 7'"]
    view.handle("hint 1 7")
    assert view.peek.splitlines() == [HEADING, "7: " + NARROW, "8: " + WIDE]


@pytest.mark.timeout(120)
def test_the_ui_tells_the_view_its_panel_width_and_the_hint_fits(store):
    session, _view = _dealt(store)
    seen = {}

    async def script(app, pilot):
        await type_entry(pilot, "hint 1")
        card = app.query_one("#card")
        seen["region"] = (card.content_region.width, card.content_region.height)
        seen["text"] = str(card.content)
        seen["width"] = app.view.card_width

    beside_virtual_board(session, script)
    assert seen["region"] == (38, 6) and seen["width"] == 38
    assert _rows(seen["text"]) == 6
    assert seen["text"].splitlines()[-1] == "more: 'hint 1 4'"


def test_forbes_games_wider_than_the_panel_count_two_rows(store):
    names = ["Annabelle", "Bartholomew", "Cy", "Dee", "Ed"]
    session = ForbesSession.start(store, names, 21, {"target_score": 25})
    while len(session.core.history) < 3:
        session.act(SCRIPTS["forbes"](session))
    session.act(SCRIPTS["forbes"](session))  # the next game: deal
    session.act(SCRIPTS["forbes"](session))  # its first stone drawn
    game = session.core.game
    assert game is not None and game.stone is not None
    history = ["game %d: %s" % (n, ", ".join("%s %d" % (p, s) for p, s in zip(names, points)))
               for n, (_dealer, points) in enumerate(session.core.history, 1)]
    n = len(history)
    assert all(38 < len(line) <= 76 for line in history)  # two rows each
    view = ForbesView(session)
    view.card_lines, view.card_width = 6, 38
    lines = view.card_text().splitlines()
    # Turn and stone (2 rows), then of the 4 rows left: "games 1-N" and the newest game (2).
    assert lines[0] == "To play: %s" % names[game.current]
    assert lines[1].startswith("Stone drawn: ")
    assert lines[2:] == ["games 1-%d: in boardlight show" % (n - 1), history[-1]]
    assert _rows("\n".join(lines)) <= 6
