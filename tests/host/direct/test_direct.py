"""--direct: the firmware screens on a MAX7219 chain or NeoPixel matrix through Blinka, from a
firmware board file with "mcu": "linux".

Runs on Blinka's OS-agnostic board (BLINKA_OS_AGNOSTIC=1, set before `board` is first
imported) with a recording fake of the SPI bus and of the NeoPixel pin writer; the
expected bytes are worked out from the MAX7219 datasheet, Adafruit's driver code and the
module layout of the firmware's driver (firmware/drivers/max7219.py).
"""

import json
import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # Blinka picks its board on first import

import pytest

from boardlight.canvas import Canvas
from boardlight.direct import board_file
from boardlight.direct import device as direct
from boardlight.direct.buttons import wired_buttons


class RecordingSPI:
    """busio.SPI's interface as adafruit_bus_device uses it; one entry per locked
    transaction (chip select low .. high), holding every byte written in it."""

    def __init__(self):
        self.transactions = []
        self._tx = None
        self.locked = False

    def try_lock(self):
        assert not self.locked
        self.locked = True
        return True

    def configure(self, baudrate=100000, polarity=0, phase=0, bits=8):
        self.baudrate = baudrate
        self._tx = bytearray()

    def write(self, buf, start=0, end=None):
        assert self.locked, "write outside a transaction"
        self._tx += bytes(buf[start:end])

    def unlock(self):
        self.transactions.append(self._tx.hex())
        self._tx = None
        self.locked = False


def max_config(width=32, height=8):
    # Dx_OUTPUT / Dx_INPUT_TRUE_PULL_UP / Dx_INPUT_TRUE / SCK / MOSI are pins of Blinka's
    # agnostic board.
    return {
        "name": "wiring", "board": "Blinka's OS-agnostic board", "mcu": "linux",
        "display": {"kind": "max7219", "width": width, "height": height, "brightness": 15,
                    "spi": {"sck": "SCK", "mosi": "MOSI"}, "cs": "Dx_OUTPUT"},
        "buttons": {"next": "Dx_INPUT_TRUE_PULL_UP", "menu": "Dx_INPUT_TRUE"},
    }


def test_max7219_chain_init_sequence():
    spi = RecordingSPI()
    direct.open_direct(max_config(), spi=spi)
    # Datasheet registers: 0x0C shutdown, 0x0F display test, 0x0B scan limit, 0x09 decode
    # mode, 0x01..0x08 digits 0..7, 0x0A intensity. Each command goes to all 4 chips of
    # a 32 x 8 chain in one chip-select frame: (reg, data) repeated 4 times.
    def four(reg, data):
        return ("%02x%02x" % (reg, data)) * 4

    assert spi.transactions == [
        four(0x0C, 0),  # shutdown (blank while configuring)
        four(0x0F, 0),  # display test off
        four(0x0B, 7),  # scan all 8 digits
        four(0x09, 0),  # no BCD decode: raw segments = pixels
        four(0x0C, 1),  # normal operation
    ] + [four(d, 0) for d in range(1, 9)] + [  # the blank frame
        four(0x0A, 15),  # the board file's brightness, 15
    ]
    assert spi.baudrate == 8000000  # Adafruit's default, within the chip's 10 MHz


def test_max7219_frame_bytes_for_known_pixels():
    spi = RecordingSPI()
    dev = direct.open_direct(max_config(), spi=spi)
    spi.transactions.clear()
    for x, y in ((0, 0), (31, 7), (9, 3)):
        dev.display.pixel(x, y, 1)
    dev.display.show()
    # As the firmware lays a picture on a chain (rotation 0): tile k (columns 8k..8k+7) is
    # the k-th pair of a chip-select frame (the module farthest along the chain first),
    # row y is digit register y + 1, column 8k + c is data bit 0x80 >> c.
    #   (0, 0):  digit 1, pair 0, 0x80
    #   (31, 7): digit 8, pair 3, 0x01
    #   (9, 3):  digit 4, pair 1, 0x40
    assert spi.transactions == [
        "0180010001000100",
        "0200020002000200",
        "0300030003000300",
        "0400044004000400",
        "0500050005000500",
        "0600060006000600",
        "0700070007000700",
        "0800080008000801",
    ]


