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

# "P for Bartholomew-Jr (O C, row, points):": 40 characters, two rows of 38.
NAME = "Bartholomew-Jr"
HEADING = "P for %s (O C, row, points):" % NAME


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _rows(text, width=38):
    return sum(max(1, -(-len(line) // width)) for line in text.splitlines())


def _dealt(store):
    session = FitsSession.start(store, [NAME], 2, {"boards": [1]})
    view = FitsView(session)
    view.handle("")  # deal: seed 2 gives the start card P
    assert session.core.start_tile(NAME) == "P"
    return session, view


def _ranked(session):
    # The hint's moves: P's 36 drops on an empty board, each resting on row 1, as the
    # engine ranks them (level 4, the hint's).
    from boardcore.fits import engine

    from boardlight.computer.fits import HINT_LEVEL, move_number
    from boardlight.computer.seats import engine_seed

    game = session.core
    ranked = engine.analyse(engine.position(game, NAME), HINT_LEVEL,
                            engine_seed(session.row.seed, move_number(game, 0)))
    assert len(ranked) == 36 and engine.PASS not in [m for m, _ in ranked]
    return ["%d %d  row 1   %+6.1f" % (m + (v,)) for m, v in ranked]


def test_a_fits_hint_under_a_two_row_heading_still_ends_with_more(store):
    session, view = _dealt(store)
    view.card_lines, view.card_width = 6, 38
    lines = _ranked(session)
    # 6 rows: the heading takes 2, the "more" line 1, so 3 moves fit a page: 12 pages.
    view.handle("hint 1")
    assert view.peek.splitlines() == [HEADING] + lines[:3] + ["more: 'hint 1 2'"]
    view.handle("hint 1 2")
    assert view.peek.splitlines() == [HEADING] + lines[3:6] + ["more: 'hint 1 3'"]
    view.handle("hint 1 12")
    assert view.peek.splitlines() == [HEADING] + lines[33:]


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
    assert seen["text"].splitlines()[-1] == "more: 'hint 1 2'"


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
