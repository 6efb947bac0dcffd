"""The Zatre engine: which legal turn to play with the hand to move.

    from boardcore.zatre import engine
    pos = engine.position(game)                 # the player to move, as that player sees it
    turn, value = engine.best(pos, level=3)     # [(row, col, value), ...] in the order to play
    for turn, value in engine.analyse(pos):     # every legal turn, best first
        ...
    game.play(turn)                             # [] is the pass (only when nothing fits)

Only legal turns are considered, so the engine places as many tiles as the duty asks and
holds a tile only when it cannot go down. `value` is in points: the exact change of the
player's sheet total (bonuses and doubling included), plus, from level 3, what the sheet
gains towards bonuses still to come, and from level 4 less what the turn opens for the next
player. Levels: 1 a random turn that scores, 2 the most immediate points (the hint's best
turn), 3 sheet-aware, 4 and 5 sheet-aware and wary of the next player (5 estimates the
next player's best reply on its own best candidates). See docs/engines.md.
"""

from boardcore.compat import const
from boardcore.rng import Random
from boardcore.zatre.board import MAX_SUM, WIDTH, arm, coords, frontier
from boardcore.zatre.hint import legal_turns
from boardcore.zatre.rules import GREY_AT_TILE, check_grey_at, check_turn
from boardcore.zatre.score import ScoreSheet, bonus

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Sequence
    from boardcore.zatre.board import Board
    from boardcore.zatre.game import Game

    # A turn as Game.play takes it: [(row, col, value), ...] in the order to play.
    Play = list[tuple[int, int, int]]
    Steps = tuple[tuple[int, int], ...]

LEVELS = (1, 2, 3, 4, 5)
DEVICE_LEVELS = (1, 2)
_PTS = (1, 2, 4)

# Sheet weights (tuned on the tuning seeds, see docs/engines.md): credit per printed bonus
# point of a row with 1 or 2 of its 3 sums filled; per spare cross (a cross on a row
# without all its sums); per point the next player is expected to score.
W_ONE = 0.15
W_TWO = 0.25
W_CROSS = 1.8
W_THREAT = 0.45
# Level 5 follows the next player's best reply on this many of its best candidates.
DEEP = 6


class Position:
    """What the Zatre engine knows: the `board` (zatre_board.Board), the `hand` to play,
    the player's `sheet` (zatre_score.ScoreSheet), `bag` (tiles still in the bag per value,
    index 0 unused, as Bag.counts()), whether it is the game's `first` turn, `strict`
    adjacency, `next_held`: the tiles the next player already holds (an empty list when
    alone), and `grey_at`, when the grey exception is judged ("tile" or "turn", the rule
    option grey_exception_at)."""

    __slots__ = ("board", "hand", "sheet", "bag", "first", "strict", "next_held", "grey_at")

    def __init__(self, board: "Board", hand: "Sequence[int]", sheet: ScoreSheet, bag: "Sequence[int]",
                 first: bool = False, strict: bool = False, next_held: "Sequence[int]" = (),
                 grey_at: str = GREY_AT_TILE) -> None:
        for v in hand:
            if v not in (1, 2, 3, 4, 5, 6):
                raise ValueError("a Zatre tile is 1..6, not %r" % (v,))
        if len(bag) != 7:
            raise ValueError("bag counts are a list of 7 (index = value), not %r" % (bag,))
        self.board = board
        self.hand = sorted(hand)
        self.sheet = sheet
        self.bag = list(bag)
        self.first = bool(first)
        self.strict = bool(strict)
        self.next_held = sorted(next_held)
        self.grey_at = check_grey_at(grey_at)


def position(game: "Game") -> Position:
    """The Position of the player to move in a zatre_game.Game (with copies of the board
    and the sheet, so it stays as it was when the game moves on)."""
    me = game.current
    nxt = (me + 1) % len(game.players)
    held = game.hand(nxt) if nxt != me else []
    sheet = sheet_after(game.sheets[me], (0, 0, 0), 0)
    return Position(game.board.copy(), game.hand(), sheet, game.bag.counts(), game.first_turn, game.strict, held,
                    game.grey_at)


def _check_level(level: object) -> None:
    if level not in LEVELS:
        raise ValueError("engine levels are 1..5, not %r" % (level,))