def test_max7219_brightness_is_the_intensity_register():
    spi = RecordingSPI()
    dev = direct.open_direct(max_config(8, 8), spi=spi)
    spi.transactions.clear()
    dev.display.brightness(3)
    assert spi.transactions == ["0a03"]  # one chip: register 0x0A, level 3
    with pytest.raises(ValueError, match="brightness must be 0..15"):
        dev.display.brightness(16)


def test_max7219_max_brightness_caps_the_intensity():
    spi = RecordingSPI()
    cfg = max_config(8, 8)
    cfg["display"].update(brightness=6, max_brightness=4)
    dev = direct.open_direct(cfg, spi=spi)
    assert spi.transactions[-1] == "0a04"  # starts at 6, held at the cap
    dev.display.brightness(2)
    dev.display.brightness(15)
    assert spi.transactions[-2:] == ["0a02", "0a04"]
    assert dev.display.level == 15


def test_a_firmware_screen_reaches_the_chain():
    spi = RecordingSPI()
    dev = direct.open_direct(max_config(8, 8), spi=spi)
    spi.transactions.clear()
    dev.draw("fits_card", "O4")
    # screen_fits on 8 x 8: the tile area is 7 x 8 (the last column is for round pips);
    # O4 is 2 x 2 cells, so s = min(7 // 2, 8 // 2) = 3, offsets x (7 - 6) // 2 = 0,
    # y (8 - 6) // 2 = 1: pixels x 0..5, y 1..6 lit.
    assert dev.display.rows() == ["........"] + ["######.."] * 6 + ["........"]
    # One chip: digit d carries row d - 1 (see above), columns 0..5 -> bits 0x80..0x04 = 0xFC.
    assert spi.transactions == ["0100"] + ["%02xfc" % d for d in range(2, 8)] + ["0800"]


class FakeWriter:
    def __init__(self):
        self.frames = []

    def __call__(self, pin, buf):
        self.frames.append(bytes(buf).hex())


def neo_config(**disp):
    d = {"kind": "neopixel", "width": 4, "height": 2, "pin": "NEOPIXEL", "wiring": "rows-serpentine"}
    d.update(disp)
    return {"name": "wiring", "board": "Blinka's OS-agnostic board", "mcu": "linux", "display": d,
            "buttons": {"next": "Dx_INPUT_TRUE_PULL_UP", "menu": "Dx_INPUT_TRUE"}}


def test_neopixel_grb_serpentine_and_scaling(monkeypatch):
    import neopixel

    writer = FakeWriter()
    monkeypatch.setattr(neopixel, "neopixel_write", writer)
    dev = direct.open_direct(neo_config(brightness=15))
    c = dev.display
    c.pixel(0, 0, c.rgb(255, 0, 0))
    c.pixel(3, 0, c.rgb(0, 255, 0))
    c.pixel(0, 1, c.rgb(0, 0, 255))
    c.show()
    # Strip order: row 0 left to right (0..3), row 1 right to left (7..4), so (0, 1) is 7.
    # GRB bytes; level 15, brightness_cap 255 (the default): channel * 16 * 255 // 4080 = channel.
    assert writer.frames == ["00ff00" + "000000" * 2 + "ff0000" + "000000" * 3 + "0000ff"]
    c.brightness(7)
    c.show()
    # Level 7: 255 * 8 * 255 // 4080 = 127 = 0x7f.
    assert writer.frames[-1] == "007f00" + "000000" * 2 + "7f0000" + "000000" * 3 + "00007f"


