"""The frames a device sends, field by field: one table that the host's link checks every
frame from the device against before it uses any of it.

    payload = check("btn", ["next", "down"], info)   # the checked payload
    check("btn", [None, "down"], info)               # FrameError: btn: item 1 must be ...

Host frames going the other way are checked by boardcore.protocol.screens. A frame is
taken whole or not at all: check() returns a new payload built from checked values only,
or raises FrameError naming the frame and the field (`display.w`, `item 1`) and what it
must be. Keys the table does not list are left out of the result (a newer firmware may
send more); a key it lists with the wrong type, or a required key missing, refuses the
frame. docs/protocol.md lists the same table for readers.
"""

from typing import Any, Optional, Protocol

from boardcore.protocol.codec import PROTOCOL_VERSION

# The button names a board can have (firmware/board_check.py BUTTON_NAMES).
BUTTON_NAMES = ("next", "menu", "p1", "p2", "p3", "p4", "p5", "p6")
# The display sizes the firmware's screens are drawn and checked on lie in these ranges
# (8 x 8, 16 x 16 and 32 x 8 matrices, the 128 x 32 and 128 x 64 OLEDs; docs/screens.md).
WIDTHS = (8, 128)
HEIGHTS = (8, 64)
ACTIONS = ("down", "short", "long")


# A device's checked info frame, or None before the handshake.
Info = Optional[dict[str, Any]]


class Spec(Protocol):
    """What each field of FRAMES is: check() returns the value, checked, or raises _Refused."""

    def check(self, value: Any, where: str, info: Info) -> Any: ...


class FrameError(ValueError):
    """A device frame the table refuses; the message names the frame and the field."""


class _Refused(Exception):
    def __init__(self, where: str, what: str, value: Any) -> None:
        super().__init__(where)
        self.where = where
        self.what = what
        self.value = value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


class Int:
    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi

    def check(self, value: Any, where: str, info: Info) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not self.lo <= value <= self.hi:
            raise _Refused(where, "a whole number %d..%d" % (self.lo, self.hi), value)
        return value


class Bool:
    def check(self, value: Any, where: str, info: Info) -> bool:
        if not isinstance(value, bool):
            raise _Refused(where, "true or false", value)
        return value


class Text:
    """A string of printable characters, 1 to `most` of them (0 to `most` if `empty`)."""

    def __init__(self, most: int, empty: bool = False) -> None:
        self.most = most
        self.empty = empty

    def check(self, value: Any, where: str, info: Info) -> str:
        if (not isinstance(value, str) or len(value) > self.most or (not value and not self.empty)
                or any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in value)):
            raise _Refused(where, "text of %d to %d printable characters" % (0 if self.empty else 1, self.most),
                           value)
        return value


class OneOf:
    def __init__(self, *values: str) -> None:
        self.values = values

    def check(self, value: Any, where: str, info: Info) -> str:
        if not isinstance(value, str) or value not in self.values:
            raise _Refused(where, "one of %s" % ", ".join(self.values), value)
        return value


class Button:
    """A button name; once the device's info is known, one of the buttons it said it has."""

    def check(self, value: Any, where: str, info: Info) -> str:
        names = info["buttons"] if info is not None else BUTTON_NAMES
        return OneOf(*names).check(value, where, info)


class ListOf:
    def __init__(self, item: Spec, most: int, unique: bool = False) -> None:
        self.item, self.most, self.unique = item, most, unique

    def check(self, value: Any, where: str, info: Info) -> list[Any]:
        if not isinstance(value, list) or len(value) > self.most:
            raise _Refused(where, "a list of at most %d" % self.most, value)
        out = [self.item.check(v, _join(where, "item %d" % (i + 1)), info) for i, v in enumerate(value)]
        if self.unique and len(set(out)) != len(out):
            raise _Refused(where, "a list without repeats", value)
        return out


class Pair:
    """A JSON array of exactly these items, in order."""

    def __init__(self, *items: Spec) -> None:
        self.items = items

    def check(self, value: Any, where: str, info: Info) -> list[Any]:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise _Refused(where, "a list of %d items" % len(self.items), value)
        return [spec.check(v, _join(where, "item %d" % (i + 1)), info)
                for i, (spec, v) in enumerate(zip(self.items, value))]


