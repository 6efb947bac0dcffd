"""FITS hint at the table beside the device's mirror (6 lines of card panel): the engine's
ranking of every drop is longer than the panel, so it comes in pages, each ending with the
entry that shows the next, 'hint P N'."""

import pytest

from boardcore.fits import engine

from boardlight.computer.fits import HINT_LEVEL, move_number
from boardlight.computer.seats import engine_seed
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.fits import FitsView
from boardlight.tui.view import ViewError
from tui_helpers import beside_virtual_board, type_entry


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


HEADING = "P for Ann (O C, row, points):"


def _dealt(store):
    session = FitsSession.start(store, ["Ann"], 2, {"boards": [1]})
    view = FitsView(session)
    view.handle("")  # deal: seed 2 gives Ann the start card P
    assert session.core.start_tile("Ann") == "P"
    return session, view


def _ranked(session):
    # P on an empty board: 8 orientations, alternately 2 columns wide (drops at columns
    # 1-5) and 3 wide (columns 1-4), 36 drops, each resting on row 1; a start tile may not
    # be set aside. Ranked by the engine at the hint's level.
    game = session.core
    ranked = engine.analyse(engine.position(game, "Ann"), HINT_LEVEL,
                            engine_seed(session.row.seed, move_number(game, 0)))
    drops = sorted(m for m, _ in ranked)
    assert drops == sorted((o, c) for o in range(1, 9) for c in range(1, 6 if o % 2 else 5))
    assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)
    return ["%d %d  row 1   %+6.1f" % (m + (v,)) for m, v in ranked]


def test_a_long_hint_says_how_to_see_the_rest(store):
    session, view = _dealt(store)
    lines = _ranked(session)
    view.card_lines = 6
    said = view.handle("hint 1")
    assert view.peek.splitlines() == [HEADING] + lines[:4] + ["more: 'hint 1 2'"]
    best = lines[0].split()
    assert said.startswith("Best for Ann: P %s %s, rests on row 1; about %s points" % (best[0], best[1], best[-1]))
    view.handle("hint ann 2")
    assert view.peek.splitlines() == [HEADING] + lines[4:8] + ["more: 'hint 1 3'"]
    view.handle("hint 1 9")
    assert view.peek.splitlines() == [HEADING] + lines[32:]
    for bad in ("hint 1 10", "hint 1 0", "hint 1 x", "hint 1 2 3"):
        with pytest.raises(ViewError):
            view.handle(bad)


def test_with_room_the_hint_is_whole(store):
    session, view = _dealt(store)
    view.handle("hint 1")  # no panel height known: every move
    assert view.peek.splitlines() == [HEADING] + _ranked(session)


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
    assert lines[-1] == "more: 'hint 1 2'"
