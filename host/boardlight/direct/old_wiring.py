"""Old `--direct` wiring files, from before `--direct` read the firmware's board files: they are
recognised and refused, with how to convert each field.

An old file, and the same matrix as a board file (docs/building.md):

    {"display": {"kind": "max7219", "width": 32, "height": 8, "cs": "D5", "rotation": 1},
     "buttons": {"next": "D17", "menu": "D27"}, "long_ms": 600, "debounce_ms": 20}

    {"name": "my-pi", "board": "Raspberry Pi 4", "mcu": "linux",
     "display": {"kind": "max7219", "width": 32, "height": 8, "brightness": 15,
                 "spi": {"sck": "SCK", "mosi": "MOSI"}, "cs": "D5", "rotation": 0},
     "buttons": {"next": "D17", "menu": "D27"}, "long_press_ms": 600, "debounce_ms": 20}

The old rotation counted quarter turns of Adafruit's MAX7219 driver; a board file gives each
module's turn in degrees clockwise, the module at the far end of the chain on the left.
Measured on that driver: on one 8 x 8 module quarter turns 0, 1, 2, 3 are 270, 180, 90 and 0
degrees; on a chain 3 is 0, 1 (the old default) is the whole chain turned upside down, and 0
and 2 lost most of the picture. The old NeoPixel max_brightness (percent) scaled a channel by
(level + 1) * percent / 1600, which brightness_cap does as (level + 1) * cap / 4080.
"""

from typing import Any

# Fields only old files have; an old file also has none of "name", "board" and "mcu".
OLD_ONLY = ("long_ms",)
OLD_NEOPIXEL_ONLY = ("serpentine", "max_brightness")
SINGLE_MODULE_DEGREES = {0: 270, 1: 180, 2: 90, 3: 0}


class OldWiringFile(ValueError):
    """An old --direct wiring file; the message says how to convert it, one line per field."""


def is_old(raw: Any) -> bool:
    """True for a parsed old wiring file (or one half converted that still has old fields)."""
    if not isinstance(raw, dict):
        return False
    d = raw.get("display")
    d = d if isinstance(d, dict) else {}
    if any(k in raw for k in OLD_ONLY):
        return True
    if d.get("kind") == "neopixel" and any(k in d for k in OLD_NEOPIXEL_ONLY):
        return True
    new = any(k in raw for k in ("name", "board", "mcu"))
    return not new and (bool(d) or isinstance(raw.get("buttons"), dict))


def check(raw: Any, name: str = "wiring") -> None:
    """Raise OldWiringFile saying how to convert `raw` if it is an old wiring file (`name`
    is the file's stem, the board file's "name")."""
    if is_old(raw):
        raise OldWiringFile("\n".join(
            ["an old --direct wiring file: --direct now reads a firmware board file with \"mcu\": "
             "\"linux\" (docs/building.md; firmware/boards/raspberry-pi.json is one). "
             "Convert it field by field:"] + ["  " + line for line in conversion(raw, name)]))


def _json(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"%s"' % v
    return repr(v)


def conversion(raw: dict[str, Any], name: str = "wiring") -> list[str]:
    """One line per field of the old file `raw`: the old field and value -> the board file's."""
    lines = []
    missing = [k for k in ("name", "board", "mcu") if k not in raw]
    if missing:
        new = {"name": '"name": "%s"' % name, "board": '"board": "Raspberry Pi 4" (what it is, for people)',
               "mcu": '"mcu": "linux"'}
        lines.append("(new) " + ", ".join(new[k] for k in missing))
    if "long_ms" in raw:
        lines.append("long_ms %s -> \"long_press_ms\": %s" % (_json(raw["long_ms"]), _json(raw["long_ms"])))
    if "debounce_ms" in raw:
        lines.append("debounce_ms %s -> \"debounce_ms\": %s (unchanged)" % (_json(raw["debounce_ms"]), _json(raw["debounce_ms"])))
    d = raw.get("display")
    if isinstance(d, dict):
        if d.get("kind") == "max7219":
            lines += _max7219(d)
        elif d.get("kind") == "neopixel":
            lines += _neopixel(d)
        lines.append("(new) display.brightness: 0..15 at start, default 8 (old files started at 15)")
    if "buttons" in raw:
        lines.append("buttons -> \"buttons\" (unchanged: NAME: Blinka pin name)")
    return lines


def _max7219(d: dict[str, Any]) -> list[str]:
    lines = []
    if "cs" in d:
        lines.append("display.cs %s -> \"cs\": %s (unchanged), and (new) \"spi\": {\"sck\": \"SCK\", "
                     "\"mosi\": \"MOSI\"}, the pins of the hardware SPI it used" % (_json(d["cs"]), _json(d["cs"])))
    q = d.get("rotation", 1)
    old = "display.rotation %s (quarter turns%s)" % (_json(q), "" if "rotation" in d else ", the old default")
    if d.get("width") == 8 and d.get("height") == 8 and q in SINGLE_MODULE_DEGREES:
        lines.append("%s -> \"rotation\": %d (degrees clockwise)" % (old, SINGLE_MODULE_DEGREES[q]))
    elif q == 3:
        lines.append("%s -> \"rotation\": 0 (degrees clockwise)" % old)
    elif q == 1:
        lines.append("%s -> \"rotation\": 0 (degrees clockwise), and turn the panel round so that its "
                     "input end is on the right: a board file lays the chain's far end on the left, "
                     "old 1 laid it on the right" % old)
    else:
        lines.append("%s -> \"rotation\": 0, or a list of degrees clockwise, one per module "
                     "(old %s drew only part of a chain)" % (old, _json(q)))
    return lines


def _neopixel(d: dict[str, Any]) -> list[str]:
    lines = []
    if "pin" in d:
        lines.append("display.pin %s -> \"pin\": %s (unchanged)" % (_json(d["pin"]), _json(d["pin"])))
    serp = d.get("serpentine", True)
    lines.append("display.serpentine %s%s -> \"wiring\": \"%s\" (or \"columns\", \"columns-serpentine\")"
                 % (_json(serp), "" if "serpentine" in d else " (the old default)",
                    "rows-serpentine" if serp else "rows"))
    if "order" in d:
        lines.append("display.order %s -> \"order\": %s (unchanged)" % (_json(d["order"]), _json(d["order"])))
    pct = d.get("max_brightness", 25)
    cap = max(1, pct * 255 // 100) if isinstance(pct, int) and not isinstance(pct, bool) else 63
    lines.append("display.max_brightness %s (percent%s) -> \"brightness_cap\": %d (of 255); (new) "
                 "\"max_current_ma\", default 500, now also limits the panel's draw"
                 % (_json(pct), "" if "max_brightness" in d else ", the old default", cap))
    return lines
