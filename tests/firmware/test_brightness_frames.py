"""A `bright` frame whose level is not a whole number (1.5, "7") must be refused by the
Display before anything changes: the NeoPixel driver multiplies its channel bytes by the
level in every show(), so a float level left behind made every later frame fail."""

import json

from fakes.mp import run_mp

SETUP = """
import json, machine
from drivers.neopixel_matrix import NeoPixelMatrix
from drivers.max7219 import MAX7219
"""


def test_neopixel_refuses_a_fractional_level_and_keeps_showing():
    out = run_mp(SETUP + """
d = NeoPixelMatrix(machine.Pin(16), 2, 1, wiring="rows", level=15)
for bad in (1.5, "7", None):
    try:
        d.brightness(bad)
        print(json.dumps("accepted"))
    except ValueError as e:
        print(json.dumps(str(e)))
d.pixel(0, 0, d.rgb(255, 0, 0))
d.show()
print(json.dumps([d.level, list(d.np.frames[-1])]))
""")
    assert out[0] == "brightness must be 0..15, not 1.5"
    assert out[1] == "brightness must be 0..15, not '7'"
    assert out[2] == "brightness must be 0..15, not None"
    # Level 15 and cap 255: red at full, wire order G R B.
    assert out[3] == [15, [0, 255, 0, 0, 0, 0]]


def test_max7219_sends_nothing_for_a_fractional_level():
    out = run_mp(SETUP + """
d = MAX7219(machine.SPI(1), machine.Pin(9), 8, 8, level=3)
machine.LOG.clear()
try:
    d.brightness(2.5)
except ValueError as e:
    print(json.dumps(str(e)))
d.brightness(5)
print(json.dumps([d.level, [f.hex() for f in machine.spi_frames(machine.LOG, 9)]]))
""")
    assert out[0] == "brightness must be 0..15, not 2.5"
    assert out[1] == [5, ["0a05"]]
