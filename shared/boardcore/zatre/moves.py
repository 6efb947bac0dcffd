"""Listing the legal Zatre turns of a hand without building big lists (for the device too).

two_tile_turns() is the fast generator for the usual two-tile hand; it reads every run sum
from arm sums computed once per call, so a pair of cells costs a few additions. It follows
exactly the readings of boardcore.zatre.rules.check_turn (the reference, which the tests
compare it with by brute force): placing the two tiles in either order gives the same
board and the same runs, and only adjacency (a tile touching only the other new tile goes
second) and the grey exception can make the order matter, the exception only when it is
judged as each tile goes down (grey_at "tile", the default; "turn" judges it on the board
as the turn began).

A yielded turn is a tuple (i1, v1, i2, v2, either, points, crosses, top): tile v1 at cell
index i1 first, then v2 at i2; either is True when the reverse order is legal too; points
and crosses as check_turn would score them; top the highest scoring sum made (0 if none).
"""

from boardcore.compat import const
from boardcore.zatre.board import MAX_SUM, PLAYABLE, WIDTH, arm, frontier
from boardcore.zatre.rules import GREY_AT_TILE, GREY_AT_TURN, check_grey_at

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Iterator, Sequence
    from boardcore.zatre.board import Board

    # (i1, v1, i2, v2, either, points, crosses, top): see the module docstring.
    TwoTileTurn = tuple[int, int, int, int, bool, int, int, int]

_PTS = (1, 2, 4)  # points of 10, 11, 12


def _pts(s: int) -> int:
    return _PTS[s - 10] if s >= 10 else 0


class _Arms:
    """Arm sums and lengths of every frontier cell (left, right, up, down), by cell index."""

    __slots__ = ("sl", "sr", "su", "sd", "nl", "nr", "nu", "nd")

    def __init__(self, cells: bytearray, front: "list[int]") -> None:
        n = len(cells)
        self.sl = bytearray(n)
        self.sr = bytearray(n)
        self.su = bytearray(n)
        self.sd = bytearray(n)
        self.nl = bytearray(n)
        self.nr = bytearray(n)
        self.nu = bytearray(n)
        self.nd = bytearray(n)
        for f in front:
            self.sl[f], self.nl[f] = arm(cells, f, -1)
            self.sr[f], self.nr[f] = arm(cells, f, 1)
            self.su[f], self.nu[f] = arm(cells, f, -WIDTH)
            self.sd[f], self.nd[f] = arm(cells, f, WIDTH)


def _normal(grey: bytearray, i: int, rs: int, cs: int) -> bool:
    # A tile whose runs through cell i sum to rs and cs could go there without the exception.
    return rs <= MAX_SUM and cs <= MAX_SUM and (not grey[i] or rs >= 10 or cs >= 10)


