"""NeoPixel matrix driver: GRB byte order, the four wirings pixel by pixel, brightness cap,
and the current limit scaling the frame by how many pixels are lit.

Current model (driver docstring): 20 mA per channel at 255, 1 mA idle per pixel.
"""

from fakes.mp import run_mp

SETUP = """
import json, machine
from drivers.neopixel_matrix import NeoPixelMatrix
def make(w, h, **kw):
    return NeoPixelMatrix(machine.Pin(16), w, h, **kw)
def last(d):
    return list(d.np.frames[-1])
"""


def test_grb_byte_order_and_565_expansion():
    # rgb(255,0,0) -> RGB565 0xF800 -> r5 = 31 -> (31<<3)|(31>>2) = 255: wire bytes G,R,B = 0,255,0.
    # rgb(0,255,0) -> 0x07E0 -> 255,0,0.  rgb(0,0,255) -> 0x001F -> 0,0,255.
    # rgb(16,32,64): r5 = 2 -> 16|0 = 16; g6 = 8 -> 32|0 = 32; b5 = 8 -> 64|2 = 66 -> 32,16,66.
    out = run_mp(SETUP + """
d = make(4, 1, wiring="rows")
d.pixel(0, 0, d.rgb(255, 0, 0)); d.pixel(1, 0, d.rgb(0, 255, 0))
d.pixel(2, 0, d.rgb(0, 0, 255)); d.pixel(3, 0, d.rgb(16, 32, 64))
d.show()
print(json.dumps(last(d)))
""")[0]
    assert out == [0, 255, 0, 255, 0, 0, 0, 0, 255, 32, 16, 66]


# LED number at each (x, y) of a 4 x 3 matrix, written out by hand for each wiring:
# rows: left to right every row; rows-serpentine: odd rows right to left;
# columns: top to bottom every column; columns-serpentine: odd columns bottom to top.
WIRING_4x3 = {
    "rows": [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]],
    "rows-serpentine": [[0, 1, 2, 3], [7, 6, 5, 4], [8, 9, 10, 11]],
    "columns": [[0, 3, 6, 9], [1, 4, 7, 10], [2, 5, 8, 11]],
    "columns-serpentine": [[0, 5, 6, 11], [1, 4, 7, 10], [2, 3, 8, 9]],
}

# 8 x 8 rows-serpentine, the common square panel.
SERPENTINE_8x8 = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [15, 14, 13, 12, 11, 10, 9, 8],
    [16, 17, 18, 19, 20, 21, 22, 23],
    [31, 30, 29, 28, 27, 26, 25, 24],
    [32, 33, 34, 35, 36, 37, 38, 39],
    [47, 46, 45, 44, 43, 42, 41, 40],
    [48, 49, 50, 51, 52, 53, 54, 55],
    [63, 62, 61, 60, 59, 58, 57, 56],
]

LIGHT_ONE_AT_A_TIME = """
def lit_led(w, h, wiring):
    d = make(w, h, wiring=wiring)
    grid = []
    for y in range(h):
        row = []
        for x in range(w):
            d.fill(0); d.pixel(x, y, d.rgb(0, 0, 255)); d.show()
            b = last(d)
            on = [i // 3 for i in range(len(b)) if b[i]]
            row.append(on)
        grid.append(row)
    return grid
"""


def test_each_wiring_pixel_by_pixel():
    out = run_mp(SETUP + LIGHT_ONE_AT_A_TIME + """
for wiring in ("rows", "rows-serpentine", "columns", "columns-serpentine"):
    print(json.dumps([wiring, lit_led(4, 3, wiring)]))
print(json.dumps(lit_led(8, 8, "rows-serpentine")))
""")
    for wiring, grid in out[:4]:
        # exactly one LED lit per pixel, and the right one
        assert grid == [[[n] for n in row] for row in WIRING_4x3[wiring]], wiring
    assert out[4] == [[[n] for n in row] for row in SERPENTINE_8x8]


