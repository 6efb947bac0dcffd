"""Zatre score sheets worked by hand (docs/rules.md: x2 | 10 | 11 | 12 | bonus | total)."""

from boardcore.zatre.game import Game
from boardcore.zatre.score import ScoreSheet, bonus


def test_printed_bonus_per_sheet_row():
    # Rows 1-4: 3, 5-8: 4, 9-12: 5, 13-16: 6, beyond: 6 (0-based indices here).
    assert [bonus(r) for r in (0, 3, 4, 7, 8, 11, 12, 15, 16, 30)] == [3, 3, 4, 4, 5, 5, 6, 6, 6, 6]


def test_row_with_10_11_12_and_its_bonus():
    s = ScoreSheet()
    s.add((1, 2, 4), 0)
    # 1 + 2 + 4 + bonus 3 = 10, no cross.
    assert s.rows() == [(False, 1, 2, 4, 3, 10)]
    assert s.total() == 10


def test_doubled_row():
    s = ScoreSheet()
    s.add((1, 2, 4), 1)
    # (1 + 2 + 4 + 3) x 2 = 20.
    assert s.rows() == [(True, 1, 2, 4, 3, 20)]


def test_row_with_a_cross_but_a_missing_column():
    s = ScoreSheet()
    s.add((2, 0, 8), 1)
    # No 11 entry: no bonus. (2 + 8) x 2 = 20.
    assert s.rows() == [(True, 2, None, 8, 0, 20)]


def test_columns_fill_independently_of_turns():
    s = ScoreSheet()
    s.add((1, 0, 0), 0)  # turn 1: a 10
    s.add((0, 2, 0), 0)  # turn 2: an 11 goes in the first box of its column
    s.add((1, 0, 4), 1)  # turn 3: a 10 (row 2), a 12 (row 1), a cross (row 1)
    # Row 1: 10=1, 11=2, 12=4, bonus 3 -> 10, doubled -> 20. Row 2: 10=1 -> 1.
    assert s.rows() == [(True, 1, 2, 4, 3, 20), (False, 1, None, None, 0, 1)]
    assert s.total() == 21


def test_fifth_row_bonus_is_4():
    s = ScoreSheet()
    for _ in range(5):
        s.add((1, 2, 4), 0)
    # Rows 1-4: 7 + 3 = 10 each; row 5: 7 + 4 = 11. Total 51.
    assert [r[5] for r in s.rows()] == [10, 10, 10, 10, 11]
    assert s.total() == 51


def test_held_tiles_are_subtracted():
    g = Game(["Ann", "Bob"], seed=1)
    g.sheets[0].add((1, 2, 4), 1)  # (7 + 3) x 2 = 20
    g.hands[0] = [5, 3]
    g.hands[1] = []
    # Ann: 20 - (5 + 3) = 12; Bob: 0.
    assert g.final_scores() == [12, 0]
