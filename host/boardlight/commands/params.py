"""The command line's value types (click.ParamType): each reads one kind of value and says
in one line what it expected when it cannot (exit 2, before anything is done). Every number,
board file and game number a command takes goes through one of these; the text and JSON
files the commands read go through boardlight.files (read_text here is that one)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from boardcore.errors import FormatError

from boardlight.files import read_text  # noqa: F401  (the commands' reader of text files)
from boardlight.invocation import command

if TYPE_CHECKING:
    from collections.abc import Iterable

    from boardcore.fits.layouts import Layout

# The largest whole number a command takes: the game log keeps 64-bit integers.
LARGEST = 2**63 - 1


def _digits(value: object) -> str | None:
    # A whole number as people type it: decimal digits only ("+5", "5_000", "1e3" are not).
    text = str(value).strip()
    return text if text.isdecimal() and text.isascii() else None


class WholeNumber(click.ParamType):
    """A whole number lo..hi (hi at most LARGEST), typed as decimal digits."""

    name = "number"

    def __init__(self, lo: int = 0, hi: int = LARGEST, what: str = "a whole number") -> None:
        self.lo, self.hi, self.what = lo, min(hi, LARGEST), what

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        number: int | None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = _digits(value)
            number = int(text) if text is not None else None
        if number is None or not self.lo <= number <= self.hi:
            self.fail(self.message(value), param, ctx)
        return number

    def message(self, value: object) -> str:
        return "%s is a whole number %d to %d, not %r" % (self.what, self.lo, self.hi, value)


class Seconds(click.ParamType):
    """A time in seconds, lo..hi (a fraction allowed; not inf or nan)."""

    name = "seconds"

    def __init__(self, lo: float = 0.0, hi: float = 24 * 3600.0) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            seconds = math.nan
        if not self.lo <= seconds <= self.hi:  # nan compares false
            self.fail("a time in seconds, %g to %g, not %r" % (self.lo, self.hi, value), param, ctx)
        return seconds


# The most players any of the three games takes: a larger count is refused before any
# name is made for it.
MOST_PLAYERS = 6


def split_names(text: str) -> list[str]:
    """Player names from "Ann,Bob" (a name is all that lies between two commas, so "Mary
    Ann,Bob" is one name with a space, which the game refuses) or "Ann Bob"; a number n
    gives P1..Pn (ValueError above MOST_PLAYERS). The game's core checks the names.

    >>> split_names("Ann,Bob")
    ['Ann', 'Bob']
    >>> split_names("Mary Ann, Bob")
    ['Mary Ann', 'Bob']
    >>> split_names("3")
    ['P1', 'P2', 'P3']
    """
    text = text.strip()
    if text.isdecimal():
        if int(text) > MOST_PLAYERS:
            raise ValueError("no game here takes %s players (the most is %d, in Zatre)"
                             % (text, MOST_PLAYERS))
        return ["P%d" % (i + 1) for i in range(int(text))]
    if "," in text:
        return [n.strip() for n in text.split(",")]
    return text.split()


class PlayerList(click.ParamType):
    """--players: names as split_names reads them, or how many players."""

    name = "players"

    def __init__(self, game: str, fewest: int, most: int) -> None:
        self.game = game
        self.fewest = fewest
        self.most = most

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> list[str]:
        if isinstance(value, list):
            return value
        text = value.strip()
        # A count is checked before the names are made: "--players 99999999" builds none.
        if text.isdecimal() and not self.fewest <= int(text) <= self.most:
            self.fail("%s takes %d to %d players, not %s"
                      % (self.game, self.fewest, self.most, text), param, ctx)
        try:
            names = split_names(text)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        if not names or not all(names):
            self.fail("a list of names separated by commas, e.g. Ann,Bob, or how many players:"
                      " not %r" % value, param, ctx)
        if len(set(n.lower() for n in names)) != len(names):
            self.fail("two players have the same name in %r" % value, param, ctx)
        return names


class Seed(WholeNumber):
    """--seed: a whole number 0 to LARGEST; the same seed deals the same game."""

    name = "seed"

    def message(self, value: object) -> str:
        if _digits(value) is None:
            return "a seed is a whole number 0 or more, not %r" % (value,)
        return "a seed is at most %d (the game log keeps 64-bit numbers), not %s" % (LARGEST, value)


class NumberList(click.ParamType):
    """Whole numbers separated by commas or spaces ("1,3" or "1 3"), e.g. FITS boards."""

    name = "numbers"

    def __init__(self, what: str, example: str) -> None:
        self.what = what
        self.example = example

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> list[int]:
        if isinstance(value, list):
            return value
        words = value.replace(",", " ").split()
        if not words or not all(w.isdecimal() for w in words):
            self.fail("%s separated by commas, e.g. %s: not %r" % (self.what, self.example, value),
                      param, ctx)
        return [int(w) for w in words]


class WordList(click.ParamType):
    """Words separated by commas or spaces ("P,T5,U,Y"), upper-cased: e.g. FITS tile ids."""

    name = "words"

    def __init__(self, what: str, example: str) -> None:
        self.what = what
        self.example = example

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> list[str]:
        if isinstance(value, list):
            return value
        words = value.replace(",", " ").upper().split()
        if not words:
            self.fail("%s separated by commas, e.g. %s: not %r" % (self.what, self.example, value),
                      param, ctx)
        return words


# A --layout file as read: the parsed layout and the file's text (a table game keeps it).
class OwnLayout(NamedTuple):
    layout: Layout
    text: str


class LayoutFile(click.ParamType):
    """--layout FILE: a FITS board's special spaces (docs/fits-layouts.md), checked when read."""

    name = "layout"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> OwnLayout:
        if isinstance(value, OwnLayout):
            return value
        from boardcore.fits.layouts import load_layout

        try:
            layout = load_layout(value)
        except FormatError as exc:
            self.fail(str(exc), param, ctx)
        text = read_text(value).replace("\r\n", "\n")  # a Windows editor's line ends
        return OwnLayout(layout, text)


def layouts_by_board(own_layouts: Iterable[OwnLayout]) -> dict[int, Layout]:
    """{board: Layout} from --layout values, one per board (FormatError for a second one)."""
    out: dict[int, Layout] = {}
    for own in own_layouts:
        lay = own.layout
        if lay.board in out:
            raise FormatError("a second layout for board %d (first: %s)"
                              % (lay.board, out[lay.board].source), lay.source)
        out[lay.board] = lay
    return out


class GameChoice(click.ParamType):
    """GAME (`show`, `export`, `play --resume [GAME]`): a game number from `history`, or
    "last"; the number as text ("12"), checked to be one the game log can hold."""

    name = "game"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        text = str(value).strip()
        if text == "last":
            return text
        digits = _digits(text)
        if digits is not None and 1 <= int(digits) <= LARGEST:
            return str(int(digits))
        if digits is not None:
            self.fail("no game %s: game numbers go from 1 to %d (`%s` lists them)"
                      % (text, LARGEST, command("history")), param, ctx)
        self.fail("GAME is a game number from `%s` or 'last', not %r" % (command("history"), value),
                  param, ctx)


class BoardFile(click.ParamType):
    """A board file (firmware/boards/*.json, docs/building.md), read (boardlight.files) and
    checked by the firmware's own validator when the command line is read; the value is a
    BoardFileValue. `use`: what the command does with it: "device" (a board to deploy to,
    by name, "pico", or path), "virtual" (the virtual board's: display kind virtual) or
    "linux" (a matrix wired to this computer, "mcu": "linux": a path)."""

    name = "board"

    def __init__(self, use: str = "device") -> None:
        self.use = use

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> BoardFileValue:
        if isinstance(value, BoardFileValue):
            return value
        try:
            config, text = self._load(str(value))
        except (FormatError, ValueError) as exc:
            self.fail(str(exc), param, ctx)
        except RuntimeError as exc:  # no firmware beside this host to check it with
            from boardlight.commands.errors import Failure

            raise Failure(str(exc)) from None
        if self.use != "linux" and config["mcu"] == "linux":
            self.fail("%s is for a matrix wired to this computer (mcu linux): use it with"
                      " `%s`" % (value, command("direct check %s" % value)), param, ctx)
        if self.use == "virtual" and config["display"]["kind"] != "virtual":
            self.fail("board %s has a %s display: the virtual board needs kind virtual"
                      % (value, config["display"]["kind"]), param, ctx)
        return BoardFileValue(str(value), config, text)

    def _load(self, value: str) -> tuple[dict[str, Any], str | None]:
        if self.use == "linux":
            from boardlight.direct import board_file

            return board_file.load(value), None
        from boardlight import deploy

        try:
            return deploy.load_board(value)
        except deploy.DeployError as exc:
            raise ValueError(str(exc)) from None


# A board file as the command line read it: what the user typed, the checked config and
# the file's text (deploy copies the text to the board).
class BoardFileValue(NamedTuple):
    given: str
    config: dict[str, Any]
    text: str | None
