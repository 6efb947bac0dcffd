"""MAX7219 driver: the exact SPI packets for init, a known frame, brightness and rotation,
and show() sending only the digits (module rows) that changed.

Working from the MAX7219 datasheet (Table 2, register address map): Digit 0..7 = 0x01..0x08,
Decode-Mode 0x09, Intensity 0x0A, Scan-Limit 0x0B, Shutdown 0x0C, Display-Test 0x0F. Each
LOAD (chip select) window carries one 16-bit packet (address, data) per chained module; the
first packet ends in the module farthest from the board, which is tile 0 (top left).
"""

from fakes.mp import run_mp

SETUP = """
import json, machine
from drivers.max7219 import MAX7219
spi = machine.SPI(1)
def frames():
    return [f.hex() for f in machine.spi_frames(machine.LOG, 9)]
"""


def test_init_sequence_for_two_modules():
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 16, 8, level=3)
print(json.dumps(frames()))
""")[0]
    blank = ["%02x00%02x00" % (r, r) for r in range(1, 9)]  # digit r+1 = 0 on both modules
    assert out == [
        "0f000f00",  # display test off, both modules
        "0b070b07",  # scan limit 7: all eight digits (rows)
        "09000900",  # decode mode 0: no BCD, raw segments
        "0a030a03",  # intensity 3 (the level asked for)
        *blank,  # cleared RAM pushed before waking the chip
        "0c010c01",  # shutdown register = 1: normal operation
    ]


def test_known_frame_two_modules():
    # Pixels (0,0), (9,2) and (15,7) on a 16 x 8 canvas.
    # (0,0): tile 0 (sent first), row 0, column 0 -> bit 7: 0x80.
    # (9,2): tile 1, row 2, column 1 -> 0x40.  (15,7): tile 1, row 7, column 7 -> 0x01.
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 16, 8)
machine.LOG.clear()
d.pixel(0, 0, 1); d.pixel(9, 2, 1); d.pixel(15, 7, 1)
d.refresh()
print(json.dumps(frames()))
""")[0]
    assert out == [
        "0180" "0100",
        "0200" "0200",
        "0300" "0340",
        "0400" "0400",
        "0500" "0500",
        "0600" "0600",
        "0700" "0700",
        "0800" "0801",
    ]


def test_brightness_writes_intensity_to_every_module():
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 32, 8)
machine.LOG.clear()
d.brightness(0); d.brightness(15)
print(json.dumps(frames()))
try:
    d.brightness(16)
except ValueError as e:
    print(json.dumps(str(e)))
print(json.dumps(frames()))
""")
    assert out[0] == ["0a00" * 4, "0a0f" * 4]
    assert "0..15" in out[1]
    assert out[2] == out[0]  # the refused level sent nothing


def test_rotation_90_turns_the_picture_back():
    # A module turned 90 degrees clockwise: its own LED (column c, row r) sits at panel
    # (7 - r, c). Panel pixel (7, 0) -> r = 0, c = 0 -> digit 1 bit 7 (0x80).
    # Panel pixel (0, 1) -> r = 7, c = 1 -> digit 8, 0x40.
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 8, 8, rotation=90)
machine.LOG.clear()
d.pixel(7, 0, 1); d.pixel(0, 1, 1)
d.refresh()
print(json.dumps(frames()))
""")[0]
    assert out == ["0180", "0200", "0300", "0400", "0500", "0600", "0700", "0840"]


