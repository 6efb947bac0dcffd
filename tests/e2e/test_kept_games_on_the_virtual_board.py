"""The games whose board the device keeps (FITS solo, Forbes with the board) through the
virtual board's buttons, in a Pico's heap: the whole firmware, no host. Each card, stone,
hint and picker frame is the picture the host draws for it (the cards come from the
board's own random seed, so a frame is matched against every picture it could be)."""

from boardcore.fits import engine
from boardcore.fits.board import Board
from boardcore.fits.deck import DEFAULT_START_TILES
from boardcore.fits.layouts import default_layout
from boardcore.fits.tiles import TILE_IDS
from boardlight.canvas import Canvas
from boardlight.firmware import import_module
from boardlight.vboard.board import VirtualBoard


def _pixels(frame):
    return [[frame.rgb(x, y) for x in range(frame.width)] for y in range(frame.height)]


def _drawn(screen, **payload):
    canvas = Canvas(16, 16, True)
    import_module("screens").draw(screen, canvas, **payload)
    return [[canvas.rgb888(x, y) for x in range(16)] for y in range(16)]


def _press(board, name, want, long=False):
    """Press, then wait for a frame that is one of `want` ({key: pixels}); its key."""
    seen = board.frames_seen
    board.press(name, long=long)
    found = []

    def matches(frame):
        px = _pixels(frame)
        found[:] = [key for key, pic in want.items() if pic == px]
        return found

    board.wait_frame(matches, newer_than=seen, timeout=10)
    return found[0]


def test_a_solo_game_deals_hints_and_takes_a_drop_on_the_buttons():
    with VirtualBoard(heap="160k") as board:
        board.wait_firmware(15)
        seen = board.frames_seen
        board.press("next")  # the dealer starts, on FITS
        board.wait_frame(newer_than=seen)
        seen = board.frames_seen
        board.press("menu")  # FITS SOLO
        board.wait_frame(newer_than=seen)
        starts = {t: _drawn("fits_card", tile=t, start=True, round_no=1, player=1, board_no=1)
                  for t in DEFAULT_START_TILES}
        start = _press(board, "next", starts)

        # The hint for the start card: nothing on the board, every other tile to come.
        others = [t for t in TILE_IDS if t != start]
        move, _ = engine.best(engine.Position(Board(), default_layout(1), start, others, False), 2)
        hint = _drawn("fits_hint", tile=start, orientation=move[0], column=move[1])
        assert _press(board, "next", {"hint": hint}, long=True) == "hint"

        # Placed where the hint said: the first building card of round 1 comes (in the
        # player's colour if it is the start tile, which is skipped).
        cards = {}
        for t in TILE_IDS:
            cards[t] = _drawn("fits_card", tile=t, round_no=1, player=1 if t == start else None, board_no=1)
        assert _press(board, "menu", cards, long=True) in TILE_IDS
        out = bytes(board.bridge.output_log)
        assert board.side_errors == [] and b"Traceback" not in out and b"out of memory" not in out


def test_forbes_with_the_board_draws_a_stone_hints_a_cell_and_takes_it_on_the_buttons():
    from boardcore.forbes.cards import SYMBOLS

    with VirtualBoard(heap="160k") as board:
        board.wait_firmware(15)
        for name in ("next", "menu", "menu", "menu", "menu"):  # FITS, ..., Forbes with the board
            seen = board.frames_seen
            board.press(name)
            board.wait_frame(newer_than=seen)
        stones = {s: _drawn("forbes_stone", stone=s) for s in SYMBOLS}
        stone = _press(board, "next", stones)
        # The hint: a cell of the empty board with that stone on it (which cell depends on
        # the dealer's cards, dealt from the board's own seed).
        cells = {(r, c): _drawn("forbes_hint", stone=stone, row=r, col=c, board="." * 16)
                 for r in range(4) for c in range(4)}
        row, col = _press(board, "next", cells, long=True)
        # Placed there: the second player's stone is drawn and shown.
        second = _press(board, "menu", stones, long=True)
        # The picker now starts at the first empty cell, with the first stone on the board.
        after = "." * (4 * row + col) + stone + "." * (15 - 4 * row - col)
        first = (0, 1) if (row, col) == (0, 0) else (0, 0)
        picker = _drawn("forbes_hint", stone=second, row=first[0], col=first[1], board=after)
        assert _press(board, "next", {"picker": picker}) == "picker"
        out = bytes(board.bridge.output_log)
        assert board.side_errors == [] and b"Traceback" not in out and b"out of memory" not in out