class Object:
    """A JSON object; fields are (name, spec, required)."""

    def __init__(self, *fields: tuple[str, Spec, bool]) -> None:
        self.fields = fields

    def check(self, value: Any, where: str, info: Info) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _Refused(where, "an object", value)
        out = {}
        for name, spec, required in self.fields:
            if name in value:
                out[name] = spec.check(value[name], _join(where, name), info)
            elif required:
                raise _Refused(_join(where, name), "given", None)
        return out


class Counters:
    """An object of counters: short names, each a whole number 0 or more."""

    def check(self, value: Any, where: str, info: Info) -> dict[str, int]:
        if not isinstance(value, dict) or len(value) > 32:
            raise _Refused(where, "an object of at most 32 counters", value)
        name = Text(24)
        return {name.check(k, where, info): COUNT.check(v, _join(where, k), info) for k, v in value.items()}


def _join(where: str, name: str) -> str:
    return "%s.%s" % (where, name) if where else name


# Counts and byte figures a device keeps: well within MicroPython's small integers.
COUNT = Int(0, 2**31 - 1)

# What each frame type from a device carries (docs/protocol.md, sections 2 and 4.1).
FRAMES: dict[str, Spec] = {
    # Data frames: the input events, and the answer to a query.
    "btn": Pair(Button(), OneOf(*ACTIONS)),
    "scan": Object(("code", Text(200), True)),
    "status": Object(("applied", COUNT, True), ("heap_free", COUNT, True),
                     ("heap_used", COUNT, True), ("heap_peak", COUNT, True),
                     ("mode", Text(16), True), ("restarts", COUNT, True),
                     ("stats", Counters(), True)),
    # Control frames.
    "info": Object(("v", Int(0, 2**31), True), ("fw", Text(24), True), ("board", Text(40), True),
                   ("display", Object(("kind", Text(16), True), ("w", Int(*WIDTHS), True),
                                      ("h", Int(*HEIGHTS), True)), True),
                   ("colour", Bool(), True),
                   ("buttons", ListOf(OneOf(*BUTTON_NAMES), len(BUTTON_NAMES), unique=True), True),
                   ("scanner", Bool(), True), ("sid", Text(16), True), ("boot", Text(16), True),
                   ("pictures", Bool(), False),
                   ("faults", ListOf(Object(("part", Text(16), True), ("code", Text(8), True),
                                            ("msg", Text(100, empty=True), True)), 8), False),
                   ("away", Object(("presses", COUNT, True),
                                   ("games", ListOf(Pair(OneOf("fits", "zatre", "forbes"), Int(1, 6),
                                                         Int(0, 2**63 - 1), COUNT), 4), True)), False)),
    "boot": Object(("fw", Text(24), True), ("boot", Text(16), True)),
    "pong": Object(("sid", Text(16, empty=True), True), ("boot", Text(16), True)),
    "err": Object(("code", Text(16), True), ("msg", Text(120, empty=True), True),
                  ("seq", Int(0, 255), False)),
}


def check(ftype: str, payload: Any, info: Info = None) -> Any:
    """The payload of a `ftype` frame from a device, checked field by field against FRAMES
    (`info`: the device's checked info, which names its buttons; None before the
    handshake). FrameError names the frame and the field when it is refused."""
    spec = FRAMES.get(ftype)
    if spec is None:
        raise FrameError("%s is not a frame a device sends" % ftype)
    if ftype == "info" and isinstance(payload, dict) and payload.get("v") != PROTOCOL_VERSION:
        # Another protocol's info may have another shape: its version is what to report.
        raise FrameError("info: the device speaks protocol %s, this host %d"
                         % (_shown(payload.get("v")), PROTOCOL_VERSION))
    if payload is None:
        raise FrameError("%s: the payload is missing" % ftype)
    try:
        return spec.check(payload, "", info)
    except _Refused as e:
        if e.what == "given":
            raise FrameError("%s: %s is missing" % (ftype, e.where)) from None
        field = " %s" % e.where if e.where else " payload"
        raise FrameError("%s:%s must be %s, not %s" % (ftype, field, e.what, _shown(e.value))) from None
