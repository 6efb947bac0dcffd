"""The screens a host can show on the device: one table that both ends read.

A screen kind is the name of a draw function of the firmware (firmware/screens/__init__.py)
and its payload keys are that function's own arguments. So the frame
`fits_card {"tile":"L3","round_no":2}`, the host's `link.show("fits_card", tile="L3",
round_no=2)` and the firmware's `screens.draw("fits_card", canvas, tile="L3", round_no=2)`
use the same names. A key left out, or null, takes the draw function's default.

check() holds a payload against the table (known keys, JSON types, required keys) and
names the key that is wrong; the draw function then checks the values themselves (a tile
id, a round 1..4, a die value). docs/protocol.md lists the table for readers.
"""

from boardcore.protocol.codec import PICTURE_TYPES

# One line per kind: the kind, then its keys in the draw function's argument order, each
# as name:type, with "!" after a required one. Types: str, bool, int (a whole number),
# [int] and [str] (lists of them). A string, not tuples: on the device a table of tuples
# takes kilobytes of heap, this string a few hundred bytes.
SCREENS = """
fits_card tile:str! start:bool round_no:int player:int board_no:int
zatre_tiles tiles:[int]! hint:[int]
forbes_hand cards:str! player:int
forbes_stone stone:str!
fits_hint tile:str! orientation:int column:int
zatre_hint tiles:[int]! rows:[int]! cols:[int]!
forbes_hint stone:str! row:int! col:int! board:str
message text:str! colour:[int] loop:bool
scores scores:[int]! names:[str] loop:bool
clear
"""

KINDS = tuple(line.split()[0] for line in SCREENS.split("\n") if line)

# Every data frame a host sends: the screens, and three frames that draw none.
HOST_DATA_TYPES = KINDS + PICTURE_TYPES

def _spec(kind: str) -> str:
    # The table's line for `kind` after its name (" tile:str! start:bool ..."); ValueError
    # for a kind that is not in the table. One slice, no split: check() runs on every
    # frame a device takes.
    start = 0
    while True:
        i = SCREENS.find(kind, start)
        if i < 0:
            raise ValueError("no screen %r (screens: %s)" % (kind, ", ".join(KINDS)))
        j = i + len(kind)
        if SCREENS[i - 1] == "\n" and SCREENS[j] in " \n":
            return SCREENS[j : SCREENS.find("\n", j)]
        start = j


def keys(kind: str) -> list:
    """[(key, type, required), ...] of screen `kind`, in argument order; ValueError for a
    kind that is not in the table."""
    out = []
    for word in _spec(kind).split():
        name, t = word.split(":")
        required = t[-1] == "!"
        out.append((name, t[:-1] if required else t, required))
    return out


def _type_name(t: str) -> str:
    if t == "str":
        return "a string"
    if t == "bool":
        return "true or false"
    if t == "int":
        return "a whole number"
    return "a list of whole numbers" if t == "[int]" else "a list of strings"


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _has_type(value, t: str) -> bool:
    if t == "str":
        return isinstance(value, str)
    if t == "bool":
        return isinstance(value, bool)
    if t == "int":
        return _is_int(value)
    if not isinstance(value, list) and not isinstance(value, tuple):
        return False
    for item in value:
        if not (_is_int(item) if t == "[int]" else isinstance(item, str)):
            return False
    return True


_TYPES = ("str", "bool", "int", "[int]", "[str]")


def _entry(spec: str, key):
    # (type, required) of `key` in a spec line, the type one of _TYPES (no new string),
    # or None when the line has no such key.
    if not isinstance(key, str):
        return None
    n = len(spec)
    pos = spec.find(" ")
    while 0 <= pos < n:
        pos += 1
        end = spec.find(" ", pos)
        if end < 0:
            end = n
        if pos + len(key) < end and spec.startswith(key, pos) and spec[pos + len(key)] == ":":
            t0 = pos + len(key) + 1
            required = spec[end - 1] == "!"
            for t in _TYPES:
                if end - required - t0 == len(t) and spec.startswith(t, t0):
                    return t, required
        pos = end
    return None


def check(kind: str, payload) -> dict:
    """The payload of screen `kind` as its draw function takes it: a new dict of the
    payload's keys without the null ones. ValueError naming the kind or the key that the
    table does not allow (the message leaves out the kind: callers put it in front)."""
    spec = _spec(kind)
    if payload is None:
        payload = {}
    elif not isinstance(payload, dict):
        raise ValueError("the payload must be an object of keys, not %r" % (payload,))
    out = {}
    required = 0
    for key in payload:
        entry = _entry(spec, key)
        if entry is None:
            raise ValueError("unknown key %r (keys: %s)" % (key, ", ".join(k[0] for k in keys(kind)) or "none"))
        value = payload[key]
        if value is None:
            continue
        if not _has_type(value, entry[0]):
            raise ValueError("%s must be %s, not %r" % (key, _type_name(entry[0]), value))
        out[key] = value
        required += entry[1]
    if required < spec.count("!"):
        for k in keys(kind):
            if k[2] and k[0] not in out:
                raise ValueError("%s is required" % k[0])
    return out
