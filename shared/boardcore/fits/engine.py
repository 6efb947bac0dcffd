"""The FITS engine: where to drop the tile to place, or whether to set it aside.

    from boardcore.fits import engine
    pos = engine.position(game, "Ann")          # the tile Ann must act on now, and what is to come
    move, value = engine.best(pos, level=3)     # (orientation, column) or engine.PASS; expected points
    for move, value in engine.analyse(pos):     # every candidate, best first
        ...
    if move == engine.PASS:
        game.set_aside("Ann", pos.tile)
    else:
        game.place("Ann", pos.tile, move[0], move[1])

A Position is one player's board, its layout, the tile to act on and the tiles whose cards
are still to come this round (each building card comes once a round; a player's own start
card is skipped). `value` is the expected score of this board at the end of the round (the
search's value put on that scale by the mean shortfall measured in self-play, model.BIAS).
Levels 1..5: 1 picks among the three moves a static evaluation likes best, 2 takes the
best of them, 3 and 4 look one card ahead over every card still to come (on the 4 and 8
best candidates), 5 then looks two cards ahead on the 3 best of those (docs/engines.md).
Every level is deterministic for a given seed.
"""

from boardcore.compat import const
from boardcore.fits import engine_model as model
from boardcore.fits import tiles as fits_tiles
from boardcore.rng import Random

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Iterable
    from boardcore.fits.board import Board
    from boardcore.fits.game import Game
    from boardcore.fits.layouts import Layout

    # A move: (orientation, column) or PASS; an option: (static value, move, masks, tops).
    Move = tuple[int, int] | str
    Option = tuple[float, Move, list[int], list[int]]

# Cells of each tile.
_SIZE: "dict[str, int]" = {"I3": 3, "L3": 3, "O4": 4, "T4": 4, "S4": 4, "L4": 4, "F": 5, "L5": 5, "N": 5, "P": 5,
         "T5": 5, "U": 5, "V5": 5, "W": 5, "X": 5, "Y": 5}
PASS = "pass"  # the move that sets the tile aside (fits_game's word in the record)
LEVELS = (1, 2, 3, 4, 5)
DEVICE_LEVELS = (1, 2)  # run on the device on their own (96 KB heap)

_UNKEPT: "list[int]" = []  # an option's board when options() does not keep it
# Level -> (candidates looked at one card ahead, of them looked at two cards ahead,
# replies per card followed to the second card).
_SEARCH: "dict[int, tuple[int, int, int]]" = {3: (4, 0, 0), 4: (8, 0, 0), 5: (8, 3, 2)}


class Position:
    """What the FITS engine needs to know: the player's `board` (fits_board.Board),
    the `layout` of this round's board (fits_layouts.Layout), the `tile` to act on, the
    tiles `to_come` that this player will still be shown this round, and whether the tile
    `may_pass` (a start tile may not be set aside)."""

    __slots__ = ("board", "layout", "tile", "to_come", "may_pass")

    def __init__(self, board: "Board", layout: "Layout", tile: str, to_come: "Iterable[str]",
                 may_pass: bool = True) -> None:
        if not fits_tiles.is_tile(tile):
            raise ValueError("unknown tile %r" % (tile,))
        if board.used(tile):
            raise ValueError("tile %s is already on the board" % tile)
        come: list[str] = []
        for t in to_come:
            if not fits_tiles.is_tile(t):
                raise ValueError("unknown tile %r in the tiles to come" % (t,))
            if t == tile or t in come:
                raise ValueError("tile %s is to come twice" % t)
            if board.used(t):
                raise ValueError("tile %s is to come but already on the board" % t)
            come.append(t)
        self.board = board
        self.layout = layout
        self.tile = tile
        self.to_come = sorted(come, key=fits_tiles.index)
        self.may_pass = bool(may_pass)


def position(game: "Game", player: str) -> Position:
    """The Position of a player who must act now in a fits_game.Game (with a copy of the
    board); ValueError when the player is not waiting for a tile."""
    tile = game.tile_to_place(player)
    if tile is None:
        raise ValueError("%s has no tile to place now" % (player,))
    board = game.board(player)
    start = game.start_tile(player)
    number = game.board_number
    if number is None:
        raise ValueError("no round is being played")
    turned = [c for c, _ in game.history[-1]["cards"]]
    come: list[str] = []
    for t in fits_tiles.TILE_IDS:
        if t != tile and t != start and t not in turned and not board.used(t):
            come.append(t)
    # A copy: the position stays as it was when the game moves on.
    return Position(board.copy(), game.layout(number), tile, come, game.phase == "cards")


def _check_level(level: object) -> None:
    if level not in LEVELS:
        raise ValueError("engine levels are 1..5, not %r" % (level,))


