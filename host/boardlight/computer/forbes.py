"""Forbes and the engine (boardcore.forbes.engine): a seat's position (its own view of the
game only), a cell as an entry, in words and on the device, and the lines of a hint.

The engine is handed what the seat may see (boardcore.forbes.view.PlayerView, the moves
everyone saw, the options): a computer seat's move, and a person's hint, never read
another seat's cards. A computer's move is said without its value, which would tell the
table about its cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardcore.forbes import engine
from boardcore.forbes.rules import SYMBOLS, symbol_name

from boardlight.computer.seats import engine_seed
from boardlight.computer.turns import Job, Proposal

if TYPE_CHECKING:
    from boardcore.forbes.game import Game
    from boardcore.forbes.match import Match

    from boardlight.computer.turns import Screen
    from boardlight.sessions.forbes import ForbesSession

    Cell = tuple[int, int]  # (row, col)

# The level of `hint` at the table: 10 simulated endings per cell, the value a share of
# the win (a few milliseconds to a tenth of a second).
HINT_LEVEL = 4


def is_share(level: int) -> bool:
    """Are the engine's values at `level` win shares (levels 4 and 5) rather than points?"""
    return level >= 4


def value_text(value: float, level: int) -> str:
    """'45% win share' at levels 4-5, '+3.2 pts' below."""
    if is_share(level):
        return "%d%% win share" % round(100 * value)
    return "%+.1f pts" % value


def move_number(match: Match, game: Game) -> int:
    """A number for the move now, the same in every replay: the games played, the stones placed."""
    return len(match.history) * 17 + len(game.moves)


def move_text(name: str, stone: str, cell: Cell) -> str:
    """'CPU2 puts its triangle at row 1, column 2'."""
    return "%s puts its %s at row %d, column %d" % (name, symbol_name(stone), cell[0], cell[1])


def screen(stone: str, cell: Cell, board: str) -> Screen:
    """The device's picture of the cell (screens.hint.forbes_hint), the stones placed beside it."""
    return ("forbes_hint", {"stone": stone, "row": cell[0], "col": cell[1], "board": board})


def due(session: ForbesSession, levels: dict[int, int], autoplay: bool) -> Job | None:
    """The Job of the computer players now, or None: the computer to play draws (with the
    host's stones; real stones are turned up by a person) and then places; when every seat
    is a computer, the next game is dealt too."""
    match = session.core
    if match.over:
        return None
    game = match.game
    if game is None:
        return Job(("forbes", "deal", len(match.history)), None) if autoplay else None
    seat = game.current
    if seat not in levels:
        return None
    if game.stone is None:
        if session.table_stones:
            return None
        return Job(("forbes", "draw", len(match.history), len(game.moves)), seat)
    level = levels[seat]
    key = ("forbes", len(match.history), len(game.moves), game.stone)
    pos = engine.position(game, seat)  # this seat's view: its own cards only
    seed = engine_seed(session.row.seed, move_number(match, game))
    name = session.players[seat]
    stone, board = game.stone, game.board

    def finish(result: tuple[Cell, float]) -> Proposal:
        cell, _value = result
        return Proposal(key, seat, "%d %d" % cell, move_text(name, stone, cell),
                        "%s: %s at %d %d" % (name, symbol_name(stone), cell[0], cell[1]),
                        screen(stone, cell, board))

    return Job(key, seat, level, lambda: engine.best(pos, level, seed), finish)


def for_each_stone(pos: engine.Position, level: int, seed: int = 0
                   ) -> list[tuple[str, list[tuple[Cell, float]]]]:
    """[(stone, [(cell, value), ...])] for every symbol still face down: the cells the
    engine ranks for each stone the seat may draw (a position without a stone drawn)."""
    return [(code, engine.analyse(with_stone(pos, code), level, seed))
            for code in SYMBOLS if pos.view.stones_left.get(code)]


def file_position(text: str, source: str, player: str | None = None
                  ) -> engine.Position:
    """The engine Position of a Forbes position file or match record, for the player to
    move. A position (docs/forbes-formats.md) has no dealer and no order
    of moves: its first hand is taken to have dealt and played first, so the player to move
    is the hand after as many turns as there are stones on the board (hand k of n plays
    stone k + 1, k + 1 + n, ...); `player` names another. A record's player to move is its
    last game's, with its moves (the evidence of level 5). The view holds that player's own
    cards only."""
    from boardcore.errors import FormatError
    from boardcore.forbes.rules import CELLS, EMPTY, STONES_PER_SYMBOL
    from boardcore.forbes.view import PlayerView
    from boardcore.textfile import content_lines

    lines = content_lines(text, trailing=True)
    head = lines[0][1].split()[0] if lines else ""
    if head == "forbes-match":
        from boardcore.forbes.record import parse_record, replay

        match = replay(parse_record(text, source))
        game = match.game
        if game is None or game.current is None:
            raise FormatError("the record's last game is over: no stone to place", source)
        seat = game.current
        if player is not None:
            seat = game.seat_of(player)
            if seat != game.current:
                raise ValueError("%s is not to play: %s is" % (player, game.players[game.current]))
        return engine.Position(game.view(seat), game.moves, game.options)
    if head != "forbes-position":
        raise FormatError("the first line must be 'forbes-position 1' or 'forbes-match 1'", source)
    from boardcore.forbes.position import parse_position

    pos = parse_position(text, source)
    placed = CELLS - pos.board.count(EMPTY)
    if placed == CELLS:
        raise FormatError("the board is full: no stone to place", source)
    n = len(pos.players)
    seat = placed % n
    if player is not None:
        if player not in pos.players:
            raise ValueError("no player %r in the position (players: %s)" % (player, ", ".join(pos.players)))
        seat = pos.players.index(player)
    left = {}
    for code in SYMBOLS:
        left[code] = STONES_PER_SYMBOL - pos.board.count(code)
    shown = [pos.hands[s] if s == seat else None for s in range(n)]
    view = PlayerView(seat, pos.players[seat], list(pos.players), 0, pos.board, pos.hands[seat], shown,
                      seat, None, left, False)
    return engine.Position(view, (), pos.options)


def with_stone(pos: engine.Position, stone: str) -> engine.Position:
    """The position with `stone` drawn (ValueError when none of that symbol is face down)."""
    from boardcore.forbes.view import PlayerView

    view = pos.view
    code = stone.upper()
    if code not in SYMBOLS:
        raise ValueError("a Forbes stone is S, T, C or X, not %r" % (stone,))
    if not view.stones_left.get(code):
        raise ValueError("every %s stone is on the board already" % symbol_name(code))
    left = dict(view.stones_left)
    left[code] -= 1
    drawn = PlayerView(view.seat, view.name, view.players, view.dealer, view.board, view.hand,
                       view.shown, view.current, code, left, view.over)
    return engine.Position(drawn, pos.moves, pos.options)
