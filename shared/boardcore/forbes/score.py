"""Scoring a Forbes board against the players' ownership cards.

A pattern whose four cells show one symbol pays its value to every player holding cards of
that symbol: once per card (default), or once per player with `pay_once_per_player`.
"""

from boardcore.compat import const
from boardcore.forbes.patterns import complete_patterns
from boardcore.forbes.rules import CELLS, Options

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Sequence


def score_board(board: "Sequence[str]", hands: "Sequence[str]", options: "Options | None" = None) -> "list[dict[str, Any]]":
    """Score `board` (16 codes, "." for empty) for each hand in `hands` (strings of codes).

    Returns one dict per hand, in the order given:
        {"total": points,
         "lines": [{"pattern": id, "kind": kind, "symbol": code, "cards": n, "points": p}, ...]}
    with one line per complete pattern whose symbol the player holds, in pattern order
    (see boardcore.forbes.patterns). A board that is not full simply has fewer complete patterns.
    """
    if options is None:
        options = Options()
    if len(board) != CELLS:
        raise ValueError("a Forbes board has 16 cells, not %d" % len(board))
    done = complete_patterns(board, options.centre_also_square)
    out = []
    for hand in hands:
        lines = []
        total = 0
        for pid, kind, value, symbol in done:
            cards = hand.count(symbol)
            if not cards:
                continue
            points = value if options.pay_once_per_player else value * cards
            total += points
            lines.append({"pattern": pid, "kind": kind, "symbol": symbol, "cards": cards, "points": points})
        out.append({"total": total, "lines": lines})
    return out
