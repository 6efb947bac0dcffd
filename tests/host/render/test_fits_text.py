"""Plain-text pictures used by the terminal game (host/boardlight/render/text/fits.py)."""

from boardcore.fits.board import Board
from boardcore.fits.layouts import default_layout
from boardlight.render.text.fits import board_lines, orientation_lines, score_lines


def test_board_lines_show_tiles_dots_and_specials():
    b = Board()
    b.drop("O4", 1, 1)  # rows 1-2, columns 1-2
    lines = board_lines(b, default_layout(2))
    assert len(lines) == 13 and lines[-1] == "    1  2  3  4  5  6"
    # board 2 (ILLUSTRATIVE): value 3 at (11,1), value 2 at (3,1), value 1 at (2,5)
    assert lines[12 - 11] == "11  3  .  .  .  .  ."
    assert lines[12 - 3] == " 3  2  .  .  .  .  ."
    assert lines[12 - 2] == " 2 O4 O4  .  .  1  ."
    assert lines[12 - 1] == " 1 O4 O4  .  .  .  ."


def test_orientations_are_numbered_and_bottom_aligned():
    # L3: 1 = #. ##, 2 = ## #., 3 = ## .#, 4 = .# ## (quarter turns clockwise)
    assert orientation_lines("L3").splitlines() == [
        "1    2    3    4",
        "#    ##   ##    #",
        "##   #     #   ##",
    ]


def test_score_lines_board_4():
    s = score_lines("Ann", {"board": 4, "total": 5, "open_dots": 7, "dots": -7, "full_rows": 0, "rows": 0,
                            "pairs": [{"symbol": "A", "cells": [[2, 1], [6, 6]], "open": 2, "points": 3}]})
    assert s == ["Ann: +5 on board 4", "  open dots: 7 (-7)",
                 "  symbol A (row 2 column 1 and row 6 column 6): 2 open (+3)"]
