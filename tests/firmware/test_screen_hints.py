"""The hint screens (firmware/screens/hint.py: fits_hint, zatre_hint, forbes_hint) on every
display size, worked out by hand, on MicroPython with a 96 KB heap (the device's image) and
the same on the host's canvas; bad input is refused before anything is drawn."""

import pytest

from boardlight.direct.device import load_screens
from fw_helpers import RecordingCanvas, picture, run_fw

CALLS = {
    "fits": "screens.fits_hint(d, 'L4', 2, 3)",
    "aside": "screens.fits_hint(d, 'I3')",
    "forbes": "screens.forbes_hint(d, 'T', 1, 2, 'S...C.......X...')",
    "zatre": "screens.zatre_hint(d, [5], [7], [7]).step()",
}
SIZES = [(8, 8), (16, 16), (32, 8), (128, 64)]

SCRIPT = "import framebuf\nimport screens\n"
for _w, _h in SIZES:
    fmt = "framebuf.MONO_VLSB" if _w == 128 else "None"
    for _name, _call in CALLS.items():
        SCRIPT += "d = RecordingDisplay(%d, %d, False, %s)\n%s\ndump('%dx%d/%s', d)\n" % (
            _w, _h, fmt, _call, _w, _h, _name)
SCRIPT += "d = RecordingDisplay(8, 8, True)\n%s\ndump('8x8c/fits', d)\n" % CALLS["fits"]
SCRIPT += "d = RecordingDisplay(8, 8, True)\n%s\ndump('8x8c/forbes', d)\n" % CALLS["forbes"]
BAD = [
    "screens.fits_hint(d, 'L4', 2, 5)",     # three wide from column 5: past the right edge
    "screens.fits_hint(d, 'L4', 2)",        # an orientation without its column
    "screens.fits_hint(d, 'Q', 1, 1)",      # no such tile
    "screens.zatre_hint(d, [7], [1], [1])",  # no such value
    "screens.zatre_hint(d, [5], [15], [1])",  # off the board
    "screens.zatre_hint(d, [5, 3], [1], [1])",  # a cell short
    "screens.forbes_hint(d, 'T', 4, 0)",    # off the board
    "screens.forbes_hint(d, 'Q', 0, 0)",    # no such stone
    "screens.forbes_hint(d, 'T', 0, 0, 'S..')",  # not a board
]
SCRIPT += "d = RecordingDisplay(8, 8)\nd.fill(1)\n"
for _k, _call in enumerate(BAD):
    SCRIPT += "try:\n    %s\n    print('ACCEPTED %d')\nexcept ValueError:\n    print('REFUSED %d')\n" % (_call, _k, _k)
SCRIPT += "dump('after bad', d)\n"


@pytest.fixture(scope="module")
def frames(tmp_path_factory):
    run = run_fw(tmp_path_factory.mktemp("hints"), SCRIPT, figure="hint screens")
    return run


def _text_rows(text, width, x0):
    """Rows 0..6 of `text` in the 5 x 7 font (boardcore.glyphs.font: 5 column bytes a
    character, bit r lights row r, 6 pixels a character) starting at x0 on a row of `width`."""
    from boardcore.glyphs import font

    rows = [["."] * width for _ in range(7)]
    for k, ch in enumerate(text):
        i = (ord(ch) - font.FIRST) * font.WIDTH
        for col, bits in enumerate(font.DATA[i:i + font.WIDTH]):
            for r in range(7):
                if bits >> r & 1 and 0 <= x0 + 6 * k + col < width:
                    rows[r][x0 + 6 * k + col] = "#"
    return ["".join(r) for r in rows]


def _host(w, h, call, colour=False):
    screens = load_screens()  # noqa: F841  (the calls name it)
    d = RecordingCanvas(w, h, colour)
    eval(call, {"screens": screens, "d": d})
    return d.rows()


def test_the_device_and_the_host_draw_the_same(frames):
    for w, h in SIZES:
        for name, call in CALLS.items():
            assert frames.frames["%dx%d/%s" % (w, h, name)] == _host(w, h, call), (w, h, name)
    assert frames.frames["8x8c/fits"] == _host(8, 8, CALLS["fits"], True)
    assert frames.frames["8x8c/forbes"] == _host(8, 8, CALLS["forbes"], True)


