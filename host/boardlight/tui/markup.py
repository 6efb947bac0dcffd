"""What the panels show: plain text, except where the code marks it up on purpose.

Every text a view hands to a front end is plain (a str): entries, names, scanned codes,
what a device said, messages, refusals are shown exactly as they are. Styles come only
from Markup, a str that the code writes with Rich markup on purpose (a coloured board
cell). Building with a Markup keeps the plain parts plain: formatting (`%`), joining and
adding escape every part that is not Markup itself, so a player's name in a marked-up
line shows as typed. A Markup that ends up inside a plain str is shown as plain text,
tags and all: a mistake shows, it never styles or links anything.

to_text() turns either kind into a rich Text for the table UI (nothing is parsed again
after that); to_plain() gives the characters alone, for the line-based game. Both show
control characters as escapes ('\\x1b'): sent to a terminal as they are, they would
move the cursor, clear the screen or change the colours.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.markup import escape as _rich_escape
from rich.text import Text


class Markup(str):
    """Rich markup written by the code (see the module docstring)."""

    __slots__ = ()

    def __add__(self, other: object) -> Markup:
        return Markup(str.__add__(self, escape(other)))

    def __radd__(self, other: object) -> Markup:
        # Also for plain str + Markup: Python asks the subclass first.
        return Markup(str.__add__(escape(other), self))

    def __mod__(self, args: Any) -> Markup:
        if isinstance(args, tuple):
            args = tuple(_argument(a) for a in args)
        elif isinstance(args, dict):
            args = {k: _argument(v) for k, v in args.items()}
        else:
            args = _argument(args)
        return Markup(str.__mod__(self, args))

    def join(self, items: Iterable[object]) -> Markup:
        return Markup(str.join(self, [escape(item) for item in items]))

    def __repr__(self) -> str:
        return "Markup(%s)" % str.__repr__(self)


def escape(text: object) -> Markup:
    """`text` as Markup that shows it as it is (a Markup is returned unchanged)."""
    if isinstance(text, Markup):
        return text
    return Markup(_rich_escape(str(text)))


class _Escaped:
    """A `%` argument that formats as escaped text with %s and %r."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __str__(self) -> str:
        return escape(str(self.value))

    def __repr__(self) -> str:
        return escape(repr(self.value))


def _argument(value: object) -> object:
    # Numbers stay numbers, for %d and %5.1f; Markup is already what it means.
    if isinstance(value, (int, float, Markup)):
        return value
    return _Escaped(value)


# Characters a terminal acts on instead of showing (all but line feed and tab), and
# those that reverse the order of the text shown after them.
_CONTROLS = {c: "\\x%02x" % c for c in list(range(0x20)) + list(range(0x7f, 0xa0))
             if c not in (0x0a, 0x09)}
_CONTROLS.update({c: "\\u%04x" % c for c in list(range(0x202a, 0x202f))
                  + list(range(0x2066, 0x206a))})


def visible(text: str) -> str:
    """`text` with its control characters written as escapes ('\\x1b')."""
    return text.translate(_CONTROLS)


def to_text(value: object) -> Text:
    """A panel's text for the table UI: Markup styled, anything else shown as it is."""
    if isinstance(value, Text):
        return value
    if isinstance(value, Markup):
        return Text.from_markup(visible(value), emoji=False)
    return Text(visible(str(value)))


def to_plain(value: object) -> str:
    """The characters of a panel's text without any styles (the line-based game)."""
    return to_text(value).plain