def sheet_after(sheet: ScoreSheet, entries: "Sequence[int]", crosses: int) -> ScoreSheet:
    """A copy of `sheet` with one turn written on it."""
    s = ScoreSheet()
    s.e10 = list(sheet.e10)
    s.e11 = list(sheet.e11)
    s.e12 = list(sheet.e12)
    s.crosses = sheet.crosses
    s.add(entries, crosses)
    return s


def sheet_value(sheet: ScoreSheet) -> float:
    """The sheet total plus credit for what it may still earn: rows with some of their
    three sums (towards the row's bonus, doubled under a cross) and spare crosses."""
    n10 = len(sheet.e10)
    n11 = len(sheet.e11)
    n12 = len(sheet.e12)
    v: float = sheet.total()
    top = n10 if n10 > n11 else n11
    if n12 > top:
        top = n12
    for r in range(top):
        k = (r < n10) + (r < n11) + (r < n12)
        if k == 3:
            continue
        credit = (W_ONE if k == 1 else W_TWO) * bonus(r)
        if r < sheet.crosses:
            credit *= 2
        v += credit
    full = n10 if n10 < n11 else n11
    if n12 < full:
        full = n12
    if sheet.crosses > full:
        v += W_CROSS * (sheet.crosses - full)
    return v


def best_single(board: "Board", value: int) -> int:
    """The most points one tile of `value` can score on the board."""
    cells = board.cells
    best = 0
    for f in frontier(cells):
        rs = arm(cells, f, -1)[0] + value + arm(cells, f, 1)[0]
        cs = arm(cells, f, -WIDTH)[0] + value + arm(cells, f, WIDTH)[0]
        if rs > MAX_SUM or cs > MAX_SUM:
            continue
        p = (_PTS[rs - 10] if rs >= 10 else 0) + (_PTS[cs - 10] if cs >= 10 else 0)
        if p > best:
            best = p
    return best


def threat(board: "Board", bag: "Sequence[int]", held: "Sequence[int]") -> float:
    """The points the next player may expect from one tile: the mean over their hand (the
    tiles they hold, the rest drawn from `bag`) of the best single tile's points."""
    best = [0] * 7
    for v in range(1, 7):
        if bag[v] or v in held:
            best[v] = best_single(board, v)
    top = 0
    for v in held:
        if best[v] > top:
            top = best[v]
    n = 0
    for v in range(1, 7):
        n += bag[v]
    draws = 2 - len(held)
    if draws <= 0 or n == 0:
        return float(top)
    total = 0.0
    for a in range(1, 7):
        if not bag[a]:
            continue
        ma = best[a] if best[a] > top else top
        if draws == 1:
            total += bag[a] * ma
            continue
        for b in range(1, 7):
            if bag[b]:
                total += bag[a] * bag[b] * (best[b] if best[b] > ma else ma)
    return total / (n if draws == 1 else n * n)


def best_reply(board: "Board", hand: "Sequence[int]", strict: bool, grey_at: str = GREY_AT_TILE) -> int:
    """The most points a legal turn of `hand` scores on `board` (0 when it must pass)."""
    best = 0
    for t in legal_turns(board, hand, False, strict, grey_at):
        if t[2] > best:
            best = t[2]
    return best


def expected_reply(board: "Board", bag: "Sequence[int]", held: "Sequence[int]", strict: bool,
                   grey_at: str = GREY_AT_TILE) -> float:
    """The next player's expected best points, over their possible hands."""
    hands: "list[tuple[float, list[int]]]" = []
    if len(held) >= 2:
        hands.append((1.0, list(held[:2])))
    else:
        n = 0
        for v in range(1, 7):
            n += bag[v]
        if n == 0:
            if held:
                hands.append((1.0, list(held)))
        elif held:
            for v in range(1, 7):
                if bag[v]:
                    hands.append((bag[v] / n, [held[0], v]))
        else:
            for a in range(1, 7):
                for b in range(a, 7):
                    if not bag[a] or not bag[b] or (a == b and bag[a] < 2):
                        continue
                    p = bag[a] * (bag[b] - (1 if a == b else 0)) / (n * (n - 1))
                    hands.append((p if a == b else 2 * p, [a, b]))
    total = 0.0
    for p, hand in hands:
        total += p * best_reply(board, hand, strict, grey_at)
    return total