def test_neopixel_brightness_cap_order_and_plain_rows(monkeypatch):
    import neopixel

    writer = FakeWriter()
    monkeypatch.setattr(neopixel, "neopixel_write", writer)
    dev = direct.open_direct(neo_config(wiring="rows", order="RGB", brightness=15, brightness_cap=63))
    c = dev.display
    c.pixel(0, 1, c.rgb(255, 255, 255))
    c.show()
    # Plain rows: (0, 1) is index 4. Cap 63 at level 15: 255 * 16 * 63 // 4080 = 63.
    assert writer.frames == ["000000" * 4 + "3f3f3f" + "000000" * 3]
    c.fill(0)
    c.pixel(1, 0, c.rgb(255, 0, 0))
    c.show()
    # RGB order on the wire: red first.
    assert writer.frames[-1] == "000000" + "3f0000" + "000000" * 6


def test_neopixel_current_limit_as_the_firmware_driver(monkeypatch):
    # The numbers of tests/firmware/test_driver_neopixel.py: 8 x 8 all white under 500 mA is
    # 28 per channel, drawing 485 mA; one white pixel (124 mA) is left at 255.
    import neopixel

    writer = FakeWriter()
    monkeypatch.setattr(neopixel, "neopixel_write", writer)
    dev = direct.open_direct(neo_config(width=8, height=8, brightness=15, max_current_ma=500))
    c = dev.display
    c.fill(c.rgb(255, 255, 255))
    c.show()
    assert set(bytes.fromhex(writer.frames[-1])) == {28} and c.current_ma == 485
    c.fill(0)
    c.pixel(3, 3, c.rgb(255, 255, 255))
    c.show()
    assert max(bytes.fromhex(writer.frames[-1])) == 255 and c.current_ma == 124


class FakePin:
    def __init__(self):
        self.value = True  # pulled up: released


def test_buttons_debounce_short_and_long():
    now = [0]
    got = []
    nxt, menu = FakePin(), FakePin()
    b = wired_buttons({"next": nxt, "menu": menu}, got.append, debounce_ms=20, long_press_ms=600, clock=lambda: now[0])

    def at(t, level=None, pin=nxt):
        now[0] = t
        if level is not None:
            pin.value = level
        b.poll()

    at(0, False)  # the pin reads pressed once
    at(5, True)  # bounce: not read twice, no edge
    at(8, False)  # pressed again
    assert got == []
    at(20)  # read pressed a second time: the edge, sent now
    assert got == [("button", "next", "down")]
    at(28)  # the bounce time after the edge: nothing more
    assert got == [("button", "next", "down")]
    at(300, True)
    at(320)  # released, read twice: held 320 - 20 = 300 < 600
    assert got[-1] == ("button", "next", "short")
    at(400, False, menu)
    at(420, None, menu)  # menu down at 420
    at(1000, True, menu)
    at(1020, None, menu)  # up at 1020: held 600 >= 600: long
    assert got[1:] == [("button", "next", "short"), ("button", "menu", "down"), ("button", "menu", "long")]


def test_blinka_buttons_at_rest_send_nothing():
    # The agnostic board's Dx_INPUT_TRUE* pins read high: released, for ever.
    dev = direct.open_direct(max_config(8, 8), spi=RecordingSPI())
    assert dev.poll() == [] and dev.poll() == []


def test_unknown_pins_and_screens_are_named():
    with pytest.raises(ValueError, match="buttons.next: this board has no pin 'D99'"):
        cfg = max_config(8, 8)
        cfg["buttons"]["next"] = "D99"
        direct.open_direct(cfg, spi=RecordingSPI())
    dev = direct.open_direct(max_config(8, 8), spi=RecordingSPI())
    with pytest.raises(ValueError, match="no screen 'nope'"):
        dev.draw("nope")


