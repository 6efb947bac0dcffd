"""FITS pictures that say what they show without the game beside them: the round's score
under each board, covered special spaces with their value and a legend, tiles that stick
out above the top, and chart labels that do not cover each other."""

import xml.etree.ElementTree as ET

from boardcore.fits import board as fits_board
from boardcore.fits import tiles as fits_tiles
from boardlight.render.fits_overhang import overhang
from boardlight.render import records as render
from boardlight.render.svg import chart as render_chart
from boardlight.render.svg import fits as render_fits
from .test_record_pictures import FITS_RECORD


def classes(svg, cls):
    root = ET.fromstring(svg.encode("utf-8"))
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def test_each_round_picture_shows_that_rounds_score():
    pics = render.record_pictures("fits", FITS_RECORD, "game.fits")
    r1 = [e.text for e in classes(pics["fits-round1-Ann.svg"], "score")]
    r2 = [e.text for e in classes(pics["fits-round2-Ann.svg"], "score")]
    assert r1[:3] == ["Score: -60 on board 1", "open dots: 60 (-60)", "full rows: 0 (+0)"]
    assert r2[0] == "Score: -45 on board 2"
    assert "special +2 at row 3 column 1: covered (+0)" in r2


def test_an_unfinished_round_has_no_score_yet():
    # Round 2 stops before its 16th card.
    unfinished = FITS_RECORD.rsplit("card Y:", 1)[0]
    pics = render.record_pictures("fits", unfinished, "game.fits")
    assert classes(pics["fits-round2-Ann.svg"], "score") == []


def test_a_covered_special_space_shows_its_value_and_the_legend_says_what_marks_mean():
    b = fits_board.Board()
    b.drop("X", 1, 3)  # covers (1,4): -5 on board 3
    svg = render_fits.board_svg(b, number=3)
    marks = classes(svg, "special-covered")
    assert [m.get("data-value") for m in marks] == ["-5"]
    assert [e.text for e in classes(svg, "special-covered-label")] == ["-5"]
    assert float(marks[0].get("width")) >= 12  # no longer a 9-unit speck
    legend = " ".join(e.text for e in classes(svg, "legend") if e.text)
    assert "open: its value counts" in legend and "corner mark: under a tile" in legend
    assert classes(render_fits.board_svg(b, number=1), "legend") == []  # no specials


def _tower():
    """A board where each tile in turn went as high as it could, until one stuck out."""
    b = fits_board.Board()
    for tile in fits_tiles.TILE_IDS:
        drops = b.legal_drops(tile)

        def top(drop):
            o, c, r = drop
            return r + fits_tiles.extent(fits_tiles.orientations(tile)[o - 1])[0]

        o, c, _r = max(drops, key=top)
        b.drop(tile, o, c)
        if overhang(b):
            return b
    raise AssertionError("no tile stuck out")


def test_a_tile_sticking_out_above_the_top_is_drawn_above_the_frame():
    b = _tower()
    above = overhang(b)
    svg = render_fits.board_svg(b, number=1)
    cells = {(int(e.get("data-row")), int(e.get("data-col"))): e for e in classes(svg, "overhang")}
    assert set(cells) == set(above)
    frame = classes(svg, "frame")[0]
    top = float(frame.get("y"))
    for (row, col), e in cells.items():
        assert e.get("data-tile") == above[(row, col)]
        assert float(e.get("y")) == top - (row - 12) * render_fits.CELL  # above row 12
    rows = [e.text for e in classes(svg, "axis")]
    assert str(max(r for r, _c in above)) in rows


def test_chart_labels_of_one_round_stand_apart():
    # Round 1: Ann -18, Bob -14, close on the chart: the labels were drawn over each other.
    svg = render_chart.chart_svg(["Ann", "Bob", "Cy"], [[-18, 5], [-14, 2], [30, 1]])
    labels = classes(svg, "point-label")
    by_round = {}
    for e in labels:
        by_round.setdefault(float(e.get("x")), []).append(float(e.get("y")))
    for ys in by_round.values():
        ys.sort()
        assert all(b - a >= render_chart.LABEL_GAP for a, b in zip(ys, ys[1:])), ys
    # A label far from the others stays right over its point.
    cy = [e for e in classes(svg, "point") if e.get("data-player") == "Cy"][0]
    label = [e for e in labels if e.get("data-player") == "Cy" and e.get("x") == cy.get("cx")][0]
    assert float(label.get("y")) == float(cy.get("cy")) - 10
