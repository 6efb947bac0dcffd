"""A `raw` frame's "mono" data is MONO_HLSB (docs/protocol.md: 8 pixels a byte, bit 7 the
leftmost). The HT16K33 canvas is MONO_HMSB (bit 0 leftmost) and the SSD1306 one MONO_VLSB
(a byte is 8 pixels of a column), so copying the bytes as they are mirrored every 8 pixels
on the HT16K33 and scrambled the OLED. The app must draw the raw frame's pixels, whatever
the display's own layout. Checked through App.on_frame on MicroPython with the recording
fakes, pixel by pixel."""

import base64

from fakes.mp import run_mp

SETUP = """
import json, machine
import app
def make_app(display, kind):
    board = {"name": "t", "display": {"kind": kind, "brightness": 15}, "buttons": {"next": 1, "menu": 2},
             "scanner": None}
    return app.App(board, display)
def lit(d):
    return [[x, y] for y in range(d.height) for x in range(d.width) if d.pixel(x, y)]
"""


def raw_payload(w, h, data):
    return {"w": w, "h": h, "fmt": "mono", "off": 0, "data": base64.b64encode(bytes(data)).decode()}


# 16 x 8 MONO_HLSB, 2 bytes a row: row 0 = 0x80 0x01 lights (0, 0) and (15, 0);
# row 3 = 0x20 0x00 lights (2, 3); row 7 = 0x00 0x40 lights (9, 7).
HT_ROWS = [0x80, 0x01, 0, 0, 0, 0, 0x20, 0x00, 0, 0, 0, 0, 0, 0, 0x00, 0x40]


def test_raw_mono_frame_on_an_ht16k33():
    out = run_mp(SETUP + """
from drivers.ht16k33 import HT16K33
d = HT16K33(machine.I2C(0))
a = make_app(d, "ht16k33")
machine.LOG.clear()
a.on_frame("raw", %r, 1)
ram = [e[3] for e in machine.LOG if e[0] == "i2c"][-1]
print(json.dumps([lit(d), ram.hex()]))
""" % (raw_payload(16, 8, HT_ROWS),))[0]
    assert out[0] == [[0, 0], [15, 0], [2, 3], [9, 7]]
    # HT16K33 RAM (address byte 00 first): COM y low byte = columns 0..7 with bit 0 = column 0,
    # high byte = columns 8..15. (0,0): RAM[0] bit 0; (15,0): RAM[1] bit 7; (2,3): RAM[6]
    # bit 2; (9,7): RAM[15] bit 1.
    ram = [0] * 16
    ram[0], ram[1], ram[6], ram[15] = 0x01, 0x80, 0x04, 0x02
    assert out[1] == "00" + bytes(ram).hex()


def test_raw_mono_frame_on_an_oled():
    # 128 x 64 MONO_HLSB: 16 bytes a row. (0, 0): byte 0 = 0x80; (9, 1): byte 16 + 1 = 0x40;
    # (127, 63): byte 63 * 16 + 15 = 0x01.
    data = bytearray(16 * 64)
    data[0], data[17], data[63 * 16 + 15] = 0x80, 0x40, 0x01
    out = run_mp(SETUP + """
from drivers.oled import OLED
d = OLED(machine.I2C(0))
a = make_app(d, "ssd1306")
a.on_frame("raw", %r, 1)
sent = d.dev.calls[-1]
print(json.dumps([lit(d), sent[0], [i for i in range(len(sent[1])) if sent[1][i]], [b for b in sent[1] if b]]))
""" % (raw_payload(128, 64, data),))[0]
    assert out[0] == [[0, 0], [9, 1], [127, 63]]
    # What the controller gets (MONO_VLSB pages): (0,0) page 0 column 0 bit 0; (9,1) page 0
    # column 9 bit 1; (127,63) page 7 column 127 bit 7 -> byte 7 * 128 + 127 = 1023.
    assert out[1:] == ["show", [0, 9, 1023], [0x01, 0x02, 0x80]]
