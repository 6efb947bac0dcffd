"""The checks behind board_config.validate(): every field of a board file, with the error
naming the field. Imported only while a file is checked (see board_config.py), and it
imports nothing of the firmware's, so board_config can import it without a cycle.

A board is a microcontroller (rp2040, esp32s3: pins are GPIO numbers), the virtual board
(unix: buttons are keys), or a Linux computer driving the matrix itself through Blinka
(linux, `boardlight direct`: pins are names of Blinka's `board` module, "D17").
"""


class Invalid(Exception):
    """A wrong field. board_config.validate() turns it into its own BoardConfigError: this
    module is imported afresh for each check, and the host may load board_config by path
    (deploy), so the class the caller catches has to come from the caller's module."""

    def __init__(self, field, problem):
        super().__init__(field, problem)
        self.field = field
        self.problem = problem


MCUS = ("rp2040", "esp32s3", "unix", "linux")
KINDS = ("max7219", "ht16k33", "neopixel", "ssd1306", "virtual")
LINUX_KINDS = ("max7219", "neopixel")  # the displays --direct drives through Blinka
BUTTON_NAMES = ("next", "menu", "p1", "p2", "p3", "p4", "p5", "p6")
WIRINGS = ("rows", "rows-serpentine", "columns", "columns-serpentine")
ORDERS = ("GRB", "RGB", "RBG", "GBR", "BRG", "BGR")  # a NeoPixel's bytes on the wire
ROTATIONS = (0, 90, 180, 270)
BUS_PINS = {"spi": ("sck", "mosi", "miso"), "i2c": ("sda", "scl"), "uart": ("tx", "rx")}

# GPIOs a board file may use. Pico / Pico W: GP0..GP22 and GP26..GP28 reach the header
# (GP23..25 and GP29 drive the power supply, LED/wireless chip and VSYS sense).
# ESP32-S3 dev boards: 19/20 are the USB port, 26..37 the flash and octal PSRAM, 43/44 the
# UART0 console, 0/45/46 strapping pins; the rest are free.
PINS = {
    "rp2040": tuple(range(0, 23)) + (26, 27, 28),
    "esp32s3": tuple(range(1, 19)) + (21, 38, 39, 40, 41, 42, 47, 48),
}

# Bus ids MicroPython offers for each port (esp32s3: UART0 is the REPL; SPI(1) and SPI(2)).
BUS_IDS = {
    "rp2040": {"spi": (0, 1), "i2c": (0, 1), "uart": (0, 1)},
    "esp32s3": {"spi": (1, 2), "i2c": (0, 1), "uart": (1, 2)},
}

# RP2040 hardware peripherals sit on fixed pins (datasheet 1.4.3, GPIO functions).
# The ESP32-S3 routes any GPIO to any peripheral, so it has no table.
RP2040_FUNCTIONS = {
    ("spi", 0, "sck"): (2, 6, 18, 22),
    ("spi", 0, "mosi"): (3, 7, 19),
    ("spi", 0, "miso"): (0, 4, 16, 20),
    ("spi", 1, "sck"): (10, 14, 26),
    ("spi", 1, "mosi"): (11, 15, 27),
    ("spi", 1, "miso"): (8, 12, 28),
    ("i2c", 0, "sda"): (0, 4, 8, 12, 16, 20, 28),
    ("i2c", 0, "scl"): (1, 5, 9, 13, 17, 21),
    ("i2c", 1, "sda"): (2, 6, 10, 14, 18, 26),
    ("i2c", 1, "scl"): (3, 7, 11, 15, 19, 27),
    ("uart", 0, "tx"): (0, 12, 16, 28),
    ("uart", 0, "rx"): (1, 13, 17),
    ("uart", 1, "tx"): (4, 8, 20),
    ("uart", 1, "rx"): (5, 9, 21),
}

