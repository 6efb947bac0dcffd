"""SSD1306 OLED: a Display on top of micropython-lib's ssd1306 package (a recording fake here,
tests/fakes/ssd1306.py, documents the part of its API we use)."""

from fakes.mp import run_mp

SETUP = """
import json, machine
from drivers.oled import OLED
"""


def test_frame_reaches_the_package_in_page_layout():
    # MONO_VLSB: byte index = (y // 8) * 128 + x, bit y % 8.
    # (0,0) -> byte 0 bit 0 = 0x01; (1,7) -> byte 1 bit 7 = 0x80; (127,8) -> byte 128+127 = 255,
    # bit 0; (5,63) -> page 7: byte 7*128+5 = 901, bit 7.
    out = run_mp(SETUP + """
d = OLED(machine.I2C(0), addr=0x3D, level=15)
for x, y in ((0, 0), (1, 7), (127, 8), (5, 63)):
    d.pixel(x, y, 1)
d.show()
calls = d.dev.calls
frame = calls[-1][1]
print(json.dumps([calls[0], [c[0] for c in calls], {str(i): frame[i] for i in range(len(frame)) if frame[i]}, len(frame)]))
""")[0]
    init, names, lit, size = out
    assert init == ["init", 128, 64, 0x3D, False]
    assert names == ["init", "contrast", "show"]
    assert lit == {"0": 0x01, "1": 0x80, "255": 0x01, "901": 0x80}
    assert size == 1024


def test_brightness_maps_to_contrast():
    # 16 levels onto 0..255 in steps of 17: 0 -> 0, 8 -> 136, 15 -> 255.
    out = run_mp(SETUP + """
d = OLED(machine.I2C(0), level=0)
d.brightness(8); d.brightness(15)
print(json.dumps([c for c in d.dev.calls if c[0] == "contrast"]))
""")[0]
    assert out == [["contrast", 0], ["contrast", 136], ["contrast", 255]]


def test_128x32_and_bad_size():
    out = run_mp(SETUP + """
d = OLED(machine.I2C(0), 128, 32)
print(json.dumps([len(d.buffer), d.dev.calls[0]]))
try:
    OLED(machine.I2C(0), 64, 48)
except ValueError as e:
    print(json.dumps(str(e)))
""")
    assert out[0] == [512, ["init", 128, 32, 0x3C, False]]
    assert out[1] == "SSD1306 must be 128x64 or 128x32, not 64x48"


def test_show_sends_only_the_pages_that_changed():
    # After the whole first frame: one pixel in page 2 (rows 16..23) is that page alone,
    # through the package's commands (column range 0..127, page range 2..2) and 128 data
    # bytes; an unchanged frame sends nothing; seven changed pages are cheaper whole.
    out = run_mp(SETUP + """
d = OLED(machine.I2C(0))
d.show()
n = len(d.dev.calls)
d.pixel(5, 17, 1); d.show()
page = d.dev.calls[n:]
n = len(d.dev.calls)
d.show()
same = d.dev.calls[n:]
for p in range(7):
    d.pixel(0, 8 * p, 1)
d.show()
whole = d.dev.calls[-1][0]
ram_ok = bytes(d.dev.ram) == bytes(d.buffer)
print(json.dumps([[c if c[0] == "cmd" else [c[0], len(c[1]), {str(i): b for i, b in enumerate(c[1]) if b}] for c in page], same, whole, ram_ok]))
""")[0]
    page, same, whole, ram_ok = out
    assert page == [["cmd", 0x21], ["cmd", 0], ["cmd", 127], ["cmd", 0x22], ["cmd", 2], ["cmd", 2],
                    ["data", 128, {"5": 0x02}]]
    assert same == []
    assert whole == "show"
    assert ram_ok