def _turns(pos: Position) -> "list[tuple[Steps, int, int, int]]":
    # [(steps, points, crosses, top)] of every legal turn.
    return [(t[0], t[2], t[3], t[4]) for t in legal_turns(pos.board, pos.hand, pos.first, pos.strict, pos.grey_at)]


def analyse(pos: Position, level: int = 5, seed: int = 0) -> "list[tuple[Play, float]]":
    """Every legal turn with its value, best first: a list of (turn, value), turn a list
    of (row, col, value) in the order to play. A hand that must pass gets [([], 0)]."""
    _check_level(level)
    turns = _turns(pos)
    if not turns:
        return [([], 0.0)]
    board = pos.board
    if level <= 2:
        quick = []
        for k in range(len(turns)):
            steps, points, crosses, top = turns[k]
            quick.append((float(points), crosses, top, k))
        quick.sort(key=lambda x: (-x[0], -x[1], -x[2], x[3]))
        return [(_play(turns[k][0]), v) for v, _, _, k in quick]
    scored: "list[list[float]]" = []  # [value, index of the turn]
    sheet = pos.sheet
    base = sheet_value(sheet)
    cells = board.cells
    for k in range(len(turns)):
        steps, points, crosses, _ = turns[k]
        v: float
        if points or crosses:
            r = check_turn(board, steps, pos.first, pos.strict, pos.grey_at)
            v = sheet_value(sheet_after(sheet, r.entries, r.crosses)) - base
        else:
            v = 0.0
        scored.append([v, float(k)])
    if level >= 4:
        for item in scored:
            steps = turns[int(item[1])][0]
            for i, val in steps:
                cells[i] = val
            try:
                item[0] -= W_THREAT * threat(board, pos.bag, pos.next_held)
            finally:
                for i, _ in steps:
                    cells[i] = 0
    scored.sort(key=lambda x: (-x[0], x[1]))
    if level == 5:
        head = scored[:DEEP]
        for item in head:
            steps = turns[int(item[1])][0]
            # Back to the sheet value, then less the next player's expected best reply.
            for i, val in steps:
                cells[i] = val
            try:
                item[0] += W_THREAT * threat(board, pos.bag, pos.next_held)
                item[0] -= W_THREAT * expected_reply(board, pos.bag, pos.next_held, pos.strict, pos.grey_at)
            finally:
                for i, _ in steps:
                    cells[i] = 0
        head.sort(key=lambda x: (-x[0], x[1]))
        lowest = head[-1][0]
        rest = scored[DEEP:]
        for item in rest:
            if item[0] >= lowest:
                item[0] = lowest - 0.001
        scored = head + rest
    return [(_play(turns[int(k)][0]), v) for v, k in scored]


def _play(steps: "Steps") -> "Play":
    out = []
    for i, v in steps:
        r, c = coords(i)
        out.append((r, c, v))
    return out


def best(pos: Position, level: int = 5, seed: int = 0) -> "tuple[Play, float]":
    """The turn the engine plays at `level` and its value: (turn, value). Level 1 plays a
    random scoring turn (any turn when none scores), drawn with the seed. Levels 1 and 2
    walk the legal turns once without listing them (the device's heap is small)."""
    _check_level(level)
    if level > 2:
        return analyse(pos, level, seed)[0]
    rng = Random(seed)
    pick: "tuple[Steps, int] | None" = None
    scoring = False  # level 1: a scoring turn has been seen
    key: "tuple[int, int, int] | None" = None  # level 2: the best (points, crosses, top) so far
    n = 0
    for steps, _, points, crosses, top in legal_turns(pos.board, pos.hand, pos.first, pos.strict, pos.grey_at):
        if level == 1:
            # A uniform choice among the scoring turns (reservoir sampling), else any turn.
            if points > 0:
                if not scoring:
                    scoring = True
                    n = 0
                n += 1
                if rng.below(n) == 0:
                    pick = (steps, points)
            elif not scoring:
                n += 1
                if rng.below(n) == 0:
                    pick = (steps, points)
        elif key is None or (points, crosses, top) > key:
            key = (points, crosses, top)
            pick = (steps, points)
    if pick is None:
        return ([], 0.0)
    return (_play(pick[0]), float(pick[1]))
