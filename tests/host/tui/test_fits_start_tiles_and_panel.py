"""FITS at the table (80 x 24, Textual's pilot): the start tiles and the card panel."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from tui_helpers import type_entry as _type


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


class MirrorOnly:
    """A device that is only its 16 x 16 matrix mirror (8 text rows), as the virtual board
    takes its place in the layout; it records what it is asked to show."""

    private = False

    def __init__(self):
        self.shown = []

    def describe(self):
        return "virtual board: connected"

    def attach(self, app):
        self.app = app

    def show(self, screen, private=False):
        self.shown.append(screen)

    def mirror_text(self):
        return "\n".join(["▀" * 16] * 8)

    def close(self):
        pass


def _run(app, script):
    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot)

    asyncio.run(main())


def test_start_tiles_show_their_own_tile_and_orientations(store):
    # Seed 7, two players: Ann draws start card U, Bob Y (the deal message says so).
    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    app = TableApp(session)
    seen = {}

    async def script(pilot):
        await _type(pilot, "")
        seen["deal"] = app.last_message
        seen["card"] = str(app.query_one("#card").content)
        await _type(pilot, "")  # Enter before the start tiles are down
        seen["early"] = app.last_message
        await _type(pilot, "1 pass")  # a start tile cannot be set aside
        seen["pass"] = app.last_message
        await _type(pilot, "1 1 1")
        seen["card2"] = str(app.query_one("#card").content)
        seen["prompt2"] = app.view.prompt()

    _run(app, script)
    assert seen["deal"] == "Round 1 on board 1. Start tiles: Ann U, Bob Y."
    # The card panel shows Ann's U, with its 4 orientations numbered; the prompt before
    # named U for Bob as well and offered 'P pass', which a start tile does not allow.
    assert seen["card"].splitlines()[0] == "Start tile of Ann: U"
    assert seen["card"].splitlines()[1].split() == ["1", "2", "3", "4"]
    assert seen["early"] == ("first the start tiles: Ann U, Bob Y still to place"
                             " (P ORIENTATION COLUMN)")
    assert "cannot be set aside" in seen["pass"]
    # After Ann, Bob's own tile: Y and its 8 orientations.
    assert seen["card2"].splitlines()[0] == "Start tile of Bob: Y"
    assert seen["card2"].splitlines()[1].split() == [str(o) for o in range(1, 9)]
    assert seen["prompt2"] == "Place your start tile (P ORIENTATION COLUMN): Bob Y."


def test_all_eight_orientations_fit_with_four_players_and_a_device(store):
    # Four players and the matrix mirror leave the card panel 6 lines inside: the card
    # and all its numbered orientations must still be on the screen. Seed 7: the starts
    # are U, Y, T5, P and the first building card is Y (Bob skips it).
    session = FitsSession.start(store, ["Ann", "Bob", "Cy", "Dee"], 7)
    app = TableApp(session, MirrorOnly())
    seen = {}

    async def script(pilot):
        await _type(pilot, "")
        for p in range(1, 5):
            await _type(pilot, "%d 1 1" % p)
        await _type(pilot, "")
        card = app.query_one("#card")
        seen["text"] = str(card.content)
        seen["height"] = card.content_region.height
        seen["width"] = card.content_region.width

    _run(app, script)
    lines = seen["text"].splitlines()
    assert lines[0] == "Card 1/16: Y  (Bob skips)"
    assert lines[1].split() == [str(o) for o in range(1, 9)]
    assert len(lines) <= seen["height"]
    assert max(len(line) for line in lines) <= seen["width"]


def test_the_card_panel_names_the_winner_when_the_game_is_over(store):
    # One round on board 1, Ann alone: her U at orientation 1, column 1 covers row 1
    # columns 1-3 and row 2 columns 1 and 3; every card then set aside. No full row;
    # 72 - 5 = 67 open dots: -67. One board: no solo title, and the panel says why.
    session = FitsSession.start(store, ["Ann"], 7, {"boards": [1]})
    app = TableApp(session)
    seen = {}

    async def script(pilot):
        await _type(pilot, "")
        await _type(pilot, "1 1")
        for _ in range(16):
            await _type(pilot, "")
            await _type(pilot, "pass")
        seen["card"] = str(app.query_one("#card").content)

    _run(app, script)
    assert session.core.phase == "over"
    assert session.core.start_tile("Ann") == "U"
    # Alone, nobody wins: her total, and why a game of one board has no solo rating.
    assert seen["card"].startswith("Game over: total: Ann -67; no solo rating: the titles are for a solo game of all four boards, and this game had board 1 only")


def _board_fits(app):
    """The board panel's lines (markup removed) against the room the panel has inside."""
    from rich.text import Text

    board = app.query_one("#board")
    lines = Text.from_markup(str(board.content)).plain.splitlines()
    return lines, board.content_region.width, board.content_region.height


