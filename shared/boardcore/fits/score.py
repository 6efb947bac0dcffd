"""FITS scoring (docs/rules.md): one board at the end of a round, game totals, the solo rating.

A board is anything with `covered(row, col)` (a boardcore.fits.board.Board, or a
boardcore.fits.position.Position). Rows 1..12 from the bottom, columns 1..6 from the left.
"""

from boardcore.compat import const

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Protocol, Sequence
    from boardcore.fits.layouts import Layout

    class Covered(Protocol):
        """What scoring reads of a board: a Board, a Position, a quick tally's stand-in."""

        def covered(self, row: int, col: int) -> bool: ...


ROWS = 12
COLS = 6
PAIR_BOTH_OPEN = 3
PAIR_ONE_OPEN = -3

# Solo rating: (lowest total, title), best first (docs/rules.md).
SOLO_RATINGS = (
    (31, "master builder"),
    (26, "architect"),
    (21, "bricklayer"),
    (16, "handyman"),
    (11, "landscaper"),
    (6, "the new guy"),
)
SOLO_LAST = "clean-up crew"
SOLO_BOARDS = (1, 2, 3, 4)  # the titles are for a solo game of all four boards


def score_board(board: "Covered", layout: "Layout") -> "dict[str, Any]":
    """The score breakdown of one board:

    board       board number (1..4, from the layout)
    open_dots   uncovered ordinary dots (special spaces are not dots); dots = -open_dots
    full_rows   completely covered rows (board 1 only, else 0); rows = +full_rows
    specials    boards 2 and 3: one entry per special space, bottom row first:
                {row, column, value, covered, points}; points = value if uncovered
    pairs       board 4: one entry per symbol A..: {symbol, cells, open, points}
                with points +3 both open, -3 one open, 0 none
    total       dots + rows + the special points
    """
    number = layout.board
    special = {}
    for r, c, v in layout.spaces:
        special[r * 10 + c] = v
    open_dots = 0
    full_rows = 0
    for r in range(1, ROWS + 1):
        full = True
        for c in range(1, COLS + 1):
            if board.covered(r, c):
                continue
            full = False
            if (r * 10 + c) not in special:
                open_dots += 1
        if full:
            full_rows += 1
    if number != 1:
        full_rows = 0
    total = full_rows - open_dots
    out: "dict[str, Any]" = {"board": number, "open_dots": open_dots, "dots": -open_dots, "full_rows": full_rows, "rows": full_rows}
    if number == 4:
        pairs: "list[dict[str, Any]]" = []
        symbols = sorted(set(v for _, _, v in layout.spaces))
        for s in symbols:
            cells = [[r, c] for r, c, v in layout.spaces if v == s]
            n_open = sum(1 for r, c in cells if not board.covered(r, c))
            pts = PAIR_BOTH_OPEN if n_open == 2 else (PAIR_ONE_OPEN if n_open == 1 else 0)
            pairs.append({"symbol": s, "cells": cells, "open": n_open, "points": pts})
            total += pts
        out["pairs"] = pairs
    elif number in (2, 3):
        specials: "list[dict[str, Any]]" = []
        for r, c, v in layout.spaces:
            cov = board.covered(r, c)
            pts = 0 if cov else int(v)  # boards 2 and 3: whole numbers
            specials.append({"row": r, "column": c, "value": v, "covered": cov, "points": pts})
            total += pts
        out["specials"] = specials
    out["total"] = total
    return out


def winners(totals: "dict[str, int]") -> "list[str]":
    """The names with the highest total, sorted: ties share the win."""
    if not totals:
        return []
    best = max(totals.values())
    return sorted(n for n in totals if totals[n] == best)


def solo_rating(total: int) -> str:
    """The title of the solo scale for a total (docs/rules.md): over 30 master builder ...
    5 or less clean-up crew. Whether a game earns one: solo_title()."""
    for low, title in SOLO_RATINGS:
        if total >= low:
            return title
    return SOLO_LAST


def no_title_reason(players: int, boards: "Sequence[int]") -> "str | None":
    """Why a game with `players` players on `boards` earns no solo title, or None when it
    earns one: the titles are for one player who played all four boards (in any order).

    >>> no_title_reason(1, [4, 3, 2, 1]) is None
    True
    >>> no_title_reason(1, [1])
    'the titles are for a solo game of all four boards, and this game had board 1 only'
    >>> no_title_reason(1, [1, 2, 4])
    'the titles are for a solo game of all four boards, and this game had boards 1, 2 and 4 only'
    """
    if players != 1:
        return "the titles are for a solo game, and this game had %d players" % players
    played = sorted(boards)
    if played == list(SOLO_BOARDS):
        return None
    names = [str(b) for b in played]
    if len(names) == 1:
        had = "board " + names[0]
    else:
        had = "boards %s and %s" % (", ".join(names[:-1]), names[-1])
    return "the titles are for a solo game of all four boards, and this game had %s only" % had


def solo_title(total: int, players: int, boards: "Sequence[int]") -> "str | None":
    """The solo title a game earns with `total`, or None (no_title_reason says why).

    >>> solo_title(27, 1, [1, 2, 3, 4]), solo_title(27, 1, [1, 2])
    ('architect', None)
    """
    if no_title_reason(players, boards) is not None:
        return None
    return solo_rating(total)
