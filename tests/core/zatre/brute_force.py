"""The brute-force oracle of the fast Zatre move generator: every ordered sequence of the
hand's tiles tried through the reference checker, boardcore.zatre.rules.check_turn."""

from boardcore.zatre.board import START, frontier
from boardcore.zatre.errors import ZatreError
from boardcore.zatre.rules import check_turn


def slow_turns(board, hand, first=False, strict=False, grey_at="tile"):
    """Every legal ordered turn of `hand` found by trying each sequence through check_turn:
    a list of TurnResult. Only turns placing the most tiles possible are listed (the duty)."""
    cells = board.cells
    out = []

    def extend(steps, rest, size):
        if len(steps) == size:
            try:
                out.append(check_turn(board, steps, first, strict, grey_at))
            except ZatreError:
                pass
            return
        if first and not steps:
            places = [START]
        else:
            # The sequence so far goes on the board for the frontier, then comes off again.
            for i, v in steps:
                cells[i] = v
            places = frontier(cells)
            for i, v in steps:
                cells[i] = 0
        tried = []
        for k in range(len(rest)):
            v = rest[k]
            if v in tried:
                continue
            tried.append(v)
            others = rest[:k] + rest[k + 1 :]
            for i in places:
                extend(steps + [(i, v)], others, size)

    for size in range(len(hand), 0, -1):
        extend([], list(hand), size)
        if out:
            break
    return out
