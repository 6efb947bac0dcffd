"""The table UI with the virtual board attached (the real firmware on the MicroPython unix
port behind a pty): buttons drive the game, the matrix shows the card, a Forbes player's
cards appear on the device only, and a pulled cable is survived and re-synchronised."""

import asyncio

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.forbes import ForbesSession
from boardlight.store.gamelog import Store
from boardlight.tui.app import TableApp
from boardlight.tui.device import open_device
from tui_helpers import type_entry as _type
from tui_helpers import until as _until



class Cable:
    """A USB cable that can be pulled: while pulled, no byte passes either way."""

    def __init__(self):
        self.pulled = False

    def _pass(self, data):
        return b"" if self.pulled else data

    def filters(self):
        return (self._pass, self._pass)


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _device(cable=None):
    notes = []
    options = {"filters": cable.filters()} if cable else {}
    device = open_device("virtual", say=notes.append, virtual_options=options)
    device.link.wait_connected(20)
    assert notes == ["Playing with the virtual board."]
    return device


def _screen(name):
    """A firmware screen module, imported as --direct imports it (shadowing nothing of the host)."""
    from boardlight.firmware import import_module

    return import_module(name)


def _expected(draw, *args, **kwargs):
    """A firmware screen drawn on a host canvas of the virtual board's size (16 x 16, colour):
    what the device, running the same screen on MicroPython, must show."""
    from boardlight.canvas import Canvas

    canvas = Canvas(16, 16, True)
    draw(canvas, *args, **kwargs)
    return [[canvas.rgb888(x, y) for x in range(16)] for y in range(16)]


def _pixels(frame):
    return [[frame.rgb(x, y) for x in range(16)] for y in range(16)]


def _frame_is(board, pixels):
    return board.frame is not None and _pixels(board.frame) == pixels


@pytest.mark.timeout(120)
def test_fits_buttons_matrix_and_a_pulled_cable(store):
    session = FitsSession.start(store, ["Ann"], 5)
    cable = Cable()
    device = _device(cable)
    board = device.board
    app = TableApp(session, device)
    fits_card = _screen("screens.fits").fits_card
    out = {}

    async def script(pilot):
        game = session.core
        board.press("next")                          # the device's button deals
        await _until(pilot, lambda: session.seq == 1)
        out["deal"] = app.last_message
        start = game.start_tile("Ann")
        # One player: the device shows the start card, marked as one, round 1 on board 1.
        start_pixels = _expected(fits_card, start, True, 1, None, 1)
        await _until(pilot, lambda: _frame_is(board, start_pixels))
        await _type(pilot, "1 1")                    # the start tile, from the keyboard
        board.press("next")                          # turn the first building card
        await _until(pilot, lambda: session.seq == 3)
        first = game.card
        await _until(pilot, lambda: _frame_is(board, _expected(fits_card, first, False, 1, None, 1)))
        # Pull the cable: the UI says so, play goes on from the keyboard.
        cable.pulled = True
        await _until(pilot, lambda: "not answering" in app.last_message, timeout=15)
        out["unplugged"] = app.last_message
        drops = game.legal_drops("Ann")
        await _type(pilot, "%d %d" % drops[0][:2] if drops else "pass")
        await _type(pilot, "")                       # the next card, from the keyboard
        second = game.card
        out["cards"] = (first, second, session.seq)
        cable.pulled = False                         # plugged back in
        await _until(pilot, lambda: "display restored" in app.last_message, timeout=15)
        # Re-synchronised: the device shows the card turned while it was away.
        await _until(pilot, lambda: _frame_is(board, _expected(fits_card, second, False, 1, None, 1)))
        out["mirror"] = str(app.query_one("#mirror").content)
        # A real device's mirror is drawn on the host from the same screen: it must match
        # what the firmware drew on MicroPython, pixel for pixel.
        from boardlight.tui.device import DeviceBridge

        as_real = DeviceBridge(device.link)
        as_real.show(device.screen)
        out["host_mirror"] = (as_real.mirror_text(), device.mirror_text())

    try:
        asyncio.run(_pilot(app, script))
    finally:
        device.close()
    assert out["deal"].startswith("Round 1 on board 1. Start tiles: Ann ")
    assert out["unplugged"].startswith("virtual board: not answering")
    first, second, seq = out["cards"]
    assert first != second and seq == 5  # deal, start drop, card 1, its drop, card 2
    assert out["mirror"].count("\u2580") == 16 * 8  # 16 x 16 pixels as 8 rows of half blocks
    host, virtual = out["host_mirror"]
    assert host == virtual