def test_32x8_column_serpentine_corners():
    # 32 x 8 panels snake down the columns: column x starts at LED 8x.
    # (0,7) -> 7; (1,7) -> column 1 runs upward, so y=7 is its first LED: 8; (31,0): odd column
    # 31 runs upward from LED 248, so y=0 is its last: 255; (30,0) -> 240.
    out = run_mp(SETUP + """
d = make(32, 8, wiring="columns-serpentine", max_current_ma=2000)
print(json.dumps([d.index(0, 7), d.index(1, 7), d.index(31, 0), d.index(30, 0)]))
""")[0]
    assert out == [7, 8, 255, 240]


def test_brightness_level_and_cap():
    # channel * (level + 1) * cap // (16 * 255):
    # level 15, cap 64: 255 * 16 * 64 // 4080 = 64.   level 7, cap 255: 255 * 8 * 255 // 4080 = 127.
    # level 0, cap 255: 255 * 1 * 255 // 4080 = 15.
    out = run_mp(SETUP + """
res = []
for level, cap in ((15, 64), (7, 255), (0, 255)):
    d = make(1, 1, brightness_cap=cap, level=level)
    d.pixel(0, 0, d.rgb(255, 255, 255)); d.show()
    res.append(last(d))
print(json.dumps(res))
""")[0]
    assert out == [[64, 64, 64], [127, 127, 127], [15, 15, 15]]


def test_current_limit_scales_the_frame_by_pixels_lit():
    # 8 x 8 all white at full: 64 * 765 = 48960 channel units -> 64 + 48960 * 20 / 255 = 3904 mA.
    # Limit 500 mA: allowed units = (500 - 64) * 255 // 20 = 5559; each channel 255 * 5559 // 48960
    # = 28, drawing 64 + 64 * 84 * 20 // 255 = 64 + 421 = 485 mA.
    # Half the pixels white: 24480 units -> 255 * 5559 // 24480 = 57 per channel (twice as bright),
    # drawing 64 + 32 * 171 * 20 // 255 = 64 + 429 = 493 mA.
    # One pixel white: 64 + 60 = 124 mA, under the limit: left at 255.
    out = run_mp(SETUP + """
d = make(8, 8, max_current_ma=500)
white = d.rgb(255, 255, 255)
d.fill(white); d.show(); full = last(d); print(json.dumps([sorted(set(full)), d.current_ma]))
d.fill(0); d.fill_rect(0, 0, 8, 4, white); d.show(); half = last(d)
lit = [half[3 * d.index(x, y)] for y in range(8) for x in range(8)]
print(json.dumps([lit, d.current_ma]))
d.fill(0); d.pixel(3, 3, white); d.show(); print(json.dumps([max(last(d)), d.current_ma]))
""")
    assert out[0] == [[28], 485]
    assert out[1] == [[57] * 32 + [0] * 32, 493]
    assert out[2] == [255, 124]


def test_bad_settings_refused():
    out = run_mp(SETUP + """
for kw in ({"wiring": "zigzag"}, {"brightness_cap": 0}, {"max_current_ma": 64}):
    try:
        make(8, 8, **kw)
        print(json.dumps("accepted"))
    except ValueError as e:
        print(json.dumps(str(e)))
""")
    assert "wiring must be one of" in out[0] and "'zigzag'" in out[0]
    assert "brightness_cap must be 1..255" in out[1]
    assert out[2] == "NeoPixel max_current_ma 64 is below the 64 mA the idle pixels draw"


def test_an_unchanged_frame_is_not_sent_again():
    # A strip takes every LED each time; a frame that changed nothing (nor the brightness)
    # is not sent at all, a new brightness is, and so is refresh().
    out = run_mp(SETUP + """
d = make(4, 1, wiring="rows")
d.pixel(1, 0, d.rgb(255, 0, 0))
d.show(); d.show()
n = [len(d.np.frames)]
d.brightness(3); d.show(); d.show()
n.append(len(d.np.frames))
d.refresh()
n.append(len(d.np.frames))
print(json.dumps(n))
""")[0]
    assert out == [1, 2, 3]