@pytest.mark.parametrize("tally", [False, True])
def test_four_players_with_ordinary_names_fit_the_board_panel(store, tally):
    # Alice, Bobby, Carol, David on board 4: the "start:" line was 41 columns and wrapped,
    # pushing the ILLUSTRATIVE note off a panel that has no line to spare; the quick-tally
    # panel cut "6,6 A" in two. Every line must fit, the note must be on screen.
    options = {"boards": [4]}
    if tally:
        options["scoring"] = "tally"
    session = FitsSession.start(store, ["Alice", "Bobby", "Carol", "David"], 7, options)
    app = TableApp(session)
    seen = {}

    async def script(pilot):
        await _type(pilot, "")
        seen["board"] = _board_fits(app)

    _run(app, script)
    lines, width, height = seen["board"]
    assert max(len(line) for line in lines) <= width, lines
    assert len(lines) <= height, lines
    assert any("ILLUSTRATIVE" in line for line in lines)
    starts = session.core.starts if tally else [session.core.start_tile(p)
                                                 for p in session.players]
    if tally:
        # Board 4's ten special spaces, each whole on one line: the pairs A..E.
        text = "\n".join(lines)
        for r, c, sym in ((2, 1, "A"), (6, 6, "A"), (3, 4, "B"), (9, 2, "B"), (5, 2, "C"),
                          (11, 6, "C"), (7, 5, "D"), (12, 1, "D"), (4, 6, "E"),
                          (10, 4, "E")):
            assert "%d,%d %s" % (r, c, sym) in text
        assert "Alice %s" % starts[0] in text and "David %s" % starts[3] in text
    else:
        start = [line for line in lines if line.startswith("start:")]
        assert start and all(t in start[0].split() for t in starts)


def test_ctrl_c_quits_the_table_like_ctrl_q(store):
    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    app = TableApp(session)
    seen = {}

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await _type(pilot, "")  # deal: one action logged
            await pilot.press("ctrl+c")
            await pilot.pause()
            seen["running"] = app.is_running

    asyncio.run(main())
    assert seen["running"] is False
    assert app.return_value == "playing"
    assert [kind for _seq, kind, _data in store.actions(session.row.id)] == ["deal"]


def test_hint_lists_the_drops_one_line_per_orientation(store):
    # Seed 7: Bob's start tile is Y on an empty board. Every drop rests on row 1; Y is 2
    # wide standing (orientations 1, 3, 5, 7: columns 1..5) and 4 wide lying (2, 4, 6, 8:
    # columns 1..3): 32 drops, one a line, ranked by the engine, as many as the panel holds.
    session = FitsSession.start(store, ["Ann", "Bob"], 7)
    app = TableApp(session)
    seen = {}

    async def script(pilot):
        await _type(pilot, "")
        await _type(pilot, "hint 2")
        seen["card"] = str(app.query_one("#card").content)
        seen["width"] = app.query_one("#card").content_region.width
        seen["height"] = app.query_one("#card").content_region.height

    _run(app, script)
    lines = seen["card"].splitlines()
    assert lines[0] == "Y for Bob (O C, row, points):"
    assert lines[-1] == "more: 'hint 2 2'" and len(lines) == seen["height"]
    moves = [line.split()[:4] for line in lines[1:-1]]
    assert all(m[2:] == ["row", "1"] for m in moves)
    assert all((int(o) % 2 and 1 <= int(c) <= 5) or (not int(o) % 2 and 1 <= int(c) <= 3)
               for o, c, _, _ in moves)
    assert max(len(line) for line in lines) <= seen["width"]
