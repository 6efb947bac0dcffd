"""A board file means the same on a Pi as on the device: for the same picture and the same
display fields, --direct's MAX7219 and NeoPixel canvases send the bytes the firmware's drivers
send (those run on MicroPython with the recording fakes of machine and neopixel)."""

import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # Blinka picks its board on first import

import digitalio
import pytest

import board
from boardlight.direct.max7219 import Max7219Matrix
from boardlight.direct.neopixel import NeoPixelMatrix
from fakes.mp import run_mp
from host.direct.test_direct import FakeWriter, RecordingSPI

# The same picture on both interpreters: pixels from a small linear congruential generator.
PATTERN = """
def pattern(d, colours):
    seed = 7
    for y in range(d.height):
        for x in range(d.width):
            seed = (seed * 1103515245 + 12345) % 2147483648
            d.pixel(x, y, colours[(seed >> 16) % len(colours)])
"""

MAX7219_CASES = [(8, 8, 90), (32, 8, 0), (32, 8, 180), (16, 16, [0, 90, 180, 270]), (64, 8, [270] * 8)]


@pytest.mark.parametrize("w,h,rotation", MAX7219_CASES, ids=["%dx%d-%s" % c for c in MAX7219_CASES])
def test_max7219_sends_what_the_firmware_driver_sends(w, h, rotation):
    device = run_mp(PATTERN + """
import json, machine
from drivers.max7219 import MAX7219
d = MAX7219(machine.SPI(0), machine.Pin(5), %d, %d, rotation=%r)
machine.LOG.clear()
pattern(d, (0, 1, 0))
d.refresh()  # every digit (show() sends only those that changed since the blank frame)
print(json.dumps([f.hex() for f in machine.spi_frames(machine.LOG, 5)]))
""" % (w, h, rotation))[0]
    spi = RecordingSPI()
    canvas = Max7219Matrix(spi, digitalio.DigitalInOut(board.Dx_OUTPUT), w, h, rotation)
    spi.transactions.clear()
    scope = {}
    exec(PATTERN, scope)
    scope["pattern"](canvas, (0, 1, 0))
    canvas.show()
    assert len(device) == 8 and spi.transactions == device


NEOPIXEL_CASES = [
    # (width, height, wiring, order, brightness_cap, max_current_ma, level)
    (4, 3, "rows", "GRB", 255, 500, 15),
    (4, 3, "rows-serpentine", "RGB", 96, 500, 7),
    (4, 3, "columns", "BGR", 200, 500, 0),
    (8, 8, "columns-serpentine", "GRB", 255, 300, 15),  # over the limit: scaled down
]


@pytest.mark.parametrize("case", NEOPIXEL_CASES, ids=["%dx%d-%s-%s" % c[:4] for c in NEOPIXEL_CASES])
def test_neopixel_sends_what_the_firmware_driver_sends(case, monkeypatch):
    w, h, wiring, order, cap, limit, level = case
    colours = "(0, d.rgb(255, 0, 0), d.rgb(0, 255, 0), d.rgb(0, 0, 255), d.rgb(255, 255, 255), d.rgb(16, 32, 64))"
    device = run_mp(PATTERN + """
import json, machine
from drivers.neopixel_matrix import NeoPixelMatrix
d = NeoPixelMatrix(machine.Pin(4), %d, %d, %r, %d, %d, %d, %r)
pattern(d, %s)
d.show()
print(json.dumps([bytes(d.np.frames[-1]).hex(), d.current_ma]))
""" % (w, h, wiring, cap, limit, level, order, colours))[0]
    import neopixel

    writer = FakeWriter()
    monkeypatch.setattr(neopixel, "neopixel_write", writer)
    d = NeoPixelMatrix(board.NEOPIXEL, w, h, wiring, cap, limit, order, level)
    scope = {}
    exec(PATTERN, scope)
    scope["pattern"](d, eval(colours, {"d": d}))
    d.show()
    assert [writer.frames[-1], d.current_ma] == device
