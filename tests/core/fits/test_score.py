"""FITS scoring: the two reported rounds, each board's special spaces, totals, ties, solo."""

import pytest

from boardcore.fits.board import Board
from boardcore.fits.layouts import default_layout, parse_layout
from boardcore.fits.score import score_board, solo_rating, winners


def board_from(rows):
    """A board from 12 strings, row 12 first: '#' covered, anything else open."""
    b = Board()
    for i, line in enumerate(rows):
        r = 12 - i
        for c, ch in enumerate(line, start=1):
            if ch == "#":
                b.set_cell(r, c, "?")
    return b


def test_reported_round_board_1():
    # "8 full rows, 4 dots open: 4": rows 1-8 full, one open dot in each of rows 9-12.
    b = board_from([".#####", "#.####", "##.###", "###.##"] + ["######"] * 8)
    s = score_board(b, default_layout(1))
    assert (s["full_rows"], s["open_dots"], s["total"]) == (8, 4, 4)


def test_reported_round_board_4():
    # "4 pairs open, 7 dots open: 12 - 7 = 5". Default (ILLUSTRATIVE) board 4 layout:
    # A (2,1)(6,6) B (3,4)(9,2) C (5,2)(11,6) D (7,5)(12,1) E (4,6)(10,4).
    # Open: every A-D space, no E space, and 7 ordinary dots (12,2..6) (8,1) (1,1).
    open_cells = {(2, 1), (6, 6), (3, 4), (9, 2), (5, 2), (11, 6), (7, 5), (12, 1),
                  (12, 2), (12, 3), (12, 4), (12, 5), (12, 6), (8, 1), (1, 1)}
    b = Board()
    for r in range(1, 13):
        for c in range(1, 7):
            if (r, c) not in open_cells:
                b.set_cell(r, c, "?")
    s = score_board(b, default_layout(4))
    assert s["open_dots"] == 7
    assert [p["points"] for p in s["pairs"]] == [3, 3, 3, 3, 0]
    assert s["total"] == 5


def test_rows_score_only_on_board_1_and_specials_are_not_dots():
    full = board_from(["######"] * 12)
    assert score_board(full, default_layout(1))["total"] == 12
    assert score_board(full, default_layout(2))["total"] == 0  # all covered, no rows
    empty = Board()
    # Board 2 empty: 63 ordinary dots -63; specials 1x4 + 2x3 + 3x2 = 16 -> -47.
    assert score_board(empty, default_layout(2))["total"] == -47
    # Board 4 empty: 62 dots -62; five pairs open +15 -> -47.
    assert score_board(empty, default_layout(4))["total"] == -47


def test_board_4_one_of_a_pair_open_costs_three():
    lay = default_layout(4)
    b = board_from(["######"] * 12)
    b.set_cell(2, 1, None)  # A open, (6,6) covered
    s = score_board(b, lay)
    assert s["pairs"][0] == {"symbol": "A", "cells": [[2, 1], [6, 6]], "open": 1, "points": -3}
    assert s["total"] == -3 and s["open_dots"] == 0


def test_board_3_minus_values_add_when_uncovered():
    lay = parse_layout("board 3\nspace 1 1 -5\nspace 1 2 +3\n")
    b = board_from(["######"] * 11 + ["..####"])
    s = score_board(b, lay)
    assert s["total"] == -2 and s["open_dots"] == 0
    assert [x["points"] for x in s["specials"]] == [-5, 3]


def test_winners_share_ties():
    assert winners({"Ann": 3, "Bob": 5, "Cy": 5}) == ["Bob", "Cy"]
    assert winners({"Ann": -4}) == ["Ann"]


@pytest.mark.parametrize("total,title", [
    (31, "master builder"), (45, "master builder"), (30, "architect"), (26, "architect"),
    (25, "bricklayer"), (21, "bricklayer"), (20, "handyman"), (16, "handyman"),
    (15, "landscaper"), (11, "landscaper"), (10, "the new guy"), (6, "the new guy"),
    (5, "clean-up crew"), (-20, "clean-up crew"),
])
def test_solo_rating_bands(total, title):
    assert solo_rating(total) == title
