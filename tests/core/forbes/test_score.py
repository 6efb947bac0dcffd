"""Forbes pattern scoring, worked out by hand from docs/rules.md: row/column 2, 2x2 square 4,
diagonal 6, the centre four 8, the four corners 10; each card of the symbol pays once."""

import pytest

from boardcore.forbes.patterns import complete_patterns, patterns
from boardcore.forbes.rules import Options
from boardcore.forbes.score import score_board

# A background with no complete pattern, checked by hand: rows TCXC XTTX CXCT TCXX,
# columns TXCT CTXC XTCX CXTX, all nine squares mixed, diagonal TTCX, antidiagonal CTXT,
# centre TTXC, corners TCTX. It holds no S, so S placed on exactly the four cells of one
# pattern completes that pattern and no other (any other pattern keeps a background cell).
BACKGROUND = "TCXC" "XTTX" "CXCT" "TCXX"


def with_s(cells):
    board = list(BACKGROUND)
    for r, c in cells:
        board[r * 4 + c] = "S"
    return "".join(board)


def test_background_scores_nothing():
    assert complete_patterns(BACKGROUND) == []
    assert complete_patterns(BACKGROUND, centre_also_square=True) == []


# (pattern id, its four cells, its value)
ALONE = [
    ("row2", [(2, 0), (2, 1), (2, 2), (2, 3)], "row", 2),
    ("col1", [(0, 1), (1, 1), (2, 1), (3, 1)], "column", 2),
    ("square12", [(1, 2), (1, 3), (2, 2), (2, 3)], "square", 4),
    ("diagonal", [(0, 0), (1, 1), (2, 2), (3, 3)], "diagonal", 6),
    ("antidiagonal", [(0, 3), (1, 2), (2, 1), (3, 0)], "diagonal", 6),
    ("centre", [(1, 1), (1, 2), (2, 1), (2, 2)], "centre", 8),
    ("corners", [(0, 0), (0, 3), (3, 0), (3, 3)], "corners", 10),
]


@pytest.mark.parametrize("pid, cells, kind, value", ALONE, ids=[a[0] for a in ALONE])
def test_each_pattern_kind_alone(pid, cells, kind, value):
    board = with_s(cells)
    assert complete_patterns(board) == [(pid, kind, value, "S")]
    # Two S cards pay twice the value, one card once, no S card nothing.
    two, one, none = score_board(board, ["SSTC", "STXX", "TTCX"])
    assert two == {"total": 2 * value, "lines": [{"pattern": pid, "kind": kind, "symbol": "S", "cards": 2, "points": 2 * value}]}
    assert one["total"] == value
    assert none == {"total": 0, "lines": []}


def test_there_are_eight_squares_by_default_and_nine_with_the_option():
    kinds = [p[1] for p in patterns()]
    assert kinds.count("square") == 8 and "square11" not in [p[0] for p in patterns()]
    assert [p[1] for p in patterns(True)].count("square") == 9
    # 4 rows + 4 columns + 8 squares + 2 diagonals + centre + corners
    assert len(patterns()) == 20


def test_centre_block_with_and_without_centre_also_square():
    board = with_s([(1, 1), (1, 2), (2, 1), (2, 2)])
    off = score_board(board, ["STCX"], Options())[0]
    on = score_board(board, ["STCX"], Options(centre_also_square=True))[0]
    assert off["total"] == 8  # the centre pattern only
    assert on["total"] == 12  # centre 8 + the centre block as a square 4
    assert [l["pattern"] for l in on["lines"]] == ["square11", "centre"]


# The last stone at (1,1) completes its row, its column and the diagonal at once.
# S on row 1, column 1 and the diagonal: (1,0) (1,1) (1,2) (1,3) (0,1) (2,1) (3,1) (0,0)
# (2,2) (3,3); the other six cells T C X T C X. Besides row1 (2), col1 (2) and the
# diagonal (6), the same stone closes square00 = (0,0) (0,1) (1,0) (1,1) (4) and the
# centre (1,1) (1,2) (2,1) (2,2) (8); square01/10/12/21, row0, col0, corners and the
# antidiagonal each keep a non-S cell. Per S card: 2 + 2 + 6 + 4 + 8 = 22.
CROSS = "SSTC" "SSSS" "XSST" "CSXS"


def test_one_stone_completes_row_column_and_diagonal():
    before = CROSS[:5] + "." + CROSS[6:]
    assert complete_patterns(before) == []
    ids = [p[0] for p in complete_patterns(CROSS)]
    assert ids == ["row1", "col1", "square00", "diagonal", "centre"]
    ann, bob, cy = score_board(CROSS, ["SSTC", "STXX", "CCXT"])
    assert (ann["total"], bob["total"], cy["total"]) == (44, 22, 0)
    assert [(l["pattern"], l["cards"], l["points"]) for l in ann["lines"]] == [
        ("row1", 2, 4), ("col1", 2, 4), ("square00", 2, 8), ("diagonal", 2, 12), ("centre", 2, 16)]


def test_several_holders_of_one_symbol_and_pay_once_per_player():
    hands = ["SSTC", "STXX", "SSXC"]  # S cards 2 + 1 + 2 = 5, all five of them
    per_card = [s["total"] for s in score_board(CROSS, hands)]
    assert per_card == [44, 22, 44]
    once = [s["total"] for s in score_board(CROSS, hands, Options(pay_once_per_player=True))]
    assert once == [22, 22, 22]
    # with both options on: 22 + 4 (square11) per player, once each
    both = Options(centre_also_square=True, pay_once_per_player=True)
    assert [s["total"] for s in score_board(CROSS, hands, both)] == [26, 26, 26]


def test_two_symbols_score_for_their_own_holders():
    # Row 0 all T (2) and row 3 all C (2) on a board otherwise without patterns:
    # TTTT / XSXS / SXSX / CCCC: columns T X S C mixed; squares mix two rows; diagonal
    # T S S C and antidiagonal T X X C mixed; centre S X X S; corners T T C C.
    board = "TTTT" "XSXS" "SXSX" "CCCC"
    assert [p[0] for p in complete_patterns(board)] == ["row0", "row3"]
    t_only, c_two, both = score_board(board, ["TSSX", "CCSX", "TCXX"])
    assert (t_only["total"], c_two["total"], both["total"]) == (2, 4, 4)


def test_empty_cells_never_complete_a_pattern():
    assert complete_patterns("." * 16) == []
    assert score_board("." * 16, ["SSTC"])[0]["total"] == 0


def test_a_board_of_the_wrong_size_is_refused():
    with pytest.raises(ValueError, match="16 cells"):
        score_board("SSS", ["SSTC"])


def test_bad_options_are_refused_with_the_name():
    with pytest.raises(ValueError, match="unknown Forbes option 'centre_square'"):
        Options.from_dict({"centre_square": True})
    with pytest.raises(ValueError, match="target_score"):
        Options(target_score=0)
    with pytest.raises(ValueError, match="pay_once_per_player"):
        Options(pay_once_per_player="yes")
