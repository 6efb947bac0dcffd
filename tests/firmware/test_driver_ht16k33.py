"""HT16K33 driver: the exact I2C bytes for init, a known frame and brightness.

Working from the HT16K33 datasheet command summary: System Setup 0x20 | S (S=1 oscillator on),
ROW/INT Set 0xA0 (ROW output), Dimming Set 0xE0 | P (duty (P+1)/16), Display Setup 0x80 | B<<1 | D
(D=1 on, B=0 blink off), Display data address pointer 0x00..0x0F: RAM byte 2n = ROW0..7 of COM n,
2n+1 = ROW8..15, bit 0 = ROW0. Each command is its own I2C write to address 0x70.
"""

from fakes.mp import run_mp

SETUP = """
import json, machine
from drivers.ht16k33 import HT16K33
i2c = machine.I2C(0)
def writes():
    return [(e[2], e[3].hex()) for e in machine.LOG if e[0] == "i2c"]
"""
ZERO_RAM = "00" + "00" * 16


def test_init_sequence():
    out = run_mp(SETUP + """
d = HT16K33(i2c, 0x71, 16, 8, level=9)
print(json.dumps(writes()))
""")[0]
    assert out == [
        [0x71, "21"],  # oscillator on
        [0x71, "a0"],  # ROW/INT pin as a row output
        [0x71, "e9"],  # dimming 10/16
        [0x71, ZERO_RAM],  # address 0, then 16 zero bytes
        [0x71, "81"],  # display on, blink off
    ]


def test_known_frame_16x8():
    # (0,0): COM0 low byte bit 0 -> RAM[0] = 0x01.   (9,0): COM0 high byte bit 1 -> RAM[1] = 0x02.
    # (7,3): COM3 low byte bit 7 -> RAM[6] = 0x80.   (15,7): COM7 high byte bit 7 -> RAM[15] = 0x80.
    out = run_mp(SETUP + """
d = HT16K33(i2c)
machine.LOG.clear()
for x, y in ((0, 0), (9, 0), (7, 3), (15, 7)):
    d.pixel(x, y, 1)
d.show()
print(json.dumps(writes()))
""")[0]
    ram = [0] * 16
    ram[0], ram[1], ram[6], ram[15] = 0x01, 0x02, 0x80, 0x80
    assert out == [[0x70, "00" + bytes(ram).hex()]]


def test_known_frame_8x8_leaves_high_rows_clear():
    # 8 x 8: (2,1) -> COM1 low byte bit 2 -> RAM[2] = 0x04; every odd byte stays 0.
    out = run_mp(SETUP + """
d = HT16K33(i2c, width=8)
machine.LOG.clear()
d.fill(0); d.pixel(2, 1, 1); d.show()
print(json.dumps(writes()))
""")[0]
    ram = [0] * 16
    ram[2] = 0x04
    assert out == [[0x70, "00" + bytes(ram).hex()]]


def test_brightness_is_the_dimming_command():
    out = run_mp(SETUP + """
d = HT16K33(i2c)
machine.LOG.clear()
d.brightness(0); d.brightness(15)
print(json.dumps(writes()))
""")[0]
    assert out == [[0x70, "e0"], [0x70, "ef"]]


def test_other_sizes_refused():
    out = run_mp(SETUP + """
try:
    HT16K33(i2c, width=32)
except ValueError as e:
    print(json.dumps(str(e)))
""")
    assert out == ["HT16K33 matrix must be 8x8 or 16x8, not 32x8"]


def test_max_level_caps_the_dimming():
    out = run_mp(SETUP + """
d = HT16K33(i2c, level=15, max_level=6)
print(json.dumps(writes()[2]))
machine.LOG.clear()
d.brightness(3); d.brightness(9)
print(json.dumps(writes()))
""")
    assert out[0] == [0x70, "e6"]  # init asked for 15: dimming held at 6
    assert out[1] == [[0x70, "e3"], [0x70, "e6"]]


def test_an_unchanged_frame_is_not_written_again():
    # The 17-byte RAM write is one module's worth; a frame that changes nothing sends
    # nothing, refresh() writes it anyway.
    out = run_mp(SETUP + """
d = HT16K33(i2c)
machine.LOG.clear()
d.pixel(3, 2, 1); d.show()
first = writes()
machine.LOG.clear()
d.show()
same = writes()
d.refresh()
print(json.dumps([len(first), same, writes()]))
""")[0]
    ram = [0] * 16
    ram[4] = 0x08
    assert out == [1, [], [[0x70, "00" + bytes(ram).hex()]]]