def test_fits_the_tile_at_its_column_in_the_box(frames):
    # L4's orientation 2 is "###" over "#..": at column 3 its cells are x = 3..5 on row 6
    # and x = 3 on row 7; the walls are the outer columns (1 unit = 1 pixel on 8 high).
    f = frames.frames
    assert f["8x8/fits"] == picture("""
        #......#
        #......#
        #......#
        #......#
        #......#
        #......#
        #..###.#
        #..#...#""")
    # 32 x 8: the box in the left square, "C3" beside it (5 x 7 font at x = 9).
    assert [row[:8] for row in f["32x8/fits"]] == f["8x8/fits"]
    # (y = (8 - 7) // 2 = 0: the text's rows 0..6, row 7 dark.)
    assert [row[8:] for row in f["32x8/fits"]] == _text_rows("C3", 24, 1) + ["." * 24]
    # 16 x 16: units of 2 pixels; the walls 2 wide, the tile's cells 2 x 2.
    f16 = f["16x16/fits"]
    assert all(row[:2] == "##" and row[14:] == "##" and row[2:6] == "...." for row in f16[:12])
    assert f16[12] == f16[13] == "##....######..##"
    assert f16[14] == f16[15] == "##....##......##"
    # The OLED: units of 8 pixels in the left 64 x 64, the cells 8 x 8 blocks.
    oled = f["128x64/fits"]
    assert all(oled[y][:8] == "#" * 8 and oled[y][56:64] == "#" * 8 for y in range(64))
    assert oled[48][24:48] == "#" * 24 and oled[56][24:32] == "#" * 8 and oled[56][32:48] == "." * 16
    # Colour: the walls blue, the tile white.
    colour = f["8x8c/fits"]
    assert colour[0] == "B......B" and colour[6] == "B..WWW.B"


def test_fits_a_set_aside_is_the_card_crossed_out(frames):
    # I3 in orientation 1 is three cells in a row: s = 8 // 3 = 2, 6 wide and 2 high, in the
    # middle (x 1..6, y 3..4); the diagonal from the bottom-left lights the rest of the line.
    assert frames.frames["8x8/aside"] == picture("""
        .......#
        ......#.
        .....#..
        .######.
        .######.
        ..#.....
        .#......
        #.......""")
    # 32 x 8: "PASS" beside it, from x = 9 (23 pixels wide: it just fits).
    assert [row[8:] for row in frames.frames["32x8/aside"]] == _text_rows("PASS", 24, 1) + ["." * 24]


def test_forbes_the_cell_among_the_stones(frames):
    # Cells of 2 pixels on 8 x 8: the stones a dot at their cell's top-left, the cell
    # (1, 2) lit.
    assert frames.frames["8x8/forbes"] == picture("""
        #.......
        ........
        #...##..
        ....##..
        ........
        ........
        #.......
        ........""")
    colour = frames.frames["8x8c/forbes"]
    assert colour[2] == "W...GG.." and colour[0] == "W......."  # the triangle's green
    # 16 x 16: cells of 4, the dots at +1, +1, the triangle 3 x 3 at (8, 4).
    f16 = frames.frames["16x16/forbes"]
    assert f16[1][1] == "#" and f16[5][1] == "#" and f16[13][1] == "#"
    assert sum(row[8:11].count("#") for row in f16[4:7]) >= 5 and f16[4][11] == "."
    # 32 x 8: "R1C2" beside the board.
    assert [row[8:] for row in frames.frames["32x8/forbes"]] == _text_rows("R1C2", 24, 1) + ["." * 24]


def test_zatre_the_value_and_its_cell_as_text(frames):
    # "5@7,7" fits 32 x 8 still: 29 pixels, centred from x = (32 - 29) // 2 = 1.
    assert frames.frames["32x8/zatre"] == _text_rows("5@7,7", 32, 1) + ["." * 32]
    # On 8 x 8 it scrolls: the first step shows its first column at the right edge.
    assert [row[7] for row in frames.frames["8x8/zatre"][:7]] == [r[0] for r in _text_rows("5", 8, 0)]


def test_bad_input_is_refused_before_anything_is_drawn(frames):
    assert [line for line in frames.lines if line.startswith(("ACCEPTED", "REFUSED"))] == [
        "REFUSED %d" % k for k in range(len(BAD))]
    assert frames.frames["after bad"] == ["#" * 8] * 8
