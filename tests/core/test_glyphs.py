"""The shared glyphs: font, digits, Forbes symbols, Zatre pips, colours.

Every picture is drawn twice, on MicroPython (a real framebuf Display, 96 KB heap) and
on CPython (a plain list canvas), and both must equal the picture worked out by hand
from the bitmap definitions (bit 0 of a column byte is the top row).
"""

import pytest

from boardcore import glyphs
from fw_helpers import RecordingCanvas, picture, run_fw

# Each case: (name, width, height, colour, drawing code using canvas `d`, expected).
CASES = [
    # 'L' = 7F 40 40 40 40: column 0 lit in rows 0..6, columns 1..4 only in row 6.
    ("font_L", 8, 8, False, "glyphs.draw_text(d, 0, 0, 'L', 1)", """
        #.......
        #.......
        #.......
        #.......
        #.......
        #.......
        #####...
        ........"""),
    # Lower case is drawn as capitals; text starting left of the canvas is clipped:
    # 'A' = 7E 11 11 11 7E drawn from x = -2, y = 1 leaves its columns 2..4 at x 0..2:
    # 11 (rows 0, 4) twice, then 7E (rows 1..6), all one row lower.
    ("font_clip_lower", 8, 8, False, "glyphs.draw_text(d, -2, 1, 'a', 1)", """
        ........
        ##......
        ..#.....
        ..#.....
        ..#.....
        ###.....
        ..#.....
        ..#....."""),
    # An unknown character is '?': 02 01 51 09 06.
    # 02: row 1; 01: row 0; 51: rows 0, 4, 6; 09: rows 0, 3; 06: rows 1, 2.
    ("font_unknown", 8, 8, False, "glyphs.draw_text(d, 0, 0, '~', 1)", """
        .###....
        #...#...
        ....#...
        ...#....
        ..#.....
        ........
        ..#.....
        ........"""),
    # Small digits '1' = .#. ##. .#. .#. ### and '2' = ### ..# ### #.. ### at x = 4.
    ("small_12", 8, 6, False, "glyphs.draw_small(d, 0, 0, '12', 1)", """
        .#..###.
        ##....#.
        .#..###.
        .#..#...
        ###.###.
        ........"""),
    # Forbes symbols at 3 x 3, codes S T C X at x = 0, 4, 8, 12.
    ("symbols3", 16, 3, False,
     "for k in range(4): glyphs.draw_glyph(d, 4 * k, 0, glyphs.symbol_cols('STCX'[k], 3), 1)", """
        ###.#....#..#.#.
        ###.##..#.#..#..
        ###.###..#..#.#."""),
    # Forbes symbols at 5 x 5 by name, at x = 0, 6, 12, 18.
    ("symbols5", 24, 5, False,
     "for k, n in enumerate(('square', 'triangle', 'circle', 'star')):\n"
     "    glyphs.draw_glyph(d, 6 * k, 0, glyphs.symbol_cols(n, 5), 1)", """
        #####...#....###..#.#.#.
        #####...#...#...#..###..
        #####..###..#...#.#####.
        #####..###..#...#..###..
        #####.#####..###..#.#.#."""),
    # Die pips 1..6 on 3 x 3, at x = 0, 4, .., 20.
    ("pips", 24, 3, False,
     "for v in range(1, 7): glyphs.draw_glyph(d, 4 * (v - 1), 0, glyphs.pip_cols(v), 1)", """
        ....#...#...#.#.#.#.#.#.
        .#.......#.......#..#.#.
        ......#...#.#.#.#.#.#.#."""),
    # Scale 2 with gap 1: pip 5 = corners and centre; blocks at 0, 3, 6.
    ("pip5_scaled", 8, 8, False, "glyphs.draw_glyph(d, 0, 0, glyphs.pip_cols(5), 1, 2, 1)", """
        ##....##
        ##....##
        ........
        ...##...
        ...##...
        ........
        ##....##
        ##....##"""),
    # FITS player colours 1..4 as single pixels on a colour canvas.
    ("player_colours", 4, 1, True,
     "for p in range(1, 5): d.pixel(p - 1, 0, glyphs.ink(d, glyphs.player_colour(p)))", """
        RGBY"""),
]