def test_rotation_180_and_270_per_module():
    # Two modules: tile 0 turned 180, tile 1 turned 270; pixel (0,0) and (8,0) lit.
    # 180: LED (c, r) at (7-c, 7-r): panel (0,0) -> c=7, r=7 -> digit 8, 0x01.
    # 270: LED (c, r) at (r, 7-c): panel (0,0) of tile 1 -> r=0, c=7 -> digit 1, 0x01.
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 16, 8, rotation=[180, 270])
machine.LOG.clear()
d.pixel(0, 0, 1); d.pixel(8, 0, 1)
d.refresh()
print(json.dumps(frames()))
""")[0]
    assert out == ["0100" "0101"] + ["%02x00%02x00" % (r, r) for r in range(2, 8)] + ["0801" "0800"]


def test_sixteen_by_sixteen_is_four_modules_row_major():
    # 16 x 16 = tiles 0 1 / 2 3. Pixel (8, 8): tile 3 (sent last), row 0, column 0.
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 16, 16)
machine.LOG.clear()
d.pixel(8, 8, 1)
d.show()
print(json.dumps(frames()[0]))
""")[0]
    assert out == "0100" "0100" "0100" "0180"


def test_bad_sizes_are_refused():
    out = run_mp(SETUP + """
for args in ((12, 8), (72, 8), (8, 8, 45), (16, 8, [0])):
    try:
        MAX7219(spi, machine.Pin(9), *args)
        print(json.dumps("accepted"))
    except ValueError as e:
        print(json.dumps(str(e)))
""")
    assert "multiples of 8" in out[0]
    assert "at most 8" in out[1]
    assert "0, 90, 180 or 270" in out[2]
    assert "2 modules" in out[3]


def test_max_level_caps_the_intensity():
    # A board capped at 4 (firmware/boards/pico.json): asking for 15 sends intensity 4,
    # asking for 2 sends 2; the Display still reports the level asked for.
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 8, 8, level=15, max_level=4)
machine.LOG.clear()
d.brightness(15); d.brightness(2)
print(json.dumps([frames(), d.level]))
""")[0]
    assert out == [["0a04", "0a02"], 2]


def test_show_sends_only_the_digits_that_changed():
    # Four modules (32 x 8, the pico board). After the blank frame of init: one pixel in
    # row 3 is one window (digit 4) of 2 bytes per module, 8 bytes; the same frame again
    # sends nothing; a pixel in row 0 of the last module and one in row 6 of the first
    # are two windows; refresh() sends all eight whatever changed.
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 32, 8)
runs = []
def run(what):
    machine.LOG.clear()
    what()
    runs.append(frames())
d.pixel(9, 3, 1)
run(d.show)
run(d.show)
def two():
    d.pixel(31, 0, 1); d.pixel(2, 6, 1); d.show()
run(two)
run(d.refresh)
print(json.dumps(runs))
""")[0]
    one, same, two, everything = out
    assert one == ["0400" "0440" "0400" "0400"]  # digit 4: module 1 (x 8..15) column 1
    assert same == []
    assert two == ["0100" "0100" "0100" "0101", "0720" "0700" "0700" "0700"]
    assert len(everything) == 8 and everything[0] == "0100" "0100" "0100" "0101"


def test_a_rotated_module_sends_the_digits_its_turned_picture_changed():
    # One module turned 90 degrees: a panel row is a module column, so one lit pixel is
    # still one digit (panel (7, 0) -> digit 1); clearing it again is that digit once more.
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 8, 8, rotation=90)
machine.LOG.clear()
d.pixel(7, 0, 1); d.show()
lit = frames()
machine.LOG.clear()
d.pixel(7, 0, 0); d.show()
print(json.dumps([lit, frames()]))
""")[0]
    assert out == [["0180"], ["0100"]]


def test_a_failed_write_sends_every_digit_next_time():
    # The bus fails in the middle of a frame: what the chip holds is not known, so the
    # next show() sends all eight digits.
    out = run_mp(SETUP + """
d = MAX7219(spi, machine.Pin(9), 8, 8)
real = spi.write
calls = [0]
def flaky(buf):
    calls[0] += 1
    if calls[0] == 1:
        raise OSError(5)
    real(buf)
spi.write = flaky
d.pixel(0, 0, 1); d.pixel(0, 5, 1)
try:
    d.show()
except OSError:
    pass
machine.LOG.clear()
d.show()
print(json.dumps(frames()))
""")[0]
    assert len(out) == 8 and out[0] == "0180" and out[5] == "0680"