BUS_DEFAULTS = {"spi": ("baudrate", 10000000), "i2c": ("freq", 400000), "uart": ("baudrate", 9600)}


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _int(obj, key, field, lo, hi, default=None):
    v = obj.get(key, default)
    if v is None:
        raise Invalid(field + key, "missing (a whole number %d..%d)" % (lo, hi))
    if not _is_int(v) or not lo <= v <= hi:
        raise Invalid(field + key, "must be a whole number %d..%d, not %r" % (lo, hi, v))
    return v


def _choice(obj, key, field, choices, default=None):
    v = obj.get(key, default)
    if v not in choices:
        raise Invalid(field + key, "must be one of %s, not %r" % (", ".join(str(c) for c in choices), v))
    return v


def _text(obj, key, field):
    v = obj.get(key)
    if not isinstance(v, str) or not v:
        raise Invalid(field + key, "missing (a non-empty string)")
    return v


def _object(obj, key, field):
    v = obj.get(key)
    if not isinstance(v, dict):
        raise Invalid(field + key, "missing (an object)")
    return v


def _known(obj, field, keys):
    for key in sorted(obj):
        if key not in keys and not key.startswith("_"):
            raise Invalid(field + key, "unknown field (expected one of %s)" % ", ".join(keys))


class _Pins:
    """Collects every pin a config uses; a pin may serve only one job (a bus may be shared)."""

    def __init__(self, mcu):
        self.mcu = mcu
        self.used = {}  # pin -> (field, owner): owner is the bus ("spi0") or the field itself
        self.buses = {}  # "spi0" -> {role: pin}

    def pin(self, obj, key, field, owner=None):
        v = obj.get(key)
        name = field + key
        if self.mcu == "linux":
            if not _is_pin_name(v):
                raise Invalid(name, "must be a pin name of Blinka's board module, such as \"D17\", not %r" % (v,))
        else:
            allowed = PINS[self.mcu]
            if not _is_int(v) or v not in allowed:
                raise Invalid(name, "must be a GPIO number this board has free (%s), not %r"
                                       % (_ranges(allowed), v))
        owner = owner or name
        if v in self.used and self.used[v][1] != owner:
            raise Invalid(name, "%s is already used by %s" % (_pin_label(v), self.used[v][0]))
        self.used.setdefault(v, (name, owner))
        return v

    def bus(self, obj, key, field, kind, roles):
        """A bus object {"id", pins..., speed}; two devices on one bus id must agree on its pins.
        On linux a bus is its pins alone: Blinka finds the bus from them, the driver sets the speed."""
        bus = _object(obj, key, field)
        field = field + key + "."
        if self.mcu == "linux":
            if "id" in bus:
                raise Invalid(field + "id", "not on mcu linux: Blinka finds the bus from its pins")
            _known(bus, field, BUS_PINS[kind])
            out = {}
            owner = kind
        else:
            speed_key, speed_default = BUS_DEFAULTS[kind]
            _known(bus, field, ("id",) + BUS_PINS[kind] + (speed_key,))
            bus_id = _choice(bus, "id", field, BUS_IDS[self.mcu][kind])
            out = {"id": bus_id, speed_key: _int(bus, speed_key, field, 1, 80000000, speed_default)}
            owner = "%s%d" % (kind, bus_id)
        shared = self.buses.setdefault(owner, {})
        for role in roles:
            if self.mcu == "rp2040":
                fixed = RP2040_FUNCTIONS[(kind, bus_id, role)]
                v = bus.get(role)
                if _is_int(v) and v in PINS["rp2040"] and v not in fixed:
                    raise Invalid(field + role, "pin %d cannot be %s%d %s on rp2040 (use %s)"
                                           % (v, kind.upper(), bus_id, role.upper(),
                                              ", ".join(str(p) for p in fixed)))
            pin = self.pin(bus, role, field, owner)
            if shared.get(role, pin) != pin:
                raise Invalid(field + role, "%s %s is %s elsewhere in this file"
                                       % (owner.upper(), role.upper(), _pin_label(shared[role])))
            shared[role] = pin
            out[role] = pin
        for role in BUS_PINS[kind]:
            if role in bus and role not in roles:
                out[role] = self.pin(bus, role, field, owner)
        return out