@pytest.mark.parametrize(
    "change, message",
    [
        # The firmware's own validator (firmware/board_check.py) checks a --direct board file.
        (lambda c: c["display"].update(width=12), "display.width: MAX7219 modules are 8 x 8: width and height must be multiples of 8, not 12x8"),
        (lambda c: c["display"].update(kind="lcd"), "display.kind: must be one of max7219, neopixel"),
        (lambda c: c["display"].update(kind="ht16k33"), "display.kind: must be one of max7219, neopixel, not 'ht16k33'"),
        (lambda c: c["display"].update(pin="D1"), "display.pin: unknown field"),
        (lambda c: c["display"].update(cs=5), "display.cs: must be a pin name of Blinka's board module"),
        (lambda c: c["display"]["spi"].update(id=0), "display.spi.id: not on mcu linux: Blinka finds the bus from its pins"),
        (lambda c: c["buttons"].pop("menu"), "buttons.menu: missing: every board needs next and menu"),
        (lambda c: c["buttons"].update(p7="D3"), "buttons.p7: unknown button"),
        (lambda c: c["buttons"].update(p1="Dx_OUTPUT"), "display.cs: pin 'Dx_OUTPUT' is already used by buttons.p1"),
        (lambda c: c.update(long_press_ms=5), "long_press_ms: must be a whole number 100..5000"),
        (lambda c: c.update(scanner={"kind": "barcode"}), "scanner: must be null on mcu linux"),
        (lambda c: c.update(mcu="rp2040"), "buttons.menu: must be a GPIO number this board has free"),
        (lambda c: c.update(colour=True), "colour: unknown field"),
    ],
)
def test_config_errors_name_the_field(change, message):
    cfg = max_config()
    change(cfg)
    with pytest.raises(ValueError, match=message):
        board_file.validate(cfg)


def test_a_microcontroller_board_file_is_refused():
    from boardlight.firmware import boards_dir

    with pytest.raises(ValueError, match="pico.json: mcu: --direct drives a matrix wired to this computer: "
                                         "its board file has \"mcu\": \"linux\", not 'rp2040'"):
        board_file.load(boards_dir() / "pico.json")


def test_config_file_errors_name_the_file(tmp_path):
    path = tmp_path / "wiring.json"
    path.write_text("{oops")
    with pytest.raises(ValueError, match="wiring.json:1: not valid JSON"):
        board_file.load(path)
    path.write_text(json.dumps(neo_config(order="GRX")))
    with pytest.raises(ValueError, match="wiring.json: display.order"):
        board_file.load(path)
    path.write_text(json.dumps(neo_config()))
    assert board_file.load(path)["display"] == {
        "kind": "neopixel", "width": 4, "height": 2, "pin": "NEOPIXEL", "wiring": "rows-serpentine",
        "order": "GRB", "brightness_cap": 255, "max_current_ma": 500, "colour": True, "brightness": 8,
    }


def test_two_names_for_one_pin_are_refused():
    # On the agnostic board CS and NEOPIXEL are both pin D6 (on a Pi, SCK and D11 are one pin).
    cfg = neo_config()
    cfg["buttons"]["p1"] = "CS"
    with pytest.raises(ValueError, match="display.pin: pin 'NEOPIXEL' is 'CS' \\(buttons.p1\\) under another name"):
        direct.open_direct(cfg)


def test_canvas_matches_framebuf_layout():
    # MONO_HLSB: pixel (x, y) is bit 7 - x % 8 of byte y * ceil(w / 8) + x // 8.
    c = Canvas(10, 2)
    c.pixel(0, 0, 1)
    c.pixel(9, 1, 1)
    assert c.buffer.hex() == "8000" + "0040"
    c.rect(0, 0, 10, 2, 1)
    assert c.rows() == ["#" * 10, "#" * 10]
    # RGB565 little-endian: red 0xF800 -> bytes 00 f8.
    k = Canvas(2, 1, colour=True)
    k.pixel(1, 0, k.rgb(255, 0, 0))
    assert k.buffer.hex() == "0000" + "00f8"
    assert k.rgb888(1, 0) == (255, 0, 0)
    assert k.pixel(5, 5) is None  # off the canvas: clipped, as framebuf


def decode_chain(transactions, width=32):
    """The frame a 32 x 8 chain shows after these show() transactions, by the mapping
    worked out in test_max7219_frame_bytes_for_known_pixels: digit d is row d - 1, the
    k-th pair of a frame is columns 8k .. 8k + 7, bit 0x80 >> c is column 8k + c."""
    rows = [["."] * width for _ in range(8)]
    chips = width // 8
    for tx in transactions[-8:]:
        data = bytes.fromhex(tx)
        for k in range(chips):
            reg, bits = data[2 * k], data[2 * k + 1]
            assert 1 <= reg <= 8, "not a digit register: %r" % tx
            for c in range(8):
                if bits & (0x80 >> c):
                    rows[reg - 1][8 * k + c] = "#"
    return ["".join(r) for r in rows]


