"""Every screen on every display size and kind the firmware supports, on MicroPython
with a 96 KB heap; the OLED (128 x 64, MONO_VLSB) FITS card worked out by hand; scrolling
details; bad input rejected before anything is drawn."""

import sys

import pytest

from conftest import ROOT
from fw_helpers import RecordingCanvas, run_fw

sys.path.insert(0, str(ROOT / "firmware"))
import screens  # noqa: E402

SIZES = [(8, 8, False), (8, 8, True), (16, 16, False), (16, 16, True), (32, 8, False), (32, 8, True)]
CALLS = [
    "screens.waiting(d, 5)",
    "screens.connected(d)",
    "screens.error(d)",
    "screens.error(d, 'E7')",
    "screens.fits_card(d, 'F', False, 1, 3)",
    "screens.fits_card(d, 'I3', True, 4, 4)",
    "screens.zatre_tiles(d, [4, 5], (10, 2, 1, 7))",
    "screens.zatre_tiles(d, [2, 3, 6], None)",
    "screens.forbes_hand(d, 'TTCX')",
    "screens.forbes_stone(d, 'C')",
    "screens.message(d, 'Round 2').step()",
    "screens.scores(d, [10, 3, 25, 7, 1]).step()",
]

MATRIX = "import framebuf\nimport screens\nshows = 0\n"
for _w, _h, _c in SIZES + [(128, 64, False)]:
    fmt = "framebuf.MONO_VLSB" if _w == 128 else "None"
    for _k, _call in enumerate(CALLS):
        MATRIX += "d = RecordingDisplay(%d, %d, %r, %s)\n%s\n" % (_w, _h, _c, fmt, _call)
        MATRIX += "dump('%dx%d%s/%d', d)\nshows += d.shows\n" % (_w, _h, "c" if _c else "", _k)
MATRIX += "print('SHOWS', shows)\n"


@pytest.fixture(scope="module")
def matrix(tmp_path_factory):
    return run_fw(tmp_path_factory.mktemp("sizes"), MATRIX, figure="12 screens x 7 displays")


@pytest.mark.parametrize("size", SIZES + [(128, 64, False)], ids=lambda s: "%dx%d%s" % (s[0], s[1], "c" if s[2] else ""))
def test_every_screen_draws_on_every_display(size, matrix):
    w, h, colour = size
    for k, call in enumerate(CALLS):
        frame = matrix.frames["%dx%d%s/%d" % (w, h, "c" if colour else "", k)]
        assert len(frame) == h and all(len(row) == w for row in frame), call
        pixels = "".join(frame)
        assert pixels.strip("."), "nothing drawn by " + call
        # Colour frames use only the named colours (no stray pixel values).
        assert set(pixels) <= (set(".RGBYW") if colour else set(".#")), call
    assert "SHOWS 0" in matrix.lines


def test_colour_is_used_where_the_display_has_it(matrix):
    # Player 3's FITS colour is blue; the error cross red; the tick green; scores in
    # player colours (player 1 red, visible first).
    assert "B" in "".join(matrix.frames["16x16c/4"])
    assert set("".join(matrix.frames["8x8c/2"])) == {".", "R"}
    assert set("".join(matrix.frames["8x8c/1"])) == {".", "G"}
    assert "R" in "".join(matrix.frames["32x8c/11"])


def test_oled_fits_card(matrix):
    # 128 x 64 is wide: F (".##/##./.#.") in the left 64 x 64, s = 64 // 3 = 21,
    # offset (64 - 63) // 2 = 0; "R1" at x = 64 + 4, y = (64 - 28) // 2 = 18 at scale 4.
    # Player 3 on a mono display: lit. F's cells: (0,1) (0,2) (1,0) (1,1) (2,1).
    f = matrix.frames["128x64/4"]
    lit = lambda x, y: f[y][x] == "#"  # noqa: E731
    for r, c in ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)):
        assert lit(21 * c, 21 * r) and lit(21 * c + 20, 21 * r + 20)
    for r, c in ((0, 0), (1, 2), (2, 0), (2, 2)):
        assert not lit(21 * c + 10, 21 * r + 10)
    assert not any(lit(63, y) for y in range(64))  # column 63 is past the tile
    # Lit: 5 cells x 21 x 21 = 2205, plus "R1": R has 18 bits (7F 09 19 29 46),
    # '1' 10 (00 42 7F 40 00), each a 4 x 4 block: 28 x 16 = 448.
    assert sum(row.count("#") for row in f) == 2205 + 448
    assert lit(68, 18) and lit(71, 21) and not lit(68, 17)