class _Search:
    """One decision: the model of the board and the scorer of its layout."""

    __slots__ = ("scorer", "max_overhang", "rng")

    def __init__(self, pos: Position, seed: int) -> None:
        self.scorer = model.Scorer(pos.layout)
        self.max_overhang = pos.board.max_overhang
        self.rng = Random(seed)

    def options(self, masks: "list[int]", tops: "list[int]", tile: str, rest: "list[str]", may_pass: bool,
                keep: bool = True) -> "list[Option]":
        """[(static value, move, masks, tops)] for every legal move of `tile`, with the
        tiles `rest` still to come after it (masks and tops _UNKEPT unless `keep`: the
        device's heap is small)."""
        out: "list[Option]" = []
        scorer = self.scorer
        if rest:
            material = 0
            for t in rest:
                material += _SIZE[t]
            n = len(rest)
            for o, c, _, nm, nt in model.drops(masks, tops, tile, self.max_overhang):
                v = scorer.evaluate(nm, nt, material, n)
                out.append((v, (o, c), nm, nt) if keep else (v, (o, c), _UNKEPT, _UNKEPT))
            if may_pass or not out:
                out.append((scorer.evaluate(masks, tops, material, n), PASS, masks, tops))
        else:
            for o, c, _, nm, nt in model.drops(masks, tops, tile, self.max_overhang):
                v = scorer.final(nm)
                out.append((v, (o, c), nm, nt) if keep else (v, (o, c), _UNKEPT, _UNKEPT))
            if may_pass or not out:
                out.append((scorer.final(masks), PASS, masks, tops))
        return out

    def ahead(self, masks: "list[int]", tops: "list[int]", rest: "list[str]") -> float:
        """The mean over the next card of the best static value after it."""
        if not rest:
            return self.scorer.final(masks)
        total = 0.0
        for t in rest:
            after = [x for x in rest if x != t]
            # Never below this: there is always a move (set aside included).
            best = -1e18
            for value, _, _, _ in self.options(masks, tops, t, after, True, False):
                if value > best:
                    best = value
            total += best
        return total / len(rest)

    def ahead2(self, masks: "list[int]", tops: "list[int]", rest: "list[str]", replies: int) -> float:
        """The mean over the next card of the best of its `replies` best moves (by static
        value), each valued one card further ahead."""
        if not rest:
            return self.scorer.final(masks)
        total = 0.0
        for t in rest:
            after = [x for x in rest if x != t]
            opts = self.options(masks, tops, t, after, True)
            opts.sort(key=lambda o: -o[0])
            best = -1e18
            for value, _, nm, nt in opts[:replies]:
                v = self.ahead(nm, nt, after)
                if v > best:
                    best = v
            total += best
        return total / len(rest)


def _below(values: "list[float]", others: "list[int]", searched: "list[int]") -> None:
    # Searched candidates rank above the others, whose values are shallower guesses.
    lowest = min(values[k] for k in searched)
    for k in others:
        if values[k] >= lowest:
            values[k] = lowest - 0.001


def analyse(pos: Position, level: int = 5, seed: int = 0) -> "list[tuple[Move, float]]":
    """Every legal move of the position with its expected round score, best first:
    a list of (move, value), move = (orientation, column) or PASS. Levels 3-5 search only
    their best candidates; the others keep their static value (level 2's), just below the
    searched ones where it would rank above them."""
    _check_level(level)
    s = _Search(pos, seed)
    masks, tops = model.from_board(pos.board)
    rest = pos.to_come
    opts = s.options(masks, tops, pos.tile, rest, pos.may_pass, level >= 3)
    order = sorted(range(len(opts)), key=lambda k: -opts[k][0])
    values = [o[0] for o in opts]
    n = len(rest)
    left = [n] * len(opts)  # the tiles still to come where each value was evaluated
    if level >= 3 and rest:
        width, deep, replies = _SEARCH[level]
        chosen = order[:width]
        for k in chosen:
            values[k] = s.ahead(opts[k][2], opts[k][3], rest)
            left[k] = n - 1
        _below(values, order[len(chosen):], chosen)
        if deep and n > 1:
            chosen = sorted(chosen, key=lambda k: -values[k])
            top = chosen[:deep]
            for k in top:
                values[k] = s.ahead2(opts[k][2], opts[k][3], rest, replies)
                left[k] = n - 2
            _below(values, chosen[deep:], top)
    ranked = sorted(range(len(opts)), key=lambda k: (-values[k], k))
    # The values on the round score's scale (model.BIAS), in the order the search ranked
    # them: a shallower value never above a deeper one ranked before it.
    out: "list[tuple[Move, float]]" = []
    for k in ranked:
        v = values[k] + s.scorer.lift(left[k])
        if out and v > out[-1][1]:
            v = out[-1][1] - 0.001
        out.append((opts[k][1], v))
    return out


def best(pos: Position, level: int = 5, seed: int = 0) -> "tuple[Move, float]":
    """The move the engine plays at `level`, with its expected round score:
    ((orientation, column) or PASS, value). The same seed gives the same move."""
    ranked = analyse(pos, level if level >= 2 else 2, seed)
    if level == 1:
        pick = Random(seed).below(min(3, len(ranked)))
        return ranked[pick]
    return ranked[0]