def test_standalone_dealer_runs_on_the_direct_matrix():
    from boardcore.fits.deck import deal_round
    from boardcore.rng import Random
    from boardlight.direct.run import DirectDealer

    now = [0]
    nxt, menu = FakePin(), FakePin()
    spi = RecordingSPI()
    cfg = max_config()
    dev = direct.open_direct(cfg, spi=spi, clock=lambda: now[0])
    dev.buttons = wired_buttons({"next": nxt, "menu": menu}, dev._events.append, 20, 600, lambda: now[0])
    dealer = DirectDealer(dev, seed=5, players=2, scroll_ms=80, clock=lambda: now[0])
    # "FITS 2P" is 7 x 6 - 1 = 41 px wide > 32: it scrolls, one step per 80 ms.
    assert dealer.scroller is not None and dealer.scroller.moving
    first = list(dev.display.rows())
    now[0] = 80
    dealer.tick()
    assert dev.display.rows() != first  # moved on by one step
    # Press and release "next": the dealer shows player 1's start card of round 1.
    spi.transactions.clear()
    for t, level in ((100, False), (125, None), (200, True), (225, None)):
        now[0] = t
        if level is not None:
            nxt.value = level
        dealer.tick()
    assert dealer.scroller is None
    starts, _ = deal_round(Random(5), 2)  # the standalone dealer's game 0 uses Random(seed)
    expect = Canvas(32, 8)
    # Round 1 on board 1: the dealer's cards say both, as a host's do ("R1B1").
    dealer.device.screens.fits_card(expect, starts[0], True, 1, 1, 1)
    assert dev.display.rows() == expect.rows()
    assert decode_chain(spi.transactions) == expect.rows()
    # The start card is drawn inverted: its left 8 x 8 square is mostly lit.
    assert sum(r[:8].count("#") for r in expect.rows()) > 32


def test_direct_link_speaks_the_device_link_interface():
    from boardlight.direct.link import DirectLink

    now = [0]
    nxt, menu = FakePin(), FakePin()
    spi = RecordingSPI()
    dev = direct.open_direct(max_config(), spi=spi)
    dev.buttons = wired_buttons({"next": nxt, "menu": menu}, dev._events.append, 20, 600, lambda: now[0])
    got = []
    link = DirectLink(dev, on_event=got.append, clock=lambda: now[0])
    assert link.wait_connected()["display"] == {"w": 32, "h": 8}
    spi.transactions.clear()
    link.show("fits_card", tile="O4")
    expect = Canvas(32, 8)
    dev.screens.fits_card(expect, "O4", False, None, None)
    assert decode_chain(spi.transactions) == expect.rows()
    # "HELLO WORLD" is 11 x 6 - 1 = 65 px > 32: it scrolls one step per 80 ms.
    link.show("message", text="HELLO WORLD")
    first = dev.display.rows()
    now[0] = 40
    link.poll_once()
    assert dev.display.rows() == first  # not due yet
    now[0] = 80
    link.poll_once()
    assert dev.display.rows() != first
    link.show("forbes_stone", stone="X")  # a new picture stops the text
    stone = dev.display.rows()
    now[0] = 400
    link.poll_once()
    assert dev.display.rows() == stone
    for t, level in ((500, False), (520, None), (600, True), (620, None)):
        now[0] = t
        if level is not None:
            nxt.value = level
        link.poll_once()
    assert got == [("button", "next", "down"), ("button", "next", "short")]
    assert link.next_event(0) == ("button", "next", "down")
    assert link.next_event(0) == ("button", "next", "short")
    assert link.next_event(0) is None
    link.start()
    link.close()  # the thread stops and the matrix is blanked
    assert decode_chain(spi.transactions) == ["." * 32] * 8
