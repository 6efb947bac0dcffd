"""SVG pictures: well-formed XML, and the right shapes in the right places and colours."""

import xml.etree.ElementTree as ET

import pytest

from boardcore.fits import board as fits_board
from boardcore.fits import layouts as fits_layouts
from boardlight.render.svg import chart as render_chart
from boardlight.render.svg import fits as render_fits
from boardlight.render.svg import forbes as render_forbes

NS = "{http://www.w3.org/2000/svg}"


def parse(svg_text):
    root = ET.fromstring(svg_text.encode("utf-8"))  # raises on malformed XML
    assert root.tag == NS + "svg"
    return root


def with_class(root, cls):
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def fits_sample():
    b = fits_board.Board()
    b.drop("L4", 1, 1)  # cells (1,1) (1,2) (2,1) (3,1)
    b.drop("X", 1, 3)  # cells (1,4) (2,3) (2,4) (2,5) (3,4)
    b.drop("I3", 1, 4)  # lands on X's top (3,4): cells (4,4) (4,5) (4,6)
    return b


def test_fits_board_3_cells_dots_specials_and_outline():
    root = parse(render_fits.board_svg(fits_sample(), number=3))
    covered = with_class(root, "covered")
    # 4 + 5 + 3 = 12 covered cells, 72 - 12 = 60 open ones.
    assert len(covered) == 12
    assert len(with_class(root, "open")) == 60
    # Board 3's illustrative layout has 10 special spaces; X covers (1,4) = -5 and I3
    # covers (4,6) = +3, so 8 are open and 2 sit under tiles.
    specials = with_class(root, "special")
    assert sorted(e.get("data-value") for e in specials) == ["-5", "-5", "-5", "2", "2", "2", "3", "4"]
    assert sorted(e.get("data-value") for e in with_class(root, "special-covered")) == ["-5", "3"]
    # Every open cell that is not special shows a dot: 60 - 8.
    assert len(with_class(root, "dot")) == 52
    # Tile perimeters in unit edges: L tetromino 10, X pentomino 12, straight tromino 8;
    # the X-I3 contact edge is drawn from both sides, so 30 segments in all.
    assert len(with_class(root, "edge")) == 30
    assert sorted(e.text for e in with_class(root, "tile-label")) == ["I3", "L4", "X"]
    cell = [e for e in covered if (e.get("data-row"), e.get("data-col")) == ("2", "3")][0]
    assert cell.get("data-tile") == "X"
    assert cell.get("fill") == render_fits.TILE_COLOURS[14]  # X is tile number 14
    # -5 specials are red, +2 green; the layout says it is illustrative, and so does the picture.
    assert {e.get("fill") for e in specials if e.get("data-value") == "-5"} == {render_fits.SPECIAL_MINUS}
    assert {e.get("fill") for e in specials if e.get("data-value") == "2"} == {render_fits.SPECIAL_PLUS}
    assert "ILLUSTRATIVE" in " ".join(e.text for e in with_class(root, "illustrative"))


def test_fits_board_geometry_row_one_is_at_the_bottom():
    root = parse(render_fits.board_svg(fits_sample(), number=1))
    cells = {(e.get("data-row"), e.get("data-col")): e for e in with_class(root, "cell")}
    # TOP 40, CELL 36: row 12 starts at y 40, row 1 at 40 + 11 * 36 = 436; LEFT 30.
    assert (cells[("12", "1")].get("x"), cells[("12", "1")].get("y")) == ("30", "40")
    assert (cells[("1", "6")].get("x"), cells[("1", "6")].get("y")) == ("210", "436")
    assert with_class(root, "illustrative") == [] and with_class(root, "special") == []
    assert len(with_class(root, "dot")) == 60  # board 1: every open cell is a dot


def test_fits_user_layout_is_not_marked_illustrative():
    layout = fits_layouts.parse_layout("board 2\nspace 1 1 3\nspace 12 6 1\n", "mine.txt")
    root = parse(render_fits.board_svg(fits_board.Board(), layout, number=2))
    assert sorted(e.get("data-value") for e in with_class(root, "special")) == ["1", "3"]
    assert with_class(root, "illustrative") == []
    with pytest.raises(ValueError, match="layout is for board 2, not board 3"):
        render_fits.board_svg(fits_board.Board(), layout, number=3)