def test_scroller_loops_and_steps_by_scale():
    d = RecordingCanvas(8, 8)
    s = screens.Scroller(d, "HI", loop=True)
    assert s.moving
    frames = []
    for _ in range(20):
        assert s.step() is True
        frames.append(d.rows())
    # "HI" is 11 wide: step k draws at x = 8 - k, gone after step 18 (x = -11 at step 19),
    # so step 19 starts again like step 1.
    assert frames[18] == frames[0] and frames[19] == frames[1]
    # Without loop: 18 moving steps, then False and a blank frame, and False again.
    s = screens.Scroller(d, "HI")
    assert [s.step() for _ in range(20)] == [True] * 18 + [False, False]
    assert set("".join(d.rows())) == {"."}
    # 128 x 64: scale 4, "HI" (44 wide) stands still at x = (128 - 44) // 2 = 42, y = 18.
    big = RecordingCanvas(128, 64)
    s = screens.Scroller(big, "HI")
    assert not s.moving and s.step() is False
    rows = big.rows()
    assert rows[18][42] == "#" and rows[18][41] == "." and rows[17][42] == "."
    assert rows[18 + 27][42] == "#" and rows[18 + 28][42] == "."


def test_scores_use_names_and_reject_non_numbers():
    d = RecordingCanvas(32, 8, True)
    s = screens.scores(d, [4], names=["ANN"])
    assert s.text == "ANN 4" and not s.moving
    with pytest.raises(ValueError, match="score 2 must be a whole number"):
        screens.scores(d, [4, "x"])
    with pytest.raises(ValueError, match="1 names for 2 scores"):
        screens.scores(d, [4, 5], names=["ANN"])
    with pytest.raises(ValueError, match="no scores"):
        screens.scores(d, [])


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda d: screens.fits_card(d, "Q9"), "unknown tile 'Q9'"),
        (lambda d: screens.fits_card(d, "L3", round_no=5), "round must be 1..4"),
        (lambda d: screens.fits_card(d, "L3", player=5), "player must be 1..4"),
        (lambda d: screens.fits_card(d, "L3", board_no=0), "board must be 1..4"),
        (lambda d: screens.forbes_hand(d, "SQ"), "unknown symbol 'Q'"),
        (lambda d: screens.forbes_hand(d, "SSTCX"), "1..4 cards"),
        (lambda d: screens.forbes_stone(d, "square!"), "unknown Forbes symbol"),
    ],
)
def test_bad_input_draws_nothing(call, words):
    d = RecordingCanvas(8, 8)
    d.pixel(3, 3, 1)
    with pytest.raises(ValueError, match=words):
        call(d)
    assert sum(row.count("#") for row in d.rows()) == 1


def test_oled_round_and_board_on_two_lines():
    # O4 (2 x 2) fills the left 64 x 64 (s = 32). "R1B4" at scale 4 would be 92 wide but
    # only 60 are left, so "R1" and "B4" go on two lines: 15 x 4 = 60 high, from
    # y = (64 - 60) // 2 = 2, the second at y = 2 + 32 = 34, both at x = 68.
    d = RecordingCanvas(128, 64)
    screens.fits_card(d, "O4", round_no=1, board_no=4)
    rows = d.rows()
    assert rows[2][68] == "#" and rows[1][68] == "." and rows[34][68] == "#" and rows[33][68] == "."
    # Bits: R 18, '1' 10, B 20 (7F 49 49 49 36), '4' 14 (18 14 12 7F 10): 62 x 16,
    # plus the tile's 64 x 64.
    assert sum(r.count("#") for r in rows) == 62 * 16 + 64 * 64


@pytest.mark.parametrize("w, h, pips", [
    # (w, h, the pips' cells for seat 3): touching on 8 high (five spaced ones need 9
    # rows), 2 apart from 16 high, p = H // 16 square on the OLED.
    (8, 8, [(7, 0), (7, 1), (7, 2)]),
    (32, 8, [(31, 0), (31, 1), (31, 2)]),
    (16, 16, [(15, 0), (15, 2), (15, 4)]),
    (128, 64, [(124, 0), (127, 3), (124, 8), (127, 11), (124, 16), (127, 19)]),
])
def test_a_forbes_hand_shows_whose_it_is(w, h, pips):
    # The seat's pips sit in the right-hand column the cards leave free: the hand with
    # player=3 is the hand without it plus exactly those pips.
    plain = RecordingCanvas(w, h)
    screens.forbes_hand(plain, "SCTX")
    seat = RecordingCanvas(w, h)
    screens.forbes_hand(seat, "SCTX", 3)
    lit_plain = {(x, y) for y, row in enumerate(plain.rows()) for x, c in enumerate(row) if c == "#"}
    lit_seat = {(x, y) for y, row in enumerate(seat.rows()) for x, c in enumerate(row) if c == "#"}
    assert lit_plain < lit_seat
    extra = lit_seat - lit_plain
    p = max(1, h // 16)
    assert len(extra) == 3 * p * p
    assert all((x, y) in extra for x, y in pips)
    assert {x for x, _ in extra} == set(range(w - p, w))
    with pytest.raises(ValueError, match="a Forbes seat is 1..5, not 6"):
        screens.forbes_hand(seat, "SCTX", 6)