def two_tile_turns(board: "Board", a: int, b: int, strict: bool = False,
                   grey_at: str = GREY_AT_TILE) -> "Iterator[TwoTileTurn]":
    """Yield every legal turn placing both tiles a and b on `board` (not the first turn),
    each final placement once (see the module docstring for the tuple)."""
    at_turn = check_grey_at(grey_at) == GREY_AT_TURN
    cells = board.cells
    grey = board.grey
    front = frontier(cells)
    A = _Arms(cells, front)
    sl, sr, su, sd = A.sl, A.sr, A.su, A.sd
    nl, nr, nu, nd = A.nl, A.nr, A.nu, A.nd
    in_front = bytearray(len(cells))
    for f in front:
        in_front[f] = 1

    # How many cells take a tile of value v normally before the turn (the exception test).
    normal0 = [0] * 7
    for v in (a, b):
        if not normal0[v]:
            c = 0
            for f in front:
                if _normal(grey, f, sl[f] + v + sr[f], su[f] + v + sd[f]):
                    c += 1
            normal0[v] = c

    def exception_after(x: int, vx: int, v: int) -> bool:
        # True when, once vx is on x, no cell takes a v normally (so a grey v needs no score).
        # Only x and the first empty cell past each of its arms (its "partners") change.
        # Judged at the turn's start, the first tile changes nothing.
        c = normal0[v]
        if at_turn:
            return c == 0
        if _normal(grey, x, sl[x] + v + sr[x], su[x] + v + sd[x]):
            c -= 1
        row = sl[x] + vx + sr[x]
        col = su[x] + vx + sd[x]
        for d in range(4):
            if d == 0:
                z = x - nl[x] - 1
            elif d == 1:
                z = x + nr[x] + 1
            elif d == 2:
                z = x - (nu[x] + 1) * WIDTH
            else:
                z = x + (nd[x] + 1) * WIDTH
            if not PLAYABLE[z]:
                continue
            rs = sl[z] + v + sr[z]
            cs = su[z] + v + sd[z]
            if in_front[z]:
                if _normal(grey, z, rs, cs):
                    c -= 1
            elif strict:
                continue  # touches only the new tile: no place for a tile under strict
            # z's arm towards x now reaches through x: x's whole run replaces it.
            if d == 0:
                rs = sl[z] + v + row
            elif d == 1:
                rs = row + v + sr[z]
            elif d == 2:
                cs = su[z] + v + col
            else:
                cs = col + v + sd[z]
            if _normal(grey, z, rs, cs):
                c += 1
        return c == 0

    def judge(p: int, vp: int, q: int, vq: int, q_new: bool) -> "TwoTileTurn | None":
        # Score the pair and decide which orders are legal; None when illegal.
        rp = sl[p] + vp + sr[p]
        cp = su[p] + vp + sd[p]
        rq = sl[q] + vq + sr[q]
        cq = su[q] + vq + sd[q]
        # A run holding both tiles counts once: then only p's copy is scored.
        q_row = q_col = True
        if q == p + nr[p] + 1:
            rp = rq = rp + vq + sr[q]
            q_row = False
        elif q == p - nl[p] - 1:
            rp = rq = rp + vq + sl[q]
            q_row = False
        elif q == p + (nd[p] + 1) * WIDTH:
            cp = cq = cp + vq + sd[q]
            q_col = False
        elif q == p - (nu[p] + 1) * WIDTH:
            cp = cq = cp + vq + su[q]
            q_col = False
        if rp > MAX_SUM or cp > MAX_SUM or rq > MAX_SUM or cq > MAX_SUM:
            return None
        # A lone tile's "run" is at most 6, so it never scores: no length test needed.
        points = _pts(rp) + _pts(cp)
        top = rp if rp > cp else cp
        if q_row:
            points += _pts(rq)
            if rq > top:
                top = rq
        if q_col:
            points += _pts(cq)
            if cq > top:
                top = cq
        if top < 10:
            top = 0
        crosses = 0
        need_p = need_q = False  # the tile stands on grey without a score: needs the exception
        if grey[p]:
            if rp >= 10 or cp >= 10:
                crosses += 1
            else:
                need_p = True
        if grey[q]:
            if rq >= 10 or cq >= 10:
                crosses += 1
            else:
                need_q = True
        p_first = (not need_p or normal0[vp] == 0) and (not need_q or exception_after(p, vp, vq))
        if q_new:
            if not p_first:
                return None
            return (p, vp, q, vq, False, points, crosses, top)
        q_first = (not need_q or normal0[vq] == 0) and (not need_p or exception_after(q, vq, vp))
        if p_first:
            return (p, vp, q, vq, q_first, points, crosses, top)
        if q_first:
            return (q, vq, p, vp, False, points, crosses, top)
        return None

    fit_a = [f for f in front if sl[f] + a + sr[f] <= MAX_SUM and su[f] + a + sd[f] <= MAX_SUM]
    fit_b = fit_a if a == b else [f for f in front if sl[f] + b + sr[f] <= MAX_SUM and su[f] + b + sd[f] <= MAX_SUM]
    # Both tiles on cells that touch the board already.
    for p in fit_a:
        for q in fit_b:
            if q == p or (a == b and q < p):
                continue
            t = judge(p, a, q, b, False)
            if t is not None:
                yield t
    if strict:
        return
    # The second tile touching only the first.
    for vp, vq, fits in ((a, b, fit_a), (b, a, fit_b)):
        for p in fits:
            for q in (p - 1, p + 1, p - WIDTH, p + WIDTH):
                if PLAYABLE[q] and not cells[q] and not in_front[q]:
                    t = judge(p, vp, q, vq, True)
                    if t is not None:
                        yield t
        if a == b:
            break


def one_tile_turns(board: "Board", values: "Sequence[int]", strict: bool = False) -> "Iterator[tuple[int, int, int, int, int]]":
    """Yield (i, v, points, crosses, top) for every legal single-tile turn with a value
    from `values` (each distinct value once)."""
    cells = board.cells
    grey = board.grey
    done = []
    for v in values:
        if v in done:
            continue
        done.append(v)
        front = frontier(cells)
        ok = []
        normal = 0
        for f in front:
            rs = arm(cells, f, -1)[0] + v + arm(cells, f, 1)[0]
            cs = arm(cells, f, -WIDTH)[0] + v + arm(cells, f, WIDTH)[0]
            if rs <= MAX_SUM and cs <= MAX_SUM:
                ok.append((f, rs, cs))
                if _normal(grey, f, rs, cs):
                    normal += 1
        for f, rs, cs in ok:
            scores = rs >= 10 or cs >= 10
            if grey[f] and not scores and normal:
                continue
            top = rs if rs > cs else cs
            yield (f, v, _pts(rs) + _pts(cs), 1 if grey[f] and scores else 0, top if top >= 10 else 0)


def can_place(board: "Board", value: int) -> bool:
    """True when a tile of `value` fits somewhere (on a grey square at worst, by the
    exception), i.e. a hand holding it cannot pass."""
    cells = board.cells
    for f in frontier(cells):
        if (
            arm(cells, f, -1)[0] + value + arm(cells, f, 1)[0] <= MAX_SUM
            and arm(cells, f, -WIDTH)[0] + value + arm(cells, f, WIDTH)[0] <= MAX_SUM
        ):
            return True
    return False


def max_tiles(board: "Board", hand: "Sequence[int]", first: bool = False, strict: bool = False,
              grey_at: str = GREY_AT_TILE) -> int:
    """The most tiles of `hand` one legal turn can place (the duty: a turn must place this
    many). The first turn always places all three."""
    if first:
        return len(hand)
    if len(hand) >= 2:
        for a in range(len(hand)):
            for b in range(a + 1, len(hand)):
                for _ in two_tile_turns(board, hand[a], hand[b], strict, grey_at):
                    return 2
    for v in hand:
        if can_place(board, v):
            return 1
    return 0

