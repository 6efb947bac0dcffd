"""Hand-worked Zatre turns through the reference checker (boardcore.zatre.rules).

Coordinates are docs/rules.md's (row, col) from the top-left, 0-based. Grey squares used below are
checked against the list in docs/rules.md (Zatre, the board): inner diagonals r == c or r + c == 14.
"""

import pytest

from boardcore.zatre.board import Board, index
from boardcore.zatre.errors import AdjacencyError, CellError, GreyError, SumError
from boardcore.zatre.rules import check_turn


def board(*tiles, centre_doubles=False):
    b = Board(centre_doubles)
    for r, c, v in tiles:
        b.put(index(r, c), v)
    return b


def turn(b, *tiles, first=False, strict=False):
    return check_turn(b, [(index(r, c), v) for r, c, v in tiles], first, strict)


def test_run_of_exactly_12_is_accepted():
    # Row 7 holds 5 and 4 (sum 9); a 3 at (7,9) makes row 7, columns 7-9 = 12 -> 4 points.
    # Its column 9 is the tile alone (3), no score. None of the cells is grey.
    r = turn(board((7, 7, 5), (7, 8, 4)), (7, 9, 3))
    assert r.sums == (12,)
    assert r.entries == (0, 0, 4)
    assert r.points == 4 and r.crosses == 0


def test_run_of_13_is_refused_and_board_unchanged():
    b = board((7, 7, 5), (7, 8, 4))
    before = bytes(b.cells)
    # 5 + 4 + 4 = 13 on row 7, columns 7-9.
    with pytest.raises(SumError, match=r"^row 7, columns 7-9 would sum to 13"):
        turn(b, (7, 9, 4))
    assert bytes(b.cells) == before


def test_column_message_names_rows():
    # Column 9: 5 + 4 + 2 at rows 3-5, a 3 at (6,9) would make 14.
    b = board((3, 9, 5), (4, 9, 4), (5, 9, 2))
    with pytest.raises(SumError, match=r"^column 9, rows 3-6 would sum to 14"):
        turn(b, (6, 9, 3))


def test_tile_joining_two_runs_across_a_gap():
    # Row 8: 2,3 at columns 3-4, gap at (8,5), 4,1 at columns 6-7.
    # A 2 in the gap joins them: 2+3+2+4+1 = 12 on row 8, columns 3-7 -> one run, 4 points.
    b = board((8, 3, 2), (8, 4, 3), (8, 6, 4), (8, 7, 1))
    r = turn(b, (8, 5, 2))
    assert r.runs == (("row 8, columns 3-7", 12),)
    assert r.points == 4
    # A 3 there would make 13 across the joined run.
    with pytest.raises(SumError, match=r"^row 8, columns 3-7 would sum to 13"):
        turn(b, (8, 5, 3))


def test_grey_square_refused_without_a_score():
    # (3,3) is grey (r == c). Row 3 has 2,3 to its right: a 1 makes 6, no score, and a 1 fits
    # elsewhere (first such cell in row-major order: (2,4), above the 2), so it is refused.
    b = board((3, 4, 2), (3, 5, 3))
    with pytest.raises(GreyError, match=r"^grey square \(3,3\): row sum 6 and column sum 1 .*e\.g\. \(2,4\)"):
        turn(b, (3, 3, 1))


def test_grey_square_accepted_with_a_score_and_a_cross():
    # Row 3 has 5,5: a 1 at grey (3,3) makes row 3, columns 3-5 = 11 -> 2 points and a cross.
    r = turn(board((3, 4, 5), (3, 5, 5)), (3, 3, 1))
    assert r.sums == (11,) and r.entries == (0, 2, 0)
    assert r.crosses == 1


def test_grey_tile_scores_through_the_second_tile_of_the_turn():
    # 1 at grey (3,3) first (row 1+2+3 = 6), then 4 at (3,6): row 3, columns 3-6 = 10 at the
    # end of the turn, so the grey tile scores: 1 point, one cross.
    r = turn(board((3, 4, 2), (3, 5, 3)), (3, 3, 1), (3, 6, 4))
    assert r.runs == (("row 3, columns 3-6", 10),)
    assert r.entries == (1, 0, 0) and r.crosses == 1


def test_exception_for_a_tile_that_fits_nowhere_else():
    # Row 1 = 6,6 at (1,1)-(1,2) and column 1 = 6,6 at (1,1)-(2,1): both sum 12.
    # The empty cells touching them: (1,3) (row 1 would pass 12), (3,1) (column 1 would
    # pass 12) and grey (2,2) (r == c), whose row is 6 + v and column 6 + v.
    # A 2 fits only on (2,2), making 8 and 8: no score, allowed by the exception, no cross.
    b = board((1, 1, 6), (1, 2, 6), (2, 1, 6))
    r = turn(b, (2, 2, 2))
    assert r.points == 0 and r.crosses == 0
    # With a lone 1 at (7,7) on the board a 2 could go beside it, first at (6,7): refused.
    b.put(index(7, 7), 1)
    with pytest.raises(GreyError, match=r"e\.g\. \(6,7\)"):
        turn(b, (2, 2, 2))


def test_two_equal_sums_make_one_entry():
    # (3,7)=6, (3,8)=5. A 6 at (2,7): column 7, rows 2-3 = 12. A 6 at (2,8): row 2,
    # columns 7-8 = 12 (the run holding both new tiles, counted once) and column 8,
    # rows 2-3 = 6+5 = 11. Two 12s -> one entry of 8 in the 12 column; 11 -> 2.
    r = turn(board((3, 7, 6), (3, 8, 5)), (2, 7, 6), (2, 8, 6))
    assert sorted(r.runs) == [("column 7, rows 2-3", 12), ("column 8, rows 2-3", 11), ("row 2, columns 7-8", 12)]
    assert r.sums == (12, 12, 11)
    assert r.entries == (0, 2, 8)
    assert r.points == 10


