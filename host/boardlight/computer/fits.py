"""FITS and the engine (boardcore.fits.engine): a seat's position, its move as an entry,
in words and on the device, and the ranked lines of a hint.

A move is (orientation, column) or engine.PASS. Its entry is what a person types at the
table: "P O C" (seat number, orientation, column) or "P pass".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from boardcore.fits import engine
from boardcore.fits import tiles as fits_tiles

from boardlight.computer.seats import engine_seed
from boardlight.computer.turns import Job, Proposal

if TYPE_CHECKING:
    from boardcore.fits.board import Board
    from boardcore.fits.engine import Move
    from boardcore.fits.game import Game
    from boardcore.fits.layouts import Layout

    from typing_extensions import TypeIs

    from boardlight.computer.turns import Screen
    from boardlight.sessions.fits import FitsSession

# The level of `hint` at the table: looks one card ahead on its 8 best candidates (a few
# milliseconds a move, at worst a tenth of a second).
HINT_LEVEL = 4


def is_pass(move: Move) -> TypeIs[str]:
    """Does the move set the tile aside (engine.PASS) rather than drop it?"""
    return move == engine.PASS


def move_number(game: Game, seat: int) -> int:
    """A number for the move `seat` makes now, the same in every replay of the game: the
    round, the cards turned and the seat."""
    return ((game.round_index + 1) * 17 + game.turned) * 8 + seat


def position_of(game: Game, seat: int) -> engine.Position:
    """The engine's position for `seat` of a fits Game (who must act now)."""
    return engine.position(game, game.players[seat])


def tiles_to_come(game: Game, player: str, tile: str) -> list[str]:
    """The tiles `player` may still be shown this round after `tile` (the engine's to_come
    for a tile that is not the one shown now): not turned yet, not their start card, not
    on their board."""
    board = game.board(player)
    turned = [c for c, _ in game.history[-1]["cards"]] if game.history else []
    start = game.start_tile(player)
    return [t for t in fits_tiles.TILE_IDS
            if t != tile and t != start and t not in turned and not board.used(t)]


def move_words(board: Board, tile: str, move: Move) -> str:
    """'2 3, rests on row 1' or 'pass': the move as the entries read it, and where it lands."""
    if is_pass(move):
        return "pass"
    o, c = move
    return "%d %d, rests on row %d" % (o, c, board.resting_row(tile, o, c))


def move_text(name: str, board: Board, tile: str, move: Move) -> str:
    """The move in a sentence: 'CPU3 drops L4 in orientation 2 at column 3 (it rests on
    row 1)', or 'CPU3 sets L4 aside'."""
    if is_pass(move):
        return "%s sets %s aside" % (name, tile)
    o, c = move
    return "%s drops %s in orientation %d at column %d (it rests on row %d)" % (
        name, tile, o, c, board.resting_row(tile, o, c))


def screen(tile: str, move: Move) -> Screen:
    """The device's picture of the move: the tile in its orientation over its column
    (screens.hint.fits_hint), or the tile alone for a set-aside."""
    if is_pass(move):
        return ("fits_hint", {"tile": tile})
    return ("fits_hint", {"tile": tile, "orientation": move[0], "column": move[1]})


def entry(seat: int, move: Move) -> str:
    """What a person types for the move: 'P O C' or 'P pass'."""
    if is_pass(move):
        return "%d pass" % (seat + 1)
    return "%d %d %d" % (seat + 1, move[0], move[1])


def due(session: FitsSession, levels: dict[int, int], autoplay: bool) -> Job | None:
    """The Job of the computer players now, or None: a computer seat waiting for a tile
    (the first in seat order), else, when every seat is a computer and the host deals, the
    next deal or card."""
    from boardcore.fits.game import Game

    game = session.core
    if not isinstance(game, Game) or game.phase == "over":  # a quick tally has no drops
        return None
    waiting = game.waiting()
    for name in waiting:
        seat = game.players.index(name)
        if seat in levels:
            return _move_job(session, game, seat, levels[seat])
    if autoplay and not waiting and not session.table_deal and game.phase in ("deal", "cards"):
        return Job(("fits", "next", game.round_index, game.turned, game.phase), None)
    return None


def _move_job(session: FitsSession, game: Game, seat: int, level: int) -> Job:
    name = game.players[seat]
    tile = game.tile_to_place(name)
    assert tile is not None  # a seat waiting to act has a tile to act on
    key = ("fits", seat, game.round_index, game.turned, tile)
    pos = position_of(game, seat)
    seed = engine_seed(session.row.seed, move_number(game, seat))
    board = pos.board  # the engine's copy, as the move was chosen on it

    def finish(result: tuple[Move, float]) -> Proposal:
        move, _value = result
        short = "%s: %s %s" % (name, tile, "aside" if is_pass(move) else "%d %d" % move)
        return Proposal(key, seat, entry(seat, move), move_text(name, board, tile, move), short,
                        screen(tile, move))

    return Job(key, seat, level, lambda: engine.best(pos, level, seed), finish)


