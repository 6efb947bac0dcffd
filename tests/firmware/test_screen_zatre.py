"""The Zatre screen, pixel by pixel on MicroPython (96 KB heap, framebuf display) and
on a CPython canvas, and with a hint computed by the core."""

import sys

import pytest

from conftest import ROOT
from fw_helpers import RecordingCanvas, picture, run_fw

sys.path.insert(0, str(ROOT / "firmware"))
import screens  # noqa: E402

# Hand-typed bitmaps (from the byte tables' comments) to build expected frames from.
PIPS = {
    1: ["...", ".#.", "..."],
    2: ["#..", "...", "..#"],
    3: ["#..", ".#.", "..#"],
    5: ["#.#", ".#.", "#.#"],
    6: ["#.#", "#.#", "#.#"],
}
FONT = {  # 5 x 7
    "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    "+": [".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."],
}


def _text_rows(text, colour_letter):
    return ["".join(FONT[ch][r] + "." for ch in text)[:-1].replace("#", colour_letter) for r in range(7)]


CASES = [
    # 8 x 8, tiles 5 and 6: 3 x 3 faces at x = 0 and 4, y = 0; the best sum "12" in
    # 3 x 5 digits at (0, 3): '1' = .#. ##. .#. .#. ###, '2' = ### ..# ### #.. ###.
    ("zatre_8x8", 8, 8, False, "screens.zatre_tiles(d, [5, 6], (12, 3, 4, 40))", picture("""
        #.#.#.#.
        .#..#.#.
        #.#.#.#.
        .#..###.
        ##....#.
        .#..###.
        .#..#...
        ###.###.""")),
    # Three tiles on 8 x 8 (the first turn): two rows of faces, no room for the hint.
    ("zatre_8x8_three", 8, 8, False, "screens.zatre_tiles(d, [1, 2, 3], (12, 3, 4, 40))", picture("""
        ....#...
        .#......
        ......#.
        ........
        #.......
        .#......
        ..#.....
        ........""")),
    # 16 x 16: 5 x 5 faces (pips 1 pixel apart), pitch 7, two faces 12 wide at
    # x0 = (16 - 12) // 2 = 2 and 9, y = 1. "12" at (0, 11); "+4" at x = 16 - 7 = 9:
    # '+' = ... .#. ### .#. ..., '4' = #.# #.# ### ..# ..#.
    ("zatre_16x16", 16, 16, False, "screens.zatre_tiles(d, [5, 6], (12, 3, 4, 40))", picture("""
        ................
        ..#...#..#...#..
        ................
        ....#....#...#..
        ................
        ..#...#..#...#..
        ................
        ................
        ................
        ................
        ................
        .#..###......#.#
        ##....#...#..#.#
        .#..###..###.###
        .#..#.....#....#
        ###.###........#""")),
    # A pass (no legal turn) on 16 x 16, colour: one face at x0 = (16 - 5) // 2 = 5,
    # y = 1, whose single pip (value 1) is its centre (5 + 2, 1 + 2) = (7, 3), white; the
    # hint is "-" in red (3 x 5 '-' = its middle row: y = 11 + 2), and no points.
    ("zatre_16x16_pass", 16, 16, True, "screens.zatre_tiles(d, [1], (0, 0, 0, 0))",
     ["." * 16] * 3 + [".......W........"] + ["." * 16] * 9 + ["RRR" + "." * 13] + ["." * 16] * 2),
]
# 16 x 16, a hint of 12 with 10 points: "12" (7 wide) and "+10" (11 wide) do not fit side
# by side on 16 (they overlapped at x 5..6). "+10" goes right-aligned on the line above
# the sum (x 5..15, y 6..10), the faces up to y = 0: a blank row between the faces and
# "+10", and "+10" and "12" share no column where their rows meet.
CASES.append(("zatre_16x16_ten_points", 16, 16, False, "screens.zatre_tiles(d, [5, 6], (12, 3, 10, 9))", picture("""
    ..#...#..#...#..
    ................
    ....#....#...#..
    ................
    ..#...#..#...#..
    ................
    ..........#..###
    ......#..##..#.#
    .....###..#..#.#
    ......#...#..#.#
    .........###.###
    .#..###.........
    ##....#.........
    .#..###.........
    .#..#...........
    ###.###.........""")))
# 32 x 8 colour, tiles 2 and 3 (white) at x = 0, 4, y = 2; hint "11+2" in green at
# x = 4 x 2 + 1 = 9, y = 0 (23 pixels: fits exactly up to x = 31).
_text = _text_rows("11+2", "G")
_rows = []
for _y in range(8):
    left = "".join(PIPS[v][_y - 2] + "." for v in (2, 3)).replace("#", "W") if 2 <= _y <= 4 else "." * 8
    _rows.append(left + "." + (_text[_y] if _y < 7 else "." * 23))
CASES.append(("zatre_32x8_colour", 32, 8, True, "screens.zatre_tiles(d, [2, 3], (11, 1, 2, 9))", _rows))

MP_BODY = "import screens\n" + "".join(
    "d = RecordingDisplay(%d, %d, %r)\n%s\ndump(%r, d)\n" % (w, h, c, code, name) for name, w, h, c, code, _ in CASES
)
MP_BODY += """
import framebuf
d = RecordingDisplay(128, 64, False, framebuf.MONO_VLSB)
screens.zatre_tiles(d, [6, 1], (0, 0, 0, 5))
dump("zatre_oled", d)
"""


