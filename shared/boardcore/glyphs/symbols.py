"""Small pictures: the four Forbes symbols, Zatre tile pips, and status icons.

Every picture is a bytes object of column bytes, left to right, bit 0 = top row (the
layout of glyph_font), drawn by glyphs.draw_glyph at any scale.
"""

# Forbes symbols in the order of docs/rules.md (Forbes) (index 0..3), and their one-letter codes:
# both as in forbes_rules (SYMBOL_NAMES, SYMBOLS), kept here too so that drawing a symbol
# does not load the rules module (its Options class alone takes 3-4 KB of a device's heap).
SYMBOL_NAMES = ("square", "triangle", "circle", "star")
SYMBOL_CODES = "STCX"

# 5 x 5, for cells of 6 pixels or more.
#   square   triangle  circle   star
#   #####    ..#..     .###.    #.#.#
#   #####    ..#..     #...#    .###.
#   #####    .###.     #...#    #####
#   #####    .###.     #...#    .###.
#   #####    #####     .###.    #.#.#
SYMBOLS5 = (
    b"\x1f\x1f\x1f\x1f\x1f",
    b"\x10\x1c\x1f\x1c\x10",
    b"\x0e\x11\x11\x11\x0e",
    b"\x15\x0e\x1f\x0e\x15",
)

# 3 x 3, for the smallest matrices.
#   square  triangle  circle  star
#   ###     #..       .#.     #.#
#   ###     ##.       #.#     .#.
#   ###     ###       .#.     #.#
SYMBOLS3 = (
    b"\x07\x07\x07",
    b"\x07\x06\x04",
    b"\x02\x05\x02",
    b"\x05\x02\x05",
)

# Zatre tile values 1..6 as die pips on a 3 x 3 grid (index value - 1).
#   1     2     3     4     5     6
#   ...   #..   #..   #.#   #.#   #.#
#   .#.   ...   .#.   ...   .#.   #.#
#   ...   ..#   ..#   #.#   #.#   #.#
PIPS = (
    b"\x00\x02\x00",
    b"\x01\x00\x04",
    b"\x01\x02\x04",
    b"\x05\x00\x05",
    b"\x05\x02\x05",
    b"\x07\x00\x07",
)

# The status icons (a tick for "connected", a cross for an error) are boardcore.glyphs.TICK
# and CROSS, which the device always has loaded: an error screen must show when the heap has
# no room left to load this module.
from boardcore.glyphs import CROSS, TICK  # noqa: E402,F401 (re-exported)