def ranked_lines(pos: engine.Position, ranked: list[tuple[Move, float]]) -> list[str]:
    """A hint's lines for the ranked moves (engine.analyse): 'O C  row R  +VALUE', the
    value being the board's expected score at the round's end."""
    lines: list[str] = []
    for move, value in ranked:
        if is_pass(move):
            lines.append("pass         %+6.1f" % value)
        else:
            o, c = move
            lines.append("%d %d  row %-2d  %+6.1f" % (o, c, pos.board.resting_row(pos.tile, o, c), value))
    return lines


def _on_board(board: Board) -> set[str]:
    """The tile ids a board's cells show (a position read from text has no drops)."""
    from boardcore.fits.board import COLS, ROWS

    seen: set[str] = set()
    for r in range(1, ROWS + 1):
        for c in range(1, COLS + 1):
            t = board.tile_at(r, c)
            if t is not None and t != "?":
                seen.add(t)
    return seen


def file_position(text: str, source: str, tile: str | None = None, player: str | None = None,
                  layouts: dict[int, Layout] | None = None, to_come: Sequence[str] | None = None
                  ) -> tuple[str, int, engine.Position]:
    """(player, board number, engine Position) of a FITS position file or game record.

    A position (docs/fits-formats.md) has no card: `tile` says which is to be placed, and
    every tile not on the board is taken to come later in the round, unless `to_come`
    lists them (the cards not turned yet; [] on the round's last card). A record ends with
    the card shown (or the start tiles) still to be placed: the hint is for `player`
    (default: the first still to act) and the tile they must act on, or `tile` as the next
    card when given; its cards still to come are the record's. FormatError or ValueError
    say what is missing."""
    from boardcore.errors import FormatError
    from boardcore.fits.record import RECORD_HEAD, parse_record, replay
    from boardcore.textfile import OLD_COMMENT, content_lines

    lines = content_lines(text, old_comment=OLD_COMMENT)
    head = lines[0][1] if lines else ""
    if head == RECORD_HEAD:
        game = replay(parse_record(text, source), layouts)
        if game.round_index < 0 or game.phase == "over":
            raise FormatError("the record ends %s: there is no tile to place" % (
                "before the first round" if game.round_index < 0 else "with the game over"), source)
        waiting = game.waiting()
        name = player or (waiting[0] if waiting else None)
        if name is None:
            if tile is None:
                raise FormatError("the record ends with nobody to act on a card: say which"
                                  " card is turned next with --tile", source)
            name = game.players[0]
        if name not in game.players:
            raise ValueError("no player %r in the record (players: %s)" % (name, ", ".join(game.players)))
        number = game.board_number
        assert number is not None  # a round is being played: checked above
        shown = game.tile_to_place(name)
        if tile is None or tile == shown:
            if shown is None:
                raise ValueError("%s has no tile to place now: say which card is next with --tile" % name)
            return name, number, engine.position(game, name)
        board = game.board(name).copy()
        come = tiles_to_come(game, name, tile)
        return name, number, engine.Position(
            board, game.layout(game.boards[game.round_index]), tile, come)
    if not head.startswith("FITS board"):
        raise FormatError("the first line must be 'FITS board N' (a position) or '%s'" % RECORD_HEAD, source)
    from boardcore.fits.position import parse_position

    number = int(head.split()[-1]) if head.split()[-1].isdecimal() else None
    layout = (layouts or {}).get(number) if number is not None else None
    pos = parse_position(text, source, layout)
    if tile is None:
        raise ValueError("a position has no card turned: say which tile to place with --tile")
    if not fits_tiles.is_tile(tile):
        raise ValueError("unknown FITS tile %r (tiles: %s)" % (tile, " ".join(fits_tiles.TILE_IDS)))
    seen = _on_board(pos.board)
    if tile in seen:
        raise ValueError("tile %s is already on the board" % tile)
    if to_come is None:
        come = [t for t in fits_tiles.TILE_IDS if t != tile and t not in seen]
    else:
        come = list(to_come)
        for t in come:
            if not fits_tiles.is_tile(t):
                raise ValueError("unknown FITS tile %r in the tiles to come" % (t,))
            if t in seen:
                raise ValueError("tile %s is to come but already on the board" % t)
    return player or "the player", pos.board_number, engine.Position(pos.board, pos.layout, tile, come)


def move_dict(pos: engine.Position, move: Move, value: float) -> dict[str, Any]:
    """A ranked move as JSON: {"move": {"orientation", "column", "row"} or "pass", "value"}."""
    if is_pass(move):
        return {"move": "pass", "value": round(value, 3)}
    o, c = move
    return {"move": {"orientation": o, "column": c, "row": pos.board.resting_row(pos.tile, o, c)},
            "value": round(value, 3)}
