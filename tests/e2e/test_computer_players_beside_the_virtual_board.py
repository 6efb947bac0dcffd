"""Computer players at the table UI beside the virtual board (the real firmware on the
MicroPython unix port): a whole FITS game with a computer seat, each of its moves shown on
the matrix for a person to put on the real board and confirmed with the device's `next`;
a long press of `next` shows the engine's best move for a person; a Forbes computer's cell
is drawn on the matrix too."""

import asyncio
import time

import pytest

from boardlight.computer import seats
from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.device import open_device
from tui_helpers import type_entry


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _expected(draw, *args):
    """A firmware screen drawn on a host canvas of the virtual board's size (16 x 16, colour)."""
    from boardlight.canvas import Canvas

    canvas = Canvas(16, 16, True)
    draw(canvas, *args)
    return [[canvas.rgb888(x, y) for x in range(16)] for y in range(16)]


def _hint_screen(name):
    from boardlight.firmware import import_module

    return getattr(import_module("screens.hint"), name)


def _pixels(frame):
    return [[frame.rgb(x, y) for x in range(16)] for y in range(16)]


async def _until(pilot, test, timeout=20.0, what="a state"):
    end = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < end, "timed out waiting for " + what
        await pilot.pause(0.05)


def _device():
    device = open_device("virtual", say=lambda _text: None)
    device.link.wait_connected(20)
    return device


def _start(store, game, words, seed, options):
    names, computers = seats.computer_names(words)
    cls = FitsSession if game == "fits" else ForbesSession
    return cls.start(store, names, seed, dict(options, computers=computers))


@pytest.mark.timeout(240)
def test_a_whole_fits_game_with_a_computer_its_moves_on_the_matrix(store):
    session = _start(store, "fits", ["Ann", "cpu:4"], 6, {"boards": [1]})
    device = _device()
    board = device.board
    app = TableApp(session, device)
    fits_hint = _hint_screen("fits_hint")
    out = {"shown": 0, "confirmed": []}

    async def computer_move_on_the_matrix(pilot):
        await _until(pilot, lambda: app.view.pending is not None, what="the computer's move")
        kind, payload = app.view.pending.screen
        assert kind == "fits_hint"
        pixels = _expected(fits_hint, payload["tile"], payload.get("orientation"), payload.get("column"))
        await _until(pilot, lambda: board.frame is not None and _pixels(board.frame) == pixels,
                     what="the computer's move on the matrix")
        out["shown"] += 1
        seq = session.seq
        board.press("next")  # a person put CPU4's tile on its board: the device confirms
        await _until(pilot, lambda: session.seq == seq + 1, what="the confirmation")
        out["confirmed"].append(session.core.board("CPU4").drops[-1])

    async def script(pilot):
        game = session.core
        board.press("next")  # deal
        await _until(pilot, lambda: session.seq == 1, what="the deal")
        # A long press of next: the engine's best move for Ann's start tile, on the matrix.
        board.press("next", long=True)
        await _until(pilot, lambda: app.view.hint_screen is not None, what="the hint")
        kind, payload = app.view.hint_screen
        assert kind == "fits_hint" and payload["tile"] == game.start_tile("Ann")
        await _until(pilot, lambda: _pixels(board.frame) == _expected(
            fits_hint, payload["tile"], payload["orientation"], payload["column"]), what="the hint drawn")
        out["hint"] = app.last_message
        await type_entry(pilot, "1 %d %d" % (payload["orientation"], payload["column"]))  # Ann follows it
        await computer_move_on_the_matrix(pilot)  # CPU4's start tile
        while game.phase != "over":
            board.press("next")  # turn the next card
            await _until(pilot, lambda: game.card is not None and game.waiting(), what="a card")
            if "Ann" in game.waiting():
                await type_entry(pilot, "1 pass")
            if "CPU4" in game.waiting():
                await computer_move_on_the_matrix(pilot)

    try:
        asyncio.run(_pilot(app, script))
    finally:
        device.close()
    assert session.row.status == "finished"
    assert out["hint"].startswith("Best for Ann: ")
    # The start tile and every building card but its own start card: each shown, then confirmed.
    assert out["shown"] == len(out["confirmed"]) == 16
    assert session.core.totals()["CPU4"] > session.core.totals()["Ann"]


@pytest.mark.timeout(120)
def test_a_forbes_computers_cell_on_the_matrix(store):
    session = _start(store, "forbes", ["cpu:3", "Ann"], 8, {})
    device = _device()
    board = device.board
    app = TableApp(session, device)
    forbes_hint = _hint_screen("forbes_hint")
    out = {}

    async def script(pilot):
        game = session.core.game
        assert game.current == 0
        # The computer draws by itself; its cell waits on the matrix for a person.
        await _until(pilot, lambda: app.view.pending is not None, what="the computer's cell")
        kind, payload = app.view.pending.screen
        pixels = _expected(forbes_hint, payload["stone"], payload["row"], payload["col"], payload["board"])
        await _until(pilot, lambda: _pixels(board.frame) == pixels, what="the cell on the matrix")
        out["text"] = app.last_message
        await type_entry(pilot, "")  # Enter confirms as the device's next does
        out["moves"] = list(game.moves)

    try:
        asyncio.run(_pilot(app, script))
    finally:
        device.close()
    assert out["text"].startswith("CPU3 puts its ")
    assert len(out["moves"]) == 1 and out["moves"][0][0] == 0


async def _pilot(app, script):
    async with app.run_test(size=(80, 24)) as pilot:
        await script(pilot)
