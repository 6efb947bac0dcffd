"""Board configurations: load a JSON board file, check every field, fill in the defaults.

Runs on the device (it reads /board.json at boot) and on the host (deploy, `boardlight
direct`, and the wiring tables in hardware/ are generated from the same files), so it is
plain Python that both interpreters run. A problem raises BoardConfigError whose message
starts with the field's path, e.g.
"display.spi.sck: pin 5 cannot be SPI0 SCK on rp2040 (use 2, 6, 18, 22)".

The format (docs/building.md has the full table):
  name          short name, the file's stem ("pico")
  board         what it is, for people ("Raspberry Pi Pico / Pico W")
  mcu           "rp2040", "esp32s3", "unix" (the virtual board) or "linux" (a matrix wired
                to a Raspberry Pi or other Linux board, driven by `boardlight direct`
                through Blinka; its pins are Blinka pin names such as "D17")
  display       {"kind": "max7219" | "ht16k33" | "neopixel" | "ssd1306" | "virtual", "width",
                 "height", "colour", "brightness": 0..15 at start, the kind's bus and pins, and
                 its power cap: "max_brightness" (LED drivers) or "brightness_cap" and
                 "max_current_ma" (NeoPixels)}; linux drives max7219 and neopixel
  buttons       {NAME: GPIO}, NAME one of next, menu, p1..p6; next and menu are required
  debounce_ms, long_press_ms   button timing (defaults 20 and 600)
  scanner       null, {"kind": "mfrc522", "spi", "cs", "rst"} or {"kind": "barcode", "uart"}
Keys starting with "_" are comments and ignored.

The checks themselves live in board_check.py, imported for the check and then dropped from
sys.modules: on the device they are needed once at boot and would otherwise hold ~16 KB of heap.
board_check imports nothing from here, so the two modules form no import cycle.
"""

import json
import sys


class BoardConfigError(ValueError):
    def __init__(self, field, problem):
        super().__init__("%s: %s" % (field, problem))
        self.field = field
        self.problem = problem


def load(path, checked=None):
    """The checked configuration in the JSON file at `path` (a dict with defaults filled in).

    With `checked` (the device's CHECKED_FILE), the checked configuration is also kept in
    that file with the checksum of the text it came from and its own, and read from there
    while both match: the checker (board_check) is then not loaded at all, which keeps its
    names out of the device's table of interned names for good, and its 23 KB out of the
    heap at boot. A board file edited on the flash, or a checked file that is damaged, is
    checked again."""
    with open(path) as f:
        text = f.read()
    if checked:
        config = _read_checked(checked, stamp(text))
        if config is not None:
            return config
    config = loads(text, path)
    if checked:
        try:
            with open(checked, "w") as f:
                f.write(checked_text(text, config))
        except OSError:
            pass  # a flash that cannot be written: the next boot checks the file again
    return config


def stamp(text):
    """The checksum that ties a checked copy to the board file's text: crc32, 8 hex digits."""
    import binascii

    return "%08x" % (binascii.crc32(text.encode()) & 0xFFFFFFFF)


def checked_text(text, config):
    """What the checked file holds: a line with the stamp of the board file's `text` and
    the stamp of the JSON below it, then `config` (validate's result for `text`) as JSON."""
    body = json.dumps(config)
    return stamp(text) + " " + stamp(body) + "\n" + body + "\n"


def _read_checked(path, want):
    # The configuration kept in `path` if it was checked from a text with the stamp `want`
    # and its JSON is as it was written; None for no file, another board file, or a
    # checked file that is not whole or was changed.
    try:
        with open(path) as f:
            head = f.readline().split()
            body = f.read().rstrip("\n")
        if len(head) != 2 or head[0] != want or head[1] != stamp(body):
            return None
        config = json.loads(body)
    except (OSError, ValueError):
        return None
    return config if isinstance(config, dict) else None


def loads(text, source="board config"):
    try:
        raw = json.loads(text)
    except ValueError as e:
        raise BoardConfigError("(file)", "%s is not valid JSON: %s" % (source, e))
    return validate(raw)


def validate(raw):
    """A checked copy of a parsed board file with every default filled in (raises
    BoardConfigError naming the first field that is wrong; `raw` is never changed)."""
    import board_check

    try:
        return board_check.validate(raw)
    except board_check.Invalid as e:
        raise BoardConfigError(e.field, e.problem) from None
    finally:
        if sys.implementation.name == "micropython":
            del sys.modules["board_check"]


def required_packages(config):
    """micropython-lib packages (`mpremote mip install NAME`) this board needs on top of the
    firmware. `neopixel` is frozen into the official rp2 and esp32 builds, so only the OLED's
    `ssd1306` driver is listed."""
    return ["ssd1306"] if config["display"]["kind"] == "ssd1306" else []


def pin_uses(config):
    """(pin, what, field) for every pin the board uses, sorted by pin (a GPIO number, or a
    Blinka pin name on linux): the wiring table's rows."""
    from board_check import BUS_PINS

    rows = []
    d = config["display"]
    s = config.get("scanner")
    for obj, field in ((d, "display"), (s, "scanner")):
        if not obj:
            continue
        for kind in ("spi", "i2c", "uart"):
            bus = obj.get(kind)
            if bus:
                for role in BUS_PINS[kind]:
                    if role in bus:
                        rows.append((bus[role], "%s%s %s" % (kind.upper(), bus.get("id", ""), role.upper()),
                                     "%s.%s.%s" % (field, kind, role)))
        for key in ("cs", "rst", "pin"):
            if key in obj:
                rows.append((obj[key], key.upper(), "%s.%s" % (field, key)))
    if config["mcu"] != "unix":
        for name in sorted(config["buttons"]):
            rows.append((config["buttons"][name], "button " + name, "buttons." + name))
    rows.sort()
    # a bus shared by display and scanner appears once per device: keep one row per gpio+job
    out = []
    for row in rows:
        if not out or out[-1][:2] != row[:2]:
            out.append(row)
    return out