@pytest.fixture(scope="module")
def mp_frames(tmp_path_factory):
    return run_fw(tmp_path_factory.mktemp("zatre_screens"), MP_BODY, figure="Zatre screens").frames


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_frame_on_micropython(case, mp_frames):
    assert mp_frames[case[0]] == case[5]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_frame_on_cpython(case):
    name, w, h, colour, code, expected = case
    d = RecordingCanvas(w, h, colour)
    exec(code, {"screens": screens, "d": d})
    assert d.rows() == expected


def test_oled_layout(mp_frames):
    # 128 x 64: pips p = 64 // 16 = 4 (4 x 4 blocks, 4 apart: a 20-pixel face), pitch 28;
    # two faces 48 wide from x0 = (128 - 48) // 2 = 40, y = 4. Tile 6: blocks at x 40 and
    # 56, y 4, 12, 20; tile 1: one block at (68 + 8, 12). Text scale 2 from y = 4 + 28:
    # "SUM 0" at y 32 and "PTS 0" at y 48, x = 4.
    f = mp_frames["zatre_oled"]
    lit = lambda x, y: f[y][x] == "#"  # noqa: E731
    assert all(lit(x, y) for x in (40, 43, 56, 59) for y in (4, 7, 12, 15, 20, 23))
    assert all(lit(x, y) for x in (76, 79) for y in (12, 15))
    assert not any(lit(x, y) for x in range(128) for y in list(range(0, 4)) + list(range(24, 32)))
    # Lit pixels: tiles 6 x 16 + 16 = 112; text bits x 4 (scale 2): S 15, U 15, M 18,
    # 0 19 -> "SUM 0" 67; P 15, T 11, S 15, 0 19 -> "PTS 0" 60; (67 + 60) x 4 = 508.
    assert sum(row.count("#") for row in f) == 112 + 508
    # 'S' = 46 ...: its first column lights rows 1, 2, 6 -> y 34..37 and 44..45 at x 4..5.
    assert [lit(4, y) for y in range(32, 46)] == [False] * 2 + [True] * 4 + [False] * 6 + [True] * 2


def test_with_the_cores_compact_hint():
    from boardcore.zatre.board import START, Board
    from boardcore.zatre.hint import compact_hint

    # A 6 on the red square, a hand of 6 and 1 (not the first turn). The only run of
    # 10-12 three such tiles can make is 6 + 6 = 12 (6 + 6 + 1 = 13 is forbidden, 6 + 1
    # is 7), and only one run can hold both sixes: best sum 12, best points 4 (a 12).
    b = Board()
    b.cells[START] = 6
    hint = compact_hint(b, [6, 1])
    assert hint[0] == 12 and hint[2] == 4 and hint[1] >= 1 and hint[3] >= hint[1]
    d = RecordingCanvas(8, 8)
    screens.zatre_tiles(d, [1, 6], hint)
    assert d.rows()[3:] == [".#..###.", "##....#.", ".#..###.", ".#..#...", "###.###."]
    # Hand 1 and 1 beside a 1: no run can reach 10, so the best sum is 0, written "0".
    b.cells[START] = 1
    hint = compact_hint(b, [1, 1])
    assert hint[0] == 0 and hint[3] > 0
    screens.zatre_tiles(d, [1, 1], hint)
    assert d.rows()[3:] == ["###.....", "#.#.....", "#.#.....", "#.#.....", "###....."]


@pytest.mark.parametrize(
    "tiles, hint, words",
    [
        ([], None, "1..3 tiles"),
        ([1, 2, 3, 4], None, "1..3 tiles"),
        ([7], None, "1..6"),
        ([1], (13, 1, 1, 1), "not a compact Zatre hint"),
        ([1], (12, 1, 1), "best_sum, ways, best_points, turns"),
        ([1], (12, "1", 1, 1), "whole numbers"),
    ],
)
def test_bad_input_draws_nothing(tiles, hint, words):
    d = RecordingCanvas(8, 8)
    d.pixel(3, 3, 1)
    with pytest.raises(ValueError, match=words):
        screens.zatre_tiles(d, tiles, hint)
    assert sum(row.count("#") for row in d.rows()) == 1


def _bits(data):
    return sum(bin(b).count("1") for b in data)


@pytest.mark.parametrize("tiles", [[5], [5, 6], [1, 2, 3]])
def test_the_hint_never_overlaps_itself_or_the_tiles_on_16x16(tiles):
    # Every sum and every points value up to 199: the lit pixels of the whole screen are
    # those of the faces alone (wherever the layout puts them) plus those of the sum's
    # and the points' digits, so no two of them share a pixel.
    from boardcore.glyphs import small

    def small_bits(text):
        return sum(_bits(small.DATA[small.CHARS.index(ch) * 3: small.CHARS.index(ch) * 3 + 3]) for ch in text)

    faces = RecordingCanvas(16, 16)
    screens.zatre_tiles(faces, tiles)
    base = sum(row.count("#") for row in faces.rows())
    for best in (0, 10, 11, 12):
        for points in range(0, 200):
            d = RecordingCanvas(16, 16)
            screens.zatre_tiles(d, tiles, (best, 1, points, 3))
            lit = sum(row.count("#") for row in d.rows())
            expected = small_bits(str(best)) + (small_bits("+%d" % points) if points else 0)
            assert lit == base + expected, (tiles, best, points)