def test_a_turn_scoring_four_sums():
    # 4 at (2,7): row 2 = 6 + 4 = 10 with (2,6)=6, column 7 = 4 + 6 = 10 with (3,7)=6.
    # 6 at (5,8): row 5 = 5 + 6 = 11 with (5,7)=5, column 8 = 5 + 6 = 11 with (4,8)=5.
    # Four runs, none shared: 10, 10, 11, 11 -> entries 2 (10s) and 4 (11s), 6 points.
    b = board((2, 6, 6), (3, 7, 6), (4, 8, 5), (5, 7, 5))
    r = turn(b, (2, 7, 4), (5, 8, 6))
    assert r.sums == (11, 11, 10, 10)
    assert r.entries == (2, 4, 0) and r.points == 6


def test_first_turn_starts_on_the_red_square():
    with pytest.raises(AdjacencyError, match=r"red start square \(7,7\), not \(7,8\)"):
        turn(Board(), (7, 8, 3), (7, 7, 2), (8, 7, 1), first=True)
    # 5 on (7,7), 4 at (7,8): row 7 = 9; 3 at (8,7): column 7 = 8. Nothing scores.
    r = turn(Board(), (7, 7, 5), (7, 8, 4), (8, 7, 3), first=True)
    assert r.points == 0 and r.runs == (("row 7, columns 7-8", 9), ("column 7, rows 7-8", 8))


def test_adjacency_and_cells():
    b = board((7, 7, 5))
    with pytest.raises(AdjacencyError, match=r"^\(7,9\) touches no tile"):
        turn(b, (7, 9, 1))
    # A tile may touch the tile placed just before it (strict_adjacency off)...
    assert turn(b, (7, 8, 1), (7, 9, 1)).points == 0
    # ...but not with strict_adjacency.
    with pytest.raises(AdjacencyError, match=r"^strict adjacency: \(7,9\)"):
        turn(b, (7, 8, 1), (7, 9, 1), strict=True)
    with pytest.raises(CellError, match=r"\(0,7\) is not one of the 193 playable cells"):
        turn(b, (0, 7, 1))
    with pytest.raises(CellError, match=r"\(7,7\) is already covered \(by a 5\)"):
        turn(b, (7, 7, 1))


def test_centre_doubles_gives_the_first_tile_a_cross_when_it_scores():
    # 6 on (7,7), 5 at (7,8): row 7 = 11; 1 at (8,7): column 7 = 7. Centre grey -> 1 cross.
    b = Board(centre_doubles=True)
    r = turn(b, (7, 7, 6), (7, 8, 5), (8, 7, 1), first=True)
    assert r.entries == (0, 2, 0) and r.crosses == 1
    assert turn(Board(), (7, 7, 6), (7, 8, 5), (8, 7, 1), first=True).crosses == 0


def test_grey_exception_depends_on_the_order_of_the_two_tiles():
    # Board: (6,7)=5, (7,6)=4, (7,7)=6 (grey: (6,6), (6,8), (8,6)). Hand 3 and 2.
    # Where could a 3 go first? (5,7): column 7 = 3+5+6 = 14; (7,5) and (7,8): row 7 =
    # 4+6+3 = 13; (8,7): column 7 = 5+6+3 = 14; only the grey (6,6), (6,8), (8,6) take it,
    # without a score. So a 3 placed first may use the exception: 3 on (6,6) (row 6 = 3+5
    # = 8, column 6 = 3+4 = 7), then 2 at (7,5): row 7 = 2+4+6 = 12 -> 4 points, no cross.
    b = board((6, 7, 5), (7, 6, 4), (7, 7, 6))
    r = turn(b, (6, 6, 3), (7, 5, 2))
    assert r.points == 4 and r.crosses == 0
    # The other way round the 2 at (7,5) first opens (6,5) (column 5 = 2+3 = 5, row 6 the
    # tile alone, not grey) for the 3, so the 3 no longer fits "nowhere else".
    with pytest.raises(GreyError, match=r"^grey square \(6,6\): .*e\.g\. \(6,5\)"):
        turn(b, (7, 5, 2), (6, 6, 3))


def test_hints_list_the_order_dependent_turn_in_its_legal_order():
    from boardcore.zatre.hint import legal_turns

    b = board((6, 7, 5), (7, 6, 4), (7, 7, 6))
    found = [t for t in legal_turns(b, [2, 3]) if sorted(t[0]) == sorted([(index(6, 6), 3), (index(7, 5), 2)])]
    assert found == [(((index(6, 6), 3), (index(7, 5), 2)), False, 4, 0, 12)]


def test_a_value_that_is_no_tile_is_refused_as_such():
    # A 7 is no tile at all: the refusal says so rather than "you hold ..., no 7".
    from boardcore.zatre.errors import HandError
    from boardcore.zatre.game import Game

    g = Game(["Ann", "Bob"], seed=3)
    with pytest.raises(HandError, match="^tile 1 of the turn: tiles are 1 to 6, not 7$"):
        g.play([(7, 7, 7)])


def test_a_tile_placed_more_often_than_held_is_refused_as_such():
    # Seed 3 deals Ann 1 3 4: a second 3 is refused for what it is, not with "no 3".
    from boardcore.zatre.errors import HandError
    from boardcore.zatre.game import Game

    g = Game(["Ann", "Bob"], seed=3)
    with pytest.raises(HandError, match="^tile 3 of the turn: you hold 1 and 3 and 4: one 3, not two$"):
        g.play([(7, 7, 3), (6, 7, 1), (7, 6, 3)])
