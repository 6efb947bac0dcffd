"""The wiring of a matrix and buttons on a Linux board, for `--direct`: a JSON file.

    {
      "display": {"kind": "max7219", "width": 32, "height": 8, "cs": "D5", "rotation": 1},
      "buttons": {"next": "D17", "menu": "D27"},
      "long_ms": 600, "debounce_ms": 20
    }
or, for a NeoPixel panel:
      "display": {"kind": "neopixel", "width": 16, "height": 16, "pin": "D18",
                  "serpentine": true, "order": "GRB", "max_brightness": 25}

Pin names are those of Blinka's `board` module on that board (D5, D17, ... on a Raspberry
Pi: the BCM GPIO numbers). A MAX7219 chain uses the board's hardware SPI (SCK, MOSI) and
the given chip-select pin; its size is in whole 8 x 8 modules. "next" and "menu" buttons
are required; "p1".."p6" are optional player buttons. Every problem raises ValueError
naming the field, e.g. "display.width: must be a multiple of 8 for max7219, not 12".
"""

import json

KINDS = ("max7219", "neopixel")
BUTTON_NAMES = ("next", "menu", "p1", "p2", "p3", "p4", "p5", "p6")
REQUIRED_BUTTONS = ("next", "menu")
_DISPLAY_FIELDS = {
    "max7219": {"kind", "width", "height", "cs", "rotation"},
    "neopixel": {"kind", "width", "height", "pin", "serpentine", "order", "max_brightness"},
}


def _int(value, field, lo, hi):
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError("%s: must be a whole number %d..%d, not %r" % (field, lo, hi, value))
    return value


def _pin(value, field):
    if not isinstance(value, str) or not value or not value.replace("_", "").isalnum():
        raise ValueError("%s: must be a pin name such as \"D17\", not %r" % (field, value))
    return value


def validate(config):
    """Check a config dict; returns it with defaults filled in (a new dict)."""
    if not isinstance(config, dict):
        raise ValueError("the config must be a JSON object")
    unknown = sorted(set(config) - {"display", "buttons", "long_ms", "debounce_ms"})
    if unknown:
        raise ValueError("%s: unknown field (known: display, buttons, long_ms, debounce_ms)" % unknown[0])
    disp = config.get("display")
    if not isinstance(disp, dict):
        raise ValueError("display: missing, or not an object")
    kind = disp.get("kind")
    if kind not in KINDS:
        raise ValueError("display.kind: must be one of %s, not %r" % (", ".join(KINDS), kind))
    extra = sorted(set(disp) - _DISPLAY_FIELDS[kind])
    if extra:
        raise ValueError("display.%s: not a field of a %s display" % (extra[0], kind))
    out_disp = {"kind": kind}
    out_disp["width"] = _int(disp.get("width"), "display.width", 1, 256)
    out_disp["height"] = _int(disp.get("height"), "display.height", 1, 256)
    if kind == "max7219":
        for field in ("width", "height"):
            if out_disp[field] % 8:
                raise ValueError("display.%s: must be a multiple of 8 for max7219, not %d" % (field, out_disp[field]))
        out_disp["cs"] = _pin(disp.get("cs"), "display.cs")
        out_disp["rotation"] = _int(disp.get("rotation", 1), "display.rotation", 0, 3)
    else:
        out_disp["pin"] = _pin(disp.get("pin"), "display.pin")
        serp = disp.get("serpentine", True)
        if not isinstance(serp, bool):
            raise ValueError("display.serpentine: must be true or false, not %r" % (serp,))
        out_disp["serpentine"] = serp
        order = disp.get("order", "GRB")
        if not isinstance(order, str) or sorted(order) != ["B", "G", "R"]:
            raise ValueError("display.order: must be R, G and B in some order (e.g. \"GRB\"), not %r" % (order,))
        out_disp["order"] = order
        out_disp["max_brightness"] = _int(disp.get("max_brightness", 25), "display.max_brightness", 1, 100)
    buttons = config.get("buttons")
    if not isinstance(buttons, dict):
        raise ValueError("buttons: missing, or not an object of NAME -> pin")
    for name in sorted(buttons):
        if name not in BUTTON_NAMES:
            raise ValueError("buttons.%s: unknown button (known: %s)" % (name, ", ".join(BUTTON_NAMES)))
        _pin(buttons[name], "buttons." + name)
    for name in REQUIRED_BUTTONS:
        if name not in buttons:
            raise ValueError("buttons.%s: required (a minimal board has next and menu)" % name)
    pins = [buttons[n] for n in sorted(buttons)] + [out_disp.get("cs") or out_disp.get("pin")]
    for p in pins:
        if pins.count(p) > 1:
            users = ["buttons." + n for n in sorted(buttons) if buttons[n] == p]
            if p in (out_disp.get("cs"), out_disp.get("pin")):
                users.append("display")
            raise ValueError("%s: pin %s is wired to more than one thing (%s)" % (users[-1], p, ", ".join(users)))
    return {
        "display": out_disp,
        "buttons": dict(buttons),
        "long_ms": _int(config.get("long_ms", 600), "long_ms", 50, 10000),
        "debounce_ms": _int(config.get("debounce_ms", 20), "debounce_ms", 0, 500),
    }


def load(path):
    """Read and validate a config file; ValueError names the file and the field."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise ValueError("%s: cannot read (%s)" % (path, exc.strerror or exc)) from None
    except ValueError as exc:
        raise ValueError("%s: not valid JSON (%s)" % (path, exc)) from None
    try:
        return validate(data)
    except ValueError as exc:
        raise ValueError("%s: %s" % (path, exc)) from None