def _is_pin_name(v):
    # "D17", "SCK", "Dx_INPUT_TRUE": an attribute name of Blinka's board module.
    if not isinstance(v, str) or not v or v[0].isdigit():
        return False
    for ch in v:
        if not (ch.isalpha() or ch.isdigit() or ch == "_"):
            return False
    return True


def _pin_label(v):
    return "pin %r" % v if isinstance(v, str) else "GPIO %d" % v


def _ranges(values):
    """(0, 1, 2, 5) -> "0-2, 5": the allowed pins, short enough for an error message."""
    parts = []
    start = prev = values[0]
    for v in values[1:] + (None,):
        if v is not None and v == prev + 1:
            prev = v
            continue
        parts.append(str(start) if start == prev else "%d-%d" % (start, prev))
        start = prev = v
    return ", ".join(parts)


def _display(raw, pins):
    field = "display."
    d = _object(raw, "display", "")
    kind = _choice(d, "kind", field, LINUX_KINDS if pins and pins.mcu == "linux" else KINDS)
    virtual = kind == "virtual"
    if virtual != (pins is None):
        raise Invalid("display.kind", "%r needs mcu %s" % (kind, "unix" if virtual else "rp2040, esp32s3 or linux"))
    out = {"kind": kind}
    common = ("kind", "width", "height", "colour", "brightness")
    if kind == "virtual":
        _known(d, field, common)
        out["width"] = _int(d, "width", field, 1, 256)
        out["height"] = _int(d, "height", field, 1, 256)
        colour = d.get("colour", False)
        if not isinstance(colour, bool):
            raise Invalid(field + "colour", "must be true or false, not %r" % (colour,))
        out["colour"] = colour
    elif kind == "max7219":
        _known(d, field, common + ("spi", "cs", "rotation", "max_brightness"))
        out["width"] = w = _int(d, "width", field, 8, 64)
        out["height"] = h = _int(d, "height", field, 8, 64)
        if w % 8 or h % 8:
            raise Invalid(field + "width", "MAX7219 modules are 8 x 8: width and height must be multiples of 8, not %dx%d" % (w, h))
        n = (w // 8) * (h // 8)
        if n > 8:
            raise Invalid("display", "%dx%d needs %d MAX7219 modules: at most 8 in one chain" % (w, h, n))
        rot = d.get("rotation", 0)
        rots = rot if isinstance(rot, list) else [rot]
        if isinstance(rot, list) and len(rot) != n:
            raise Invalid(field + "rotation", "%d values for %d modules" % (len(rot), n))
        for r in rots:
            if r not in ROTATIONS:
                raise Invalid(field + "rotation", "must be 0, 90, 180 or 270 (or a list, one per module), not %r" % (r,))
        out["rotation"] = rot
        out["spi"] = pins.bus(d, "spi", field, "spi", ("sck", "mosi"))
        out["cs"] = pins.pin(d, "cs", field)
    elif kind == "ht16k33":
        _known(d, field, common + ("i2c", "address", "max_brightness"))
        out["width"] = _choice(d, "width", field, (8, 16))
        out["height"] = _choice(d, "height", field, (8,))
        out["i2c"] = pins.bus(d, "i2c", field, "i2c", ("sda", "scl"))
        out["address"] = _int(d, "address", field, 0x70, 0x77, 0x70)
    elif kind == "ssd1306":
        _known(d, field, common + ("i2c", "address"))
        out["width"] = _choice(d, "width", field, (128,))
        out["height"] = _choice(d, "height", field, (32, 64))
        out["i2c"] = pins.bus(d, "i2c", field, "i2c", ("sda", "scl"))
        out["address"] = _choice(d, "address", field, (0x3C, 0x3D), 0x3C)
    else:  # neopixel
        _known(d, field, common + ("pin", "wiring", "order", "brightness_cap", "max_current_ma"))
        out["width"] = w = _int(d, "width", field, 1, 64)
        out["height"] = h = _int(d, "height", field, 1, 64)
        out["pin"] = pins.pin(d, "pin", field)
        out["wiring"] = _choice(d, "wiring", field, WIRINGS)
        out["order"] = _choice(d, "order", field, ORDERS, "GRB")
        out["brightness_cap"] = _int(d, "brightness_cap", field, 1, 255, 255)
        # Idle draw is 1 mA per pixel, so the limit must leave room above that.
        out["max_current_ma"] = _int(d, "max_current_ma", field, w * h + 1, 20000, 500)
    if kind != "virtual":
        colour = d.get("colour", kind == "neopixel")
        if colour != (kind == "neopixel"):
            raise Invalid(field + "colour", "a %s display is %s" % (kind, "colour" if kind == "neopixel" else "monochrome"))
        out["colour"] = colour
    out["brightness"] = _int(d, "brightness", field, 0, 15, 8)
    if kind in ("max7219", "ht16k33"):
        # These have no current limit of their own: a cap on the brightness is theirs.
        out["max_brightness"] = _int(d, "max_brightness", field, 0, 15, 15)
    return out


def _buttons(raw, pins):
    b = raw.get("buttons")
    if not isinstance(b, dict):
        raise Invalid("buttons", "missing (an object NAME: GPIO)")
    out = {}
    for name in sorted(b):
        if name.startswith("_"):
            continue
        if name not in BUTTON_NAMES:
            raise Invalid("buttons." + name, "unknown button name (use %s)" % ", ".join(BUTTON_NAMES))
        # The virtual board has no GPIOs: its buttons map to keys, whatever the bridge uses.
        out[name] = b[name] if pins is None else pins.pin(b, name, "buttons.")
    for name in ("next", "menu"):
        if name not in out:
            raise Invalid("buttons." + name, "missing: every board needs next and menu")
    return out


def _scanner(raw, pins):
    s = raw.get("scanner")
    field = "scanner."
    if s is None or s is False:
        return None
    if pins is None:  # virtual: codes are typed into the bridge
        if s is True or (isinstance(s, dict) and s.get("kind") == "virtual"):
            return {"kind": "virtual"}
        raise Invalid("scanner", "the virtual board's scanner is true or {\"kind\": \"virtual\"}")
    if pins.mcu == "linux":
        raise Invalid("scanner", "must be null on mcu linux: --direct reads no scanner")
    if not isinstance(s, dict):
        raise Invalid("scanner", "must be null or an object with a kind")
    kind = _choice(s, "kind", field, ("mfrc522", "barcode"))
    if kind == "mfrc522":
        _known(s, field, ("kind", "spi", "cs", "rst"))
        out = {"kind": kind, "spi": pins.bus(s, "spi", field, "spi", ("sck", "mosi", "miso"))}
        out["cs"] = pins.pin(s, "cs", field)
        out["rst"] = pins.pin(s, "rst", field)
        return out
    _known(s, field, ("kind", "uart"))
    return {"kind": kind, "uart": pins.bus(s, "uart", field, "uart", ("tx", "rx"))}


def validate(raw):
    """A checked copy of a parsed board file with every default filled in."""
    if not isinstance(raw, dict):
        raise Invalid("(file)", "a board file is a JSON object")
    _known(raw, "", ("name", "board", "mcu", "display", "buttons", "debounce_ms", "long_press_ms", "scanner"))
    out = {"name": _text(raw, "name", ""), "board": _text(raw, "board", "")}
    mcu = out["mcu"] = _choice(raw, "mcu", "", MCUS)
    pins = None if mcu == "unix" else _Pins(mcu)
    # Buttons before the display and scanner: a clash is then reported on the bus or chip
    # select that came second, which is where the fix usually goes.
    out["buttons"] = _buttons(raw, pins)
    out["display"] = _display(raw, pins)
    out["scanner"] = _scanner(raw, pins)
    out["debounce_ms"] = _int(raw, "debounce_ms", "", 1, 200, 20)
    out["long_press_ms"] = _int(raw, "long_press_ms", "", 100, 5000, 600)
    return out


