"""Builds a real board's hardware from its checked board configuration (board_config.py).

`build(board)` returns (display, attach) like sim/setup.py's build does for the virtual board:
the display is ready to draw on, and `attach(emit)` hands the input drivers the app's event
callback and returns their task makers (each call makes the coroutine anew, so the app can
start a task again if it fails) for the app to run as asyncio tasks.

The display is the device: one that does not answer stops the boot with a message that
names it. The scanner is optional: one that does not answer is left out, and
board["faults"] gets (part, short code, message) for the app to show and to tell the host.
"""

import machine


class _Buses:
    """One machine.SPI / I2C / UART per bus id, so a display and a scanner can share one."""

    def __init__(self):
        self.made = {}

    def get(self, kind, bus):
        key = (kind, bus["id"])
        if key not in self.made:
            Pin = machine.Pin
            if kind == "spi":
                miso = Pin(bus["miso"]) if "miso" in bus else None
                obj = machine.SPI(bus["id"], baudrate=bus["baudrate"], polarity=0, phase=0,
                                  sck=Pin(bus["sck"]), mosi=Pin(bus["mosi"]), miso=miso)
            elif kind == "i2c":
                obj = machine.I2C(bus["id"], sda=Pin(bus["sda"]), scl=Pin(bus["scl"]), freq=bus["freq"])
            else:
                obj = machine.UART(bus["id"], baudrate=bus["baudrate"], tx=Pin(bus["tx"]), rx=Pin(bus["rx"]))
            self.made[key] = obj
        return self.made[key]


def build_display(d, buses):
    kind = d["kind"]
    Pin = machine.Pin
    if kind == "max7219":
        from drivers.max7219 import MAX7219

        return MAX7219(buses.get("spi", d["spi"]), Pin(d["cs"]), d["width"], d["height"],
                       d["rotation"], d["brightness"], d["max_brightness"])
    if kind == "ht16k33":
        from drivers.ht16k33 import HT16K33

        return HT16K33(buses.get("i2c", d["i2c"]), d["address"], d["width"], d["height"],
                       d["brightness"], d["max_brightness"])
    if kind == "ssd1306":
        from drivers.oled import OLED

        return OLED(buses.get("i2c", d["i2c"]), d["width"], d["height"], d["address"], level=d["brightness"])
    if kind == "neopixel":
        from drivers.neopixel_matrix import NeoPixelMatrix

        return NeoPixelMatrix(Pin(d["pin"]), d["width"], d["height"], d["wiring"],
                              d["brightness_cap"], d["max_current_ma"], d["brightness"], d["order"])
    raise ValueError("display.kind: hw_setup cannot build %r" % (kind,))


def build_scanner(s, buses):
    if not s:
        return None
    if s["kind"] == "mfrc522":
        from drivers.mfrc522 import MFRC522

        return MFRC522(buses.get("spi", s["spi"]), machine.Pin(s["cs"]), machine.Pin(s["rst"]))
    from drivers.barcode import BarcodeReader

    return BarcodeReader(buses.get("uart", s["uart"]), None)


def build(board):
    """(display, attach) for a board configuration from board_config.load()."""
    if board["mcu"] == "linux":
        raise ValueError("mcu: a linux board file is for `boardlight direct` on that computer, not for a microcontroller")
    from drivers.buttons import Buttons

    buses = _Buses()
    try:
        display = build_display(board["display"], buses)
    except OSError as e:
        from hw.errors import no_answer  # only when it fails: no heap for it otherwise

        raise no_answer("display", board["display"], e)
    try:
        scanner = build_scanner(board.get("scanner"), buses)
    except OSError as e:
        from hw.errors import no_answer

        scanner = None
        board["faults"] = [("scanner", "SCAN", str(no_answer("scanner", board["scanner"], e)))]
    Pin = machine.Pin
    pins = {}
    for name in board["buttons"]:
        pins[name] = Pin(board["buttons"][name], Pin.IN, Pin.PULL_UP)

    def attach(emit):
        buttons = Buttons(pins, emit, board["debounce_ms"], board["long_press_ms"])
        tasks = [buttons.run]
        if scanner is not None:
            scanner.emit = emit
            tasks.append(scanner.run)
        return tasks

    return display, attach
