"""Zatre and the engine (boardcore.zatre.engine): the position of the player to move, a
turn as an entry, in words and on the device, and the values of a hint.

A turn is [(row, col, value), ...] in the order to play ([] the pass). Its entry is what
a person types at the table: "5@7,7 3@7,8", or "pass".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from boardcore.zatre import engine
from boardcore.zatre.board import index
from boardcore.zatre.rules import check_turn

from boardlight.computer.seats import engine_seed
from boardlight.computer.turns import Job, Proposal

if TYPE_CHECKING:
    from boardcore.zatre.board import Board
    from boardcore.zatre.engine import Play
    from boardcore.zatre.game import Game

    from boardlight.computer.turns import Screen
    from boardlight.sessions.zatre import ZatreSession

    # A turn: (row, col, value) of each tile, in the order they go down.
    Turn = Sequence[tuple[int, int, int]]
    # What render.json.zatre.hints reads: (board, hand, first turn, strict, grey_at).
    HintInputs = tuple[Board, list[int], bool, bool, str]

# The level of `hint` at the table: sheet-aware and wary of what a turn opens for the
# next player (a few milliseconds a turn).
HINT_LEVEL = 4


def turn_key(turn: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """A turn as a set of placements, whatever the order its tiles go down in."""
    return tuple(sorted(tuple(t) for t in turn))


def entry(turn: Turn) -> str:
    """'5@7,7 3@7,8' or 'pass'."""
    if not turn:
        return "pass"
    return " ".join("%d@%d,%d" % (v, r, c) for r, c, v in turn)


def points(game: Game, turn: Turn) -> int:
    """The immediate points of a legal turn on the game's board."""
    if not turn:
        return 0
    steps = [(index(r, c), v) for r, c, v in turn]
    return check_turn(game.board, steps, game.first_turn, game.strict, game.grey_at).points


def move_text(name: str, turn: Turn, pts: int) -> str:
    """'CPU3 plays 5@7,7 3@7,8 (4 points)' or 'CPU3 passes (no tile fits)'."""
    if not turn:
        return "%s passes (no tile fits)" % name
    return "%s plays %s (%d point%s)" % (name, entry(turn), pts, "" if pts == 1 else "s")


def screen(turn: Turn) -> Screen:
    """The device's picture of the turn (screens.hint.zatre_hint): each value and its cell."""
    return ("zatre_hint", {"tiles": [v for _, _, v in turn], "rows": [r for r, _, _ in turn],
                           "cols": [c for _, c, _ in turn]})


def due(session: ZatreSession, levels: dict[int, int], autoplay: bool) -> Job | None:
    """The Job of the computer to move, or None when a person is to move."""
    game = session.core
    if game.over or game.current not in levels:
        return None
    seat = game.current
    level = levels[seat]
    key = ("zatre", game.turns)
    pos = engine.position(game)
    seed = engine_seed(session.row.seed, game.turns)
    name = session.players[seat]

    def finish(result: tuple[Play, float]) -> Proposal:
        turn, _value = result
        return Proposal(key, seat, entry(turn), move_text(name, turn, points(game, turn)),
                        "%s: %s" % (name, entry(turn)), screen(turn))

    return Job(key, seat, level, lambda: engine.best(pos, level, seed), finish)


def values(pos: engine.Position, level: int = HINT_LEVEL, seed: int = 0
           ) -> dict[tuple[tuple[int, ...], ...], float]:
    """{turn_key: value} of every legal turn of the position (engine.analyse)."""
    return {turn_key(turn): value for turn, value in engine.analyse(pos, level, seed)}


def file_position(text: str, source: str) -> tuple[str, HintInputs, engine.Position | None]:
    """(player, hint inputs, engine Position) of a Zatre position file or game record: the
    hand to move, as `hint zatre` has always read it. The inputs are (board, hand, first,
    strict, grey_at) for boardlight.render.json.zatre.hints; the hand is empty when a
    record ends with the game over."""
    from boardcore.errors import FormatError
    from boardcore.textfile import content_lines
    from boardcore.zatre.bag import COUNTS
    from boardcore.zatre.position import parse_position
    from boardcore.zatre.record import parse_record, replay

    lines = content_lines(text)
    head = lines[0][1] if lines else ""
    if head == "zatre record":
        game = replay(parse_record(text, source))
        hand = [] if game.over else game.hand()
        return (game.players[game.current],
                (game.board, hand, game.first_turn, game.strict, game.grey_at),
                None if game.over else engine.position(game))
    if head != "zatre position":
        raise FormatError("the first line must be 'zatre position' or 'zatre record'", source)
    pos = parse_position(text, source)
    hand = pos.hands[pos.to_move]
    if pos.first_turn and len(hand) != 3:
        raise FormatError("on the first turn (empty board) the player to move holds 3 tiles,"
                          " not %d" % len(hand), source)
    # The bag by value: the whole set less the tiles on the board and in the hands.
    bag = list(COUNTS)
    for v in pos.board.cells:
        if v:
            bag[v] -= 1
    for held in pos.hands:
        for v in held:
            bag[v] -= 1
    bag = [max(0, n) for n in bag]
    nxt = (pos.to_move + 1) % len(pos.players)
    held = pos.hands[nxt] if nxt != pos.to_move else []
    epos = engine.Position(pos.board, hand, pos.sheets[pos.to_move], bag, pos.first_turn, pos.strict,
                           held, pos.grey_at)
    return (pos.players[pos.to_move], (pos.board, hand, pos.first_turn, pos.strict, pos.grey_at), epos)


def tiles_dicts(turn: Turn) -> list[dict[str, int]]:
    """A turn as JSON tiles: [{"row", "col", "value"}, ...] in the order to play."""
    return [{"row": r, "col": c, "value": v} for r, c, v in turn]
