"""Legality and scoring of one Zatre turn, checked tile by tile in the order played.

check_turn() is the reference: the game uses it for every turn played, and the fast move
generator (boardcore.zatre.moves) is tested against it. Readings of the rules taken here
(see docs/zatre-rules.md):
- Runs only grow during a turn, so "no run of 13 or more" is checked on the board at the
  end of the turn.
- A grey tile is fine when its row run or column run sums to 10, 11 or 12 at the end of the
  turn; it then earns a cross. Otherwise it needs the exception: there is no cell where a
  tile of that value could go as the last tile of a turn without the exception (touching the
  board, no run over 12, and not grey unless a run through it makes 10-12). Such a tile earns
  no cross. When that is judged is the rule option grey_exception_at (argument grey_at):
  "tile" (the default) at the moment the tile goes down, earlier tiles of the turn already
  down; "turn" on the board as the turn found it (on the first turn, with the tile on the
  red square, which has no choice).
- The first tile of the game goes on the red square whatever the grey rule says; with
  centre_doubles it earns a cross when a run through it scores at the end of the turn.
- With strict_adjacency every tile must touch a tile from an earlier turn; on the first turn
  the tile on the red square counts as such for the other two.
"""

from boardcore.compat import const
from boardcore.zatre.board import (
    MAX_SUM,
    PLAYABLE,
    START,
    WIDTH,
    arm,
    cell_name,
    frontier,
    run_text,
)
from boardcore.zatre.errors import AdjacencyError, CellError, GreyError, SumError
from boardcore.zatre.score import POINTS

# When the grey exception is judged (the rule option grey_exception_at): as each tile goes
# down, or on the board as the turn began.
GREY_AT_TILE = "tile"
GREY_AT_TURN = "turn"
GREY_AT = (GREY_AT_TILE, GREY_AT_TURN)

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Sequence
    from boardcore.zatre.board import Board


class TurnResult:
    """What a legal turn does.

    steps: ((index, value), ...) in the order played; runs: ((name, sum), ...) for every run
    of two or more tiles holding a new tile, each counted once, in the order found; sums: the
    scoring sums (10-12), highest first; entries: points written in the 10, 11 and 12
    columns (0 = no entry); crosses: crosses earned; points: entries added up."""

    __slots__ = ("steps", "runs", "sums", "entries", "crosses", "points")

    def __init__(self, steps: "tuple[tuple[int, int], ...]", runs: "tuple[tuple[str, int], ...]",
                 sums: "tuple[int, ...]", entries: "tuple[int, int, int]", crosses: int) -> None:
        self.steps = steps
        self.runs = runs
        self.sums = sums
        self.entries = entries
        self.crosses = crosses
        self.points = entries[0] + entries[1] + entries[2]


def touches(ref: bytearray, i: int) -> bool:
    """True when cell i has a tile beside it (not diagonally) in the bytearray `ref`."""
    return bool(ref[i - 1] or ref[i + 1] or ref[i - WIDTH] or ref[i + WIDTH])


def normal_cell(cells: bytearray, grey: bytearray, value: int, old: "bytearray | None" = None) -> "int | None":
    """A cell where a tile of `value` could go now as the last tile of a turn without the
    grey exception, or None when there is none (then the exception applies to it)."""
    for f in frontier(cells, old):
        rs = arm(cells, f, -1)[0] + arm(cells, f, 1)[0] + value
        if rs > MAX_SUM:
            continue
        cs = arm(cells, f, -WIDTH)[0] + arm(cells, f, WIDTH)[0] + value
        if cs > MAX_SUM:
            continue
        if not grey[f] or rs >= 10 or cs >= 10:
            return f
    return None


def check_grey_at(grey_at: object) -> str:
    """The value of the option grey_exception_at, checked: "tile" or "turn"."""
    if grey_at not in GREY_AT:
        raise ValueError("grey_exception_at is 'tile' or 'turn', not %r" % (grey_at,))
    return str(grey_at)


def check_turn(board: "Board", steps: "Sequence[tuple[int, int]]", first: bool = False, strict: bool = False,
               grey_at: str = GREY_AT_TILE) -> TurnResult:
    """Check the turn `steps` ((index, value) in the order played) on `board` and return
    its TurnResult. Raises a ZatreError naming the rule and the place; the board is left
    as it was either way (the caller applies a legal turn). Hand contents and the duty to
    place every placeable tile are the game's checks, not this function's. grey_at: when
    the grey exception is judged (see the module docstring)."""
    cells = board.cells
    grey = board.grey
    old = bytearray(cells) if strict else None
    # The board the exception is judged on: `cells` as it grows, or the turn's start.
    start = bytearray(cells) if check_grey_at(grey_at) == GREY_AT_TURN else cells
    placed = []
    elsewhere = []  # per step: a cell the tile could have used instead (grey steps only)
    try:
        for k in range(len(steps)):
            i, v = steps[k]
            name = cell_name(i)
            if not (0 <= i < len(cells)) or not PLAYABLE[i]:
                raise CellError("tile %d of the turn: %s is not one of the 193 playable cells" % (k + 1, name))
            if cells[i]:
                raise CellError("%s is already covered (by a %d)" % (name, cells[i]))
            opening = first and k == 0
            if opening:
                if i != START:
                    raise AdjacencyError("the first tile of the game goes on the red start square (7,7), not %s" % name)
            elif not touches(cells, i):
                raise AdjacencyError("%s touches no tile on the board (a new tile must meet one side by side)" % name)
            elif old is not None and not touches(old, i):
                raise AdjacencyError("strict adjacency: %s touches only tiles placed this turn" % name)
            if grey[i] and not opening:
                elsewhere.append(normal_cell(start, grey, v, old))
            else:
                elsewhere.append(None)
            cells[i] = v
            placed.append(i)
            if opening:
                start[i] = v  # the red-square tile has no choice: the turn is judged with it
                if old is not None:
                    old[i] = v  # and it anchors the rest of the first turn
        runs = []
        keys = []
        counts = {10: 0, 11: 0, 12: 0}
        crosses = 0
        for k in range(len(steps)):
            i, v = steps[k]
            scores = False
            line = []
            for step in (1, WIDTH):
                sb, nb = arm(cells, i, -step)
                sa, na = arm(cells, i, step)
                s = sb + v + sa
                n = nb + 1 + na
                if s > MAX_SUM:
                    raise SumError("%s would sum to %d (a run may not reach 13)" % (run_text(i, step, nb, n), s))
                line.append(s)
                if s >= 10:
                    scores = True
                key = step * 1000 + i - nb * step  # direction and first cell name the run
                if n >= 2 and key not in keys:
                    keys.append(key)
                    runs.append((run_text(i, step, nb, n), s))
                    if s >= 10:
                        counts[s] += 1
            other = elsewhere[k]
            if grey[i]:
                if scores:
                    crosses += 1
                elif other is not None:
                    raise GreyError(
                        "grey square %s: row sum %d and column sum %d make no 10, 11 or 12, and %sa %d "
                        "could go elsewhere (e.g. %s), so the exception does not apply"
                        % (cell_name(i), line[0], line[1], "when the turn began " if start is not cells else "",
                           v, cell_name(other))
                    )
        sums = []
        for s in (12, 11, 10):
            sums.extend([s] * counts[s])
        entries = (counts[10] * POINTS[10], counts[11] * POINTS[11], counts[12] * POINTS[12])
        return TurnResult(tuple(steps), tuple(runs), tuple(sums), entries, crosses)
    finally:
        for i in placed:
            cells[i] = 0
