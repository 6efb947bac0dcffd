"""The command line's value types (click.ParamType): each reads one kind of value and says
in one line what it expected when it cannot; and the reading of the text files they name."""

from collections import namedtuple

import click

from boardcore.errors import FormatError


def read_text(path: str) -> str:
    """A text file the commands read (positions, records, layouts), as UTF-8; a BOM (which
    Windows editors write) is skipped. FormatError names the file when it cannot be read."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            return f.read()
    except OSError as exc:
        raise FormatError("cannot read file (%s)" % (exc.strerror or exc), path)
    except UnicodeDecodeError as exc:
        raise FormatError("not a text file (byte %d is not UTF-8)" % exc.start, path)


def split_names(text: str) -> list:
    """Player names from "Ann,Bob" (a name is all that lies between two commas, so "Mary
    Ann,Bob" is one name with a space, which the game refuses) or "Ann Bob"; a number n
    gives P1..Pn. The game's core checks the names."""
    text = text.strip()
    if text.isdecimal():
        return ["P%d" % (i + 1) for i in range(int(text))]
    if "," in text:
        return [n.strip() for n in text.split(",")]
    return text.split()


class PlayerList(click.ParamType):
    """--players: names as split_names reads them, or how many players."""

    name = "players"

    def __init__(self, game: str, fewest: int, most: int):
        self.game = game
        self.fewest = fewest
        self.most = most

    def convert(self, value, param, ctx):
        if isinstance(value, list):
            return value
        text = value.strip()
        # A count is checked before the names are made: "--players 99999999" builds none.
        if text.isdecimal() and not self.fewest <= int(text) <= self.most:
            self.fail("%s takes %d to %d players, not %s"
                      % (self.game, self.fewest, self.most, text), param, ctx)
        names = split_names(text)
        if not names or not all(names):
            self.fail("a list of names separated by commas, e.g. Ann,Bob, or how many players:"
                      " not %r" % value, param, ctx)
        if len(set(n.lower() for n in names)) != len(names):
            self.fail("two players have the same name in %r" % value, param, ctx)
        return names


class Seed(click.ParamType):
    """--seed: a whole number 0 or more; the same seed deals the same game."""

    name = "seed"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if not text.isdecimal():
            self.fail("a seed is a whole number 0 or more, not %r" % value, param, ctx)
        return int(text)


class NumberList(click.ParamType):
    """Whole numbers separated by commas or spaces ("1,3" or "1 3"), e.g. FITS boards."""

    name = "numbers"

    def __init__(self, what: str, example: str):
        self.what = what
        self.example = example

    def convert(self, value, param, ctx):
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

    def __init__(self, what: str, example: str):
        self.what = what
        self.example = example

    def convert(self, value, param, ctx):
        if isinstance(value, list):
            return value
        words = value.replace(",", " ").upper().split()
        if not words:
            self.fail("%s separated by commas, e.g. %s: not %r" % (self.what, self.example, value),
                      param, ctx)
        return words


# A --layout file as read: the parsed layout and the file's text (a table game keeps it).
OwnLayout = namedtuple("OwnLayout", ("layout", "text"))


class LayoutFile(click.ParamType):
    """--layout FILE: a FITS board's special spaces (docs/fits-layouts.md), checked when read."""

    name = "layout"

    def convert(self, value, param, ctx):
        if isinstance(value, OwnLayout):
            return value
        from boardcore.fits.layouts import load_layout

        try:
            layout = load_layout(value)
        except FormatError as exc:
            self.fail(str(exc), param, ctx)
        text = read_text(value).replace("\r\n", "\n")  # a Windows editor's line ends
        return OwnLayout(layout, text)


def layouts_by_board(own_layouts) -> dict:
    """{board: Layout} from --layout values, one per board (FormatError for a second one)."""
    out = {}
    for own in own_layouts:
        lay = own.layout
        if lay.board in out:
            raise FormatError("a second layout for board %d (first: %s)"
                              % (lay.board, out[lay.board].source), lay.source)
        out[lay.board] = lay
    return out


class GameChoice(click.ParamType):
    """`--resume [GAME]`: a game number from `boardlight history`, or "last"."""

    name = "game"

    def convert(self, value, param, ctx):
        text = str(value).strip()
        if text == "last" or text.isdecimal():
            return text
        self.fail("GAME is a game number from `boardlight history` or 'last', not %r" % value,
                  param, ctx)