def test_fits_unknown_cells_are_grey_and_outlined_alone():
    b = fits_board.Board()
    b.set_cell(1, 1, "?")
    b.set_cell(1, 2, "?")
    root = parse(render_fits.board_svg(b, number=1))
    assert [e.get("fill") for e in with_class(root, "covered")] == [render_fits.UNKNOWN_COLOUR] * 2
    assert len(with_class(root, "edge")) == 8  # we cannot tell they are one tile: 4 sides each
    assert with_class(root, "tile-label") == []


def test_forbes_board_stones_patterns_and_scores():
    # Rows: SSSS / TCXT / SS.C / XSCS. Only row 0 is complete (four squares, 2 points);
    # Ann holds two square cards: 2 x 2 = 4; Bob holds none: 0.
    root = parse(render_forbes.board_svg("SSSSTCXTSS.CXSCS", ["Ann", "Bob"], ["SSTC", "XXCT"]))
    assert len(with_class(root, "cell")) == 16
    assert len(with_class(root, "stone")) == 15
    counts = {name: len(with_class(root, "symbol-" + name)) for name in ("square", "triangle", "circle", "star")}
    assert counts == {"square": 8, "triangle": 2, "circle": 3, "star": 2}
    assert [e.get("data-pattern") for e in with_class(root, "pattern")] == ["row0"]
    assert [e.text for e in with_class(root, "score")] == ["Ann (SSTC): 4", "Bob (XXCT): 0"]
    star = [e for e in with_class(root, "cell") if (e.get("data-row"), e.get("data-col")) == ("1", "2")][0]
    assert star.get("data-symbol") == "X"
    assert with_class(root, "symbol-star")[0].get("fill") == render_forbes.SYMBOL_COLOURS["X"]


def test_forbes_board_refuses_a_bad_board():
    with pytest.raises(ValueError, match="16 cells of S, T, C, X"):
        render_forbes.board_svg("SSSS")
    with pytest.raises(ValueError, match="16 cells"):
        render_forbes.board_svg("SSSSTCXTSS.CXSCQ")


def test_chart_running_totals_points_and_grid():
    root = parse(render_chart.chart_svg(["Ann", "Bob"], [[4, -3, 5, 2], [1, 2, -6, 8]]))
    assert [e.get("data-player") for e in with_class(root, "player")] == ["Ann", "Bob"]
    totals = [(e.get("data-player"), e.get("data-round"), e.get("data-total")) for e in with_class(root, "point")]
    # Ann 4, 4-3=1, 1+5=6, 6+2=8; Bob 1, 3, 3-6=-3, -3+8=5.
    assert totals == [
        ("Ann", "1", "4"), ("Ann", "2", "1"), ("Ann", "3", "6"), ("Ann", "4", "8"),
        ("Bob", "1", "1"), ("Bob", "2", "3"), ("Bob", "3", "-3"), ("Bob", "4", "5"),
    ]
    # Values span -3..8 (11): step 2 gives 5.5 lines (step 1 would give 11 > 8), so the
    # grid runs -4, -2, 0, 2, 4, 6, 8: seven lines. 8 is the top of the plot (y = TOP = 40).
    assert len(with_class(root, "gridline")) == 7
    assert with_class(root, "point")[3].get("cy") == "40"
    assert with_class(root, "target") == []


def test_chart_forbes_target_line():
    root = parse(render_chart.chart_svg(["Ann", "Bob"], [[40, 30, 44], [22, 50, 20]], unit="game", target=100))
    assert len(with_class(root, "target")) == 1
    assert [e.text for e in with_class(root, "legend") if e.text] == ["Ann 114", "Bob 92"]


@pytest.mark.parametrize(
    "players, points, message",
    [
        ([], [], "one list of points per player"),
        (["A", "B"], [[1], [1, 2]], "same number"),
        (["A"], [[]], "same number"),
    ],
)
def test_chart_refuses_ragged_input(players, points, message):
    with pytest.raises(ValueError, match=message):
        render_chart.chart_svg(players, points)