@pytest.mark.timeout(120)
def test_forbes_cards_only_on_the_device_while_held(store):
    session = ForbesSession.start(store, ["Ann", "Bob"], 31)
    device = _device()
    board = device.board
    app = TableApp(session, device)
    forbes = _screen("screens.forbes")
    out = {}

    async def script(pilot):
        game = session.core.game
        board.press("next")                          # Ann draws with the device's button
        await _until(pilot, lambda: game.stone is not None)
        stone = _expected(forbes.forbes_stone, game.stone)
        await _until(pilot, lambda: _frame_is(board, stone))
        board.down("p2")                             # Bob holds his button
        bob = _expected(forbes.forbes_hand, game.all_hands()[1])
        await _until(pilot, lambda: _frame_is(board, bob))
        out["panels"] = "\n".join(str(app.query_one("#" + n).content)
                                  for n in ("board", "card", "message", "scores"))
        # The mirror redraws on its timer (every 0.3 s, later on a busy machine): wait for
        # the redraw that follows the hold, then look at what it drew.
        mirror = app.query_one("#mirror")
        await _until(pilot, lambda: "own cards" in str(mirror.content))
        out["mirror_held"] = str(mirror.content)
        board.up("p2")                               # released: the table's picture is back
        await _until(pilot, lambda: _frame_is(board, stone))
        out["log"] = [kind for _, kind, _ in store.actions(session.row.id)]

    try:
        asyncio.run(_pilot(app, script))
    finally:
        device.close()
    assert "own cards" not in out["panels"] and "shows:" not in out["panels"]
    # The shared screen's mirror of the matrix does not draw Bob's cards either.
    assert "▀" not in out["mirror_held"] and "own cards" in out["mirror_held"]
    assert out["log"] == ["deal", "draw"]            # looking at cards changes nothing


async def _pilot(app, script):
    async with app.run_test(size=(80, 24)) as pilot:
        await script(pilot)


def test_no_board_plugged_means_the_virtual_board_and_two_mean_a_question(monkeypatch):
    from boardlight.link import devices
    from boardlight.tui import device as tui_device
    from boardlight.link.connection import LinkError

    monkeypatch.setattr(devices, "find_boards", lambda ports=None: [])
    assert tui_device._detect() is None
    two = [devices.Device("/dev/ttyACM0", 0x2E8A, 0x0005, "Pico", True),
           devices.Device("/dev/ttyACM1", 0x2E8A, 0x0005, "Pico", True)]
    monkeypatch.setattr(devices, "find_boards", lambda ports=None: two)
    with pytest.raises(LinkError, match="2 boards found, choose one with --port"):
        tui_device._detect()


def test_play_without_device_when_two_boards_says_what_to_do(tmp_path, monkeypatch, capsys):
    from boardlight.link import devices
    from boardlight.cli import main

    two = [devices.Device("/dev/ttyACM0", 0x2E8A, 0x0005, "Pico", True),
           devices.Device("/dev/ttyACM1", 0x2E8A, 0x0005, "Pico", True)]
    monkeypatch.setattr(devices, "find_boards", lambda ports=None: two)
    db = tmp_path / "log.sqlite3"
    assert main(["play", "zatre", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "choose one with --port" in err and "add --no-device" in err
    # A table whose device cannot start plays no game: none is left in the log.
    assert "no game was started" in err
    with Store(db) as store:
        assert store.games() == []
