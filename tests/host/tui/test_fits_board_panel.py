"""The FITS board panel: every cell the rules count is in the picture (rows above 12
where a tile sticks out), and a special space that costs points is told apart from one
that earns them without colour."""

import asyncio

import pytest

from boardcore.errors import RuleError
from boardcore.fits import tiles as fits_tiles
from boardlight.render.fits_overhang import overhang, top_row
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.fits import FitsView
from boardlight.tui.markup import to_plain


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _tower(session):
    """Deal, and have everyone drop every tile as high as it goes until one of Ann's sticks
    out above row 12."""
    game = session.core
    session.act({"type": "deal"})
    while not overhang(game.board("Ann")):
        assert game.phase in ("start", "cards"), "the round ended without an overhang"
        if not game.waiting():
            session.act({"type": "turn"})
        for name in game.waiting():
            seat = game.players.index(name)
            tile = game.tile_to_place(name)
            drops = game.legal_drops(name)
            if not drops:
                session.act({"type": "aside", "seat": seat, "tile": tile})
                continue

            def top(drop):
                o, c, r = drop
                return r + fits_tiles.extent(fits_tiles.orientations(tile)[o - 1])[0]

            o, c, _r = max(drops, key=top)
            session.act({"type": "drop", "seat": seat, "tile": tile, "orientation": o,
                         "column": c})


def test_a_tile_sticking_out_above_the_top_is_in_the_picture(store):
    session = FitsSession.start(store, ["Ann", "Bob"], 3, {"boards": [1, 3]})
    game = session.core
    _tower(session)
    board = game.board("Ann")
    above = overhang(board)
    top = top_row([board])
    assert top > 12
    view = FitsView(session)
    view.board_room = 16  # the board panel at 80 x 24
    lines = to_plain(view.board_text()).splitlines()
    assert len(lines) <= 16, lines
    labels = [line[:2].strip() for line in lines]
    assert labels[labels.index(str(top)):labels.index(str(top)) + top] == \
        [str(r) for r in range(top, 0, -1)]
    for (r, c), _tile in above.items():
        row = lines[labels.index(str(r))]
        assert row[2 + c] == "#", (r, c, lines)  # Ann's board: its columns come first
    # A drop refused for resting above the top names a row the picture shows covered
    # just below it.
    column = max(range(1, 7), key=lambda c: board.tops[c - 1])
    with pytest.raises(RuleError, match="above the top") as refused:
        board.resting_row("O4", 1, min(column, 5))
    rest = int(str(refused.value).split("rest at row ")[1].split(" ")[0].rstrip(","))
    assert rest > 12
    below = lines[labels.index(str(rest - 1))]
    assert below[2 + column] == "#", (refused.value, lines)
    # The line game draws the same rows.
    view.plain = True
    assert "%2d" % top in [line[:2] for line in to_plain(view.board_text()).splitlines()]


def test_the_table_ui_keeps_every_row_of_an_overhanging_board_on_screen(store):
    session = FitsSession.start(store, ["Ann", "Bob", "Cy", "Dee"], 3, {"boards": [4]})
    _tower(session)
    top = top_row([session.core.board(p) for p in session.players])
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = app.query_one("#board")
            seen["lines"] = str(board.content).splitlines()
            seen["room"] = board.content_region.height

    asyncio.run(main())
    lines = seen["lines"]
    assert len(lines) <= seen["room"], lines
    assert [line[:2] for line in lines if line[:2].strip().isdecimal()] == \
        ["%2d" % r for r in range(top, 0, -1)]


def test_board_3_spaces_that_cost_points_are_not_drawn_as_the_ones_that_earn(store):
    # Board 3 (illustrative): -5 at (1,4) (5,1) (7,6) (10,3); +2 at (2,2) (6,5) (9,1).
    session = FitsSession.start(store, ["Ann"], 3, {"boards": [3]})
    session.act({"type": "deal"})
    view = FitsView(session)
    lines = to_plain(view.board_text()).splitlines()

    def at(r, c):
        return lines[13 - r][2 + c]

    assert [at(1, 4), at(5, 1), at(7, 6), at(10, 3)] == ["❺"] * 4
    assert [at(2, 2), at(6, 5), at(9, 1)] == ["2"] * 3
    assert "❺ = -5" in lines[-1] and "ILLUSTRATIVE" in lines[-1]
    assert len(lines[-1]) <= 34
    # The line game writes the values out in full.
    view.plain = True
    assert " -5" in to_plain(view.board_text())