MP_BODY = "from boardcore import glyphs\n" + "".join(
    "d = RecordingDisplay(%d, %d, %r)\n%s\ndump(%r, d)\n" % (w, h, colour, code, name)
    for name, w, h, colour, code, _ in CASES
)


@pytest.fixture(scope="module")
def mp_frames(tmp_path_factory):
    return run_fw(tmp_path_factory.mktemp("glyphs"), MP_BODY, figure="glyph pictures").frames


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_picture_on_micropython(case, mp_frames):
    name, _, _, _, _, expected = case
    assert mp_frames[name] == picture(expected)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_picture_on_cpython(case):
    name, w, h, colour, code, expected = case
    d = RecordingCanvas(w, h, colour)
    exec(code, {"glyphs": glyphs, "d": d})
    assert d.rows() == picture(expected)


def test_sizes():
    assert glyphs.text_width("") == 0
    assert glyphs.text_width("AB") == 11  # 5 + 1 + 5
    assert glyphs.text_width("AB", 2) == 22
    assert glyphs.small_width("12") == 7  # 3 + 1 + 3
    assert glyphs.glyph_size(glyphs.pip_cols(5), 2, 1) == (8, 8)  # 3 blocks of 2, 2 gaps
    assert glyphs.glyph_size(glyphs.symbol_cols("X", 5)) == (5, 5)


def test_colours_in_rgb565():
    # RGB565: red 0xF800, green 0x07E0, blue 0x001F, yellow = red | green.
    d = RecordingCanvas(1, 1, colour=True)
    assert [glyphs.ink(d, glyphs.player_colour(p)) for p in (1, 2, 3, 4)] == [0xF800, 0x07E0, 0x001F, 0xFFE0]
    assert glyphs.ink(RecordingCanvas(1, 1), glyphs.BLUE) == 1


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: glyphs.player_colour(5), "1..4"),
        (lambda: glyphs.pip_cols(0), "1..6"),
        (lambda: glyphs.symbol_index("Q"), "unknown symbol"),
        (lambda: glyphs.symbol_index("hexagon"), "unknown Forbes symbol"),
        (lambda: glyphs.symbol_cols("S", 4), "sizes 3 and 5"),
        (lambda: glyphs.draw_small(RecordingCanvas(4, 5), 0, 0, "A", 1), "small font has no 'A'"),
    ],
)
def test_bad_input_says_what(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_symbol_codes_follow_the_forbes_core():
    from boardcore.forbes.rules import SYMBOL_NAMES, SYMBOLS

    from boardcore.glyphs.symbols import SYMBOL_NAMES as GLYPH_NAMES

    assert GLYPH_NAMES == SYMBOL_NAMES
    assert [glyphs.symbol_index(c) for c in SYMBOLS] == [0, 1, 2, 3]


def test_bitmaps_stay_inside_their_boxes():
    from boardcore.glyphs import font as glyph_font
    from boardcore.glyphs import small as glyph_small
    from boardcore.glyphs import symbols as glyph_symbols

    # 5 x 7 font: no bit above row 6; every printable character 32..95 distinct
    # (except that nothing else may look like the space).
    assert all(b < 0x80 for b in glyph_font.DATA)
    chars = [glyphs.char_cols(chr(c)) for c in range(32, 96)]
    assert len(set(chars)) == 64
    assert glyphs.char_cols("q") == glyphs.char_cols("Q") and glyphs.char_cols("\x7f") == glyphs.char_cols("?")
    # 3 x 5 digits, 5 x 5 and 3 x 3 symbols, 3 x 3 pips: rows within their height.
    assert all(b < 0x20 for b in glyph_small.DATA)
    assert all(b < 0x20 for s in glyph_symbols.SYMBOLS5 for b in s) and all(len(s) == 5 for s in glyph_symbols.SYMBOLS5)
    assert all(b < 0x08 for s in glyph_symbols.SYMBOLS3 + glyph_symbols.PIPS for b in s)
    # Die pips: value v has v pips.
    assert [sum(bin(b).count("1") for b in glyphs.pip_cols(v)) for v in range(1, 7)] == [1, 2, 3, 4, 5, 6]
