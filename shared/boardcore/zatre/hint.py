"""Zatre sum hints: the legal turns of a hand, the per-cell hints, and the compact hint.

All three are generators or small tuples so that the device (96 KB heap) can use them; the
host turns them into JSON (boardlight.render.json.zatre). A turn is a tuple
(steps, either, points, crosses, top): steps ((index, value), ...) in a legal order, either
True when the last two tiles may also go down the other way round, points and crosses as
the score sheet would get them, top the highest sum 10-12 made (0 if none). Cell indices
are those of boardcore.zatre.board; its coords(i) gives (row, col).
"""

from boardcore.compat import const
from boardcore.zatre.board import MAX_SUM, START, WIDTH, arm, frontier
from boardcore.zatre.moves import one_tile_turns, two_tile_turns
from boardcore.zatre.rules import GREY_AT_TILE, check_turn

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Iterator, Sequence
    from boardcore.zatre.board import Board

    # A legal turn: (steps ((index, value), ...), either, points, crosses, top).
    Turn = tuple[tuple[tuple[int, int], ...], bool, int, int, int]


def legal_turns(board: "Board", hand: "Sequence[int]", first: bool = False, strict: bool = False,
                grey_at: str = GREY_AT_TILE) -> "Iterator[Turn]":
    """Yield every legal turn for `hand` (a list of values) on `board`, each final placement
    once. Only turns that place as many tiles as possible are legal (the duty); nothing is
    yielded when the hand must pass. The first turn puts one tile on the red square (7,7)
    and attaches the other two. strict and grey_at are the rule options strict_adjacency
    and grey_exception_at (boardcore.zatre.rules)."""
    hand = sorted(hand)
    if first:
        cells = board.cells
        done = []
        for k in range(len(hand)):
            v0 = hand[k]
            if v0 in done:
                continue
            done.append(v0)
            rest = hand[:k] + hand[k + 1 :]
            cells[START] = v0
            try:
                found = list(two_tile_turns(board, rest[0], rest[1], strict, grey_at))
            finally:
                cells[START] = 0
            # Few turns here; check_turn scores the centre's cross under centre_doubles.
            for p, vp, q, vq, either, _, _, top in found:
                steps = ((START, v0), (p, vp), (q, vq))
                r = check_turn(board, steps, True, strict, grey_at)
                yield (steps, either, r.points, r.crosses, r.sums[0] if r.sums else 0)
        return
    if len(hand) >= 2:
        any_two = False
        for p, vp, q, vq, either, points, crosses, top in two_tile_turns(board, hand[0], hand[1], strict, grey_at):
            any_two = True
            yield (((p, vp), (q, vq)), either, points, crosses, top)
        if any_two:
            return
    for i, v, points, crosses, top in one_tile_turns(board, hand, strict):
        yield (((i, v),), False, points, crosses, top)


def compact_hint(board: "Board", hand: "Sequence[int]", first: bool = False, strict: bool = False,
                 grey_at: str = GREY_AT_TILE) -> "tuple[int, int, int, int]":
    """The hint for a small LED matrix, the same on the device and the host:
    (best_sum, ways, best_points, turns) where
      best_sum    the highest sum (10, 11 or 12) some legal turn of this hand makes, 0 if none;
      ways        how many legal turns (distinct placements) make best_sum;
      best_points the most points one legal turn scores;
      turns       how many legal turns there are (0: the hand must pass).
    strict and grey_at as for legal_turns. Walks legal_turns once and keeps four numbers, so it needs no list of turns."""
    best_sum = ways = best_points = n = 0
    for _, _, points, _, top in legal_turns(board, hand, first, strict, grey_at):
        n += 1
        if points > best_points:
            best_points = points
        if top > best_sum:
            best_sum = top
            ways = 1
        elif top and top == best_sum:
            ways += 1
    return (best_sum, ways, best_points, n)


def cell_hint(board: "Board", i: int) -> "tuple[int, int, int, int, int]":
    """For the empty cell i: (m10, m11, m12, over, no_score) as bit masks over the values
    1..6 (bit v set = value v): which values complete a run of 10, 11 or 12 there, which
    would make a run of 13 or more (forbidden), and, on a grey square, which values that are
    not forbidden would make no 10-12 (allowed only by the exception)."""
    cells = board.cells
    ra = arm(cells, i, -1)
    rb = arm(cells, i, 1)
    ca = arm(cells, i, -WIDTH)
    cb = arm(cells, i, WIDTH)
    rs0 = ra[0] + rb[0]
    cs0 = ca[0] + cb[0]
    m = [0, 0, 0]
    over = no_score = 0
    for v in range(1, 7):
        bit = 1 << v
        rs = rs0 + v
        cs = cs0 + v
        if rs > MAX_SUM or cs > MAX_SUM:
            over |= bit
            continue
        if rs >= 10:
            m[rs - 10] |= bit
        if cs >= 10:
            m[cs - 10] |= bit
        if board.grey[i] and rs < 10 and cs < 10:
            no_score |= bit
    return (m[0], m[1], m[2], over, no_score)


def cell_hints(board: "Board") -> "Iterator[tuple[int, int, int, int, int, int]]":
    """Yield (index, m10, m11, m12, over, no_score) for every empty cell touching a tile."""
    for i in frontier(board.cells):
        yield (i,) + cell_hint(board, i)


def values_of(mask: int) -> "list[int]":
    """The values 1..6 whose bits are set in a cell_hint mask, as a list."""
    return [v for v in range(1, 7) if mask & (1 << v)]
