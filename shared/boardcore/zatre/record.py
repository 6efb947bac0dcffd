"""The Zatre game record text format (docs/zatre-formats.md): players, seed, options and
every turn's placements; replaying one through the rules. The `players:` and `options:`
lines are read and written here for the position format too.

Malformed text raises FormatError(problem, source, line); an illegal turn raises the
ZatreError of its rule with the file, line and turn number in front.

>>> from boardcore.zatre.game import Game
>>> game = Game(["Ann", "Bob"], seed=7)
>>> game.players[game.current], game.hand()
('Bob', [2, 2, 4])
>>> _ = game.play([(7, 7, 2), (6, 7, 2), (7, 6, 4)])
>>> text = format_record(game)
>>> print(text, end="")
zatre record
players: Ann, Bob
seed: 7
options: strict_adjacency=off centre_doubles=off
1 Bob: 2@7,7 2@6,7 4@7,6
>>> again = replay(parse_record(text, "game.txt"))
>>> again.players[again.current], again.hand()
('Ann', [4, 6])
>>> replay(parse_record(text + "2 Ann: 6@9,9\\n", "game.txt"))
Traceback (most recent call last):
    ...
boardcore.zatre.errors.AdjacencyError: game.txt:6, turn 2 (Ann): (9,9) touches no tile on the board (a new tile must meet one side by side)
"""

from boardcore.compat import const
from boardcore.errors import FormatError
from boardcore.textfile import check_header, content_lines

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Sequence
    from boardcore.zatre.game import Game

RECORD_HEAD = "zatre record"
UNDO = "undo"  # the line that takes back the turn above it
OPTIONS = ("strict_adjacency", "centre_doubles", "grey_exception_at")


# -- lines shared with the position format -------------------------------------------


def field(line: str, name: str, source: "str | None", n: int) -> str:
    """The value of a `name: value` line; FormatError if the line is another one."""
    head = name + ":"
    if not line.startswith(head):
        raise FormatError("expected '%s: ...', got %r" % (name, line), source, n)
    return line[len(head):].strip()


def read_players(value: str, source: "str | None", n: int) -> "list[str]":
    """The names of a `players:` line: comma-separated, 1 to 6, all different."""
    names = [p.strip() for p in value.split(",")]
    if not value or "" in names:
        raise FormatError("players: a comma-separated list of names, got %r" % value, source, n)
    if len(names) > 6:
        raise FormatError("Zatre takes 1 to 6 players, got %d" % len(names), source, n)
    from boardcore.names import name_problem

    for p in names:
        problem = name_problem(p)
        if problem is not None:
            raise FormatError(problem, source, n)
    if len(set(names)) != len(names):
        raise FormatError("player names must differ: %s" % value, source, n)
    return names


def read_options(value: str, source: "str | None", n: int) -> "dict[str, Any]":
    """The options of an `options:` line; an option left out has its default (off, and
    grey_exception_at=tile)."""
    from boardcore.zatre.rules import GREY_AT, GREY_AT_TILE

    opts: "dict[str, Any]" = {"strict_adjacency": False, "centre_doubles": False, "grey_exception_at": GREY_AT_TILE}
    for item in value.split():
        key, eq, val = item.partition("=")
        if key == "grey_exception_at" and eq and val in GREY_AT:
            opts[key] = val
        elif key in opts and key != "grey_exception_at" and eq and val in ("on", "off"):
            opts[key] = val == "on"
        else:
            raise FormatError(
                "options: expected strict_adjacency=on|off centre_doubles=on|off grey_exception_at=tile|turn,"
                " got %r" % item, source, n
            )
    return opts


def options_text(strict: bool, centre: bool, grey_at: str = "tile") -> str:
    """The value of an `options:` line (grey_exception_at only when it is not the default,
    so files of games with the default read as they always did)."""
    text = "strict_adjacency=%s centre_doubles=%s" % ("on" if strict else "off", "on" if centre else "off")
    if grey_at != "tile":
        text += " grey_exception_at=" + grey_at
    return text


def find_player(name: str, players: "list[str]", source: "str | None", n: int) -> int:
    """The seat of a player named on a line; FormatError if there is no such player."""
    if name not in players:
        raise FormatError("unknown player %r (players: %s)" % (name, ", ".join(players)), source, n)
    return players.index(name)


def ints(value: str, sep: str, what: str, source: "str | None", n: int, low: int, high: int) -> "list[int]":
    """The whole numbers of `value` split at `sep` (empty parts skipped), each low..high."""
    out = []
    for part in value.split(sep):
        part = part.strip()
        if not part:
            continue
        try:
            x = int(part)
        except ValueError:
            raise FormatError("%s: %r is not a number" % (what, part), source, n)
        if not low <= x <= high:
            raise FormatError("%s: %d is not in %d..%d" % (what, x, low, high), source, n)
        out.append(x)
    return out


# -- the record --------------------------------------------------------------------


class Record:
    """A game record read from text, not yet replayed: players (seat order), seed,
    options ({"strict_adjacency": bool, "centre_doubles": bool, "grey_exception_at": "tile"
    or "turn"}), turns [(line number, player name, [(row, col, value), ...])] (an empty
    list is a pass; the turns that stand), undone [(position, line number, player name,
    tiles)] (turns taken back: each was played after the first `position` turns and taken
    back before the next one) and source."""

    __slots__ = ("players", "seed", "options", "turns", "undone", "source")

    def __init__(self, players: "list[str]", seed: int, options: "dict[str, Any]",
                 turns: "list[tuple[int, str, list[tuple[int, int, int]]]]", source: "str | None",
                 undone: "list[tuple[int, int, str, list[tuple[int, int, int]]]] | None" = None) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.turns = turns
        self.undone = undone if undone is not None else []
        self.source = source


def _turn_text(tiles: "Sequence[tuple[int, int, int]]") -> str:
    if not tiles:
        return "pass"
    return " ".join("%d@%d,%d" % (v, r, c) for r, c, v in tiles)


def format_record(game: "Game", undone: "Sequence[tuple[int, int, Sequence[tuple[int, int, int]], str | None]] | None" = None) -> str:
    """The record of a boardcore.zatre.game.Game (players, seed, options, every turn) as text.

    undone: the turns taken back, in order, as (position, seat, tiles, note): played after
    the first `position` turns, then taken back (an `undo` line after it); note is a
    comment written above the `undo` line (who took it back and when), or None."""
    out = [RECORD_HEAD]
    out.append("players: " + ", ".join(game.players))
    out.append("seed: %d" % game.seed)
    out.append("options: " + options_text(game.strict, game.centre_doubles, game.grey_at))
    back = list(undone or ())
    k = 0

    def taken_back(position: int) -> None:
        for position_, seat, tiles, note in back:
            if position_ == position:
                out.append("%d %s: %s" % (position + 1, game.players[seat], _turn_text(tiles)))
                if note:
                    out.append("# " + note)
                out.append(UNDO)

    for player, tiles in game.played():
        taken_back(k)
        k += 1
        out.append("%d %s: %s" % (k, game.players[player], _turn_text(tiles)))
    taken_back(k)
    return "\n".join(out) + "\n"


def parse_turn(text: str, source: "str | None" = None, n: "int | None" = None) -> "list[tuple[int, int, int]]":
    """The tiles of a turn as (row, col, value), in the order they go down; a pass is [].

    >>> parse_turn("5@7,7 3@7,8"), parse_turn("pass")
    ([(7, 7, 5), (7, 8, 3)], [])
    """
    text = text.strip()
    if text == "pass":
        return []
    out = []
    for item in text.split():
        value, at, where = item.partition("@")
        row, comma, col = where.partition(",")
        if not at or not comma:
            raise FormatError("a tile is VALUE@ROW,COL (e.g. 5@7,8), not %r" % item, source, n)
        try:
            v, r, c = int(value), int(row), int(col)
        except ValueError:
            raise FormatError("a tile is VALUE@ROW,COL with numbers, not %r" % item, source, n)
        out.append((r, c, v))
    if not out:
        raise FormatError("a turn lists its tiles (VALUE@ROW,COL ...) or says 'pass'", source, n)
    return out


def parse_record(text: str, source: "str | None" = None) -> Record:
    """Read a record's syntax (the turns are checked by replay())."""
    every = content_lines(text)
    lines = check_header(every, RECORD_HEAD, source)
    if len(lines) < 3:
        raise FormatError("a record needs players, seed and options lines", source, every[-1][0])
    n, line = lines[0]
    players = read_players(field(line, "players", source, n), source, n)
    n, line = lines[1]
    seed = ints(field(line, "seed", source, n), ",", "seed", source, n, 0, 2**62)
    if len(seed) != 1:
        raise FormatError("seed: one non-negative integer", source, n)
    n, line = lines[2]
    options = read_options(field(line, "options", source, n), source, n)
    turns: "list[tuple[int, str, list[tuple[int, int, int]]]]" = []
    undone: "list[tuple[int, int, str, list[tuple[int, int, int]]]]" = []
    after_undo = False
    for n, line in lines[3:]:
        if line == UNDO:
            # Only the last turn can be taken back, before the next player drew: once
            # they have played, the turn before theirs stands.
            if not turns or after_undo:
                raise FormatError("'undo' takes back the turn line just above it", source, n)
            t = turns.pop()
            undone.append((len(turns), t[0], t[1], t[2]))
            after_undo = True
            continue
        after_undo = False
        head, colon, rest = line.partition(":")
        number, _, name = head.partition(" ")
        if not colon or not name:
            raise FormatError("a turn line is 'N NAME: VALUE@ROW,COL ...' or 'N NAME: pass', got %r" % line, source, n)
        try:
            k = int(number)
        except ValueError:
            raise FormatError("a turn line starts with its number, not %r" % number, source, n)
        if k != len(turns) + 1:
            raise FormatError("turn %d follows turn %d: expected %d" % (k, len(turns), len(turns) + 1), source, n)
        find_player(name.strip(), players, source, n)
        turns.append((n, name.strip(), parse_turn(rest, source, n)))
    return Record(players, seed[0], options, turns, source, undone)


def replay(record: Record) -> "Game":
    """Replay a parsed record through the rules and return the Game. Each turn must be
    played by the player to move with tiles from the hand the seed dealt; an illegal turn
    raises its ZatreError with 'file:line, turn N (NAME): ' in front."""
    from boardcore.zatre.game import Game
    from boardcore.zatre.errors import ZatreError

    source = record.source
    options = record.options

    def fresh() -> "Game":
        return Game(record.players, record.seed, options["strict_adjacency"], options["centre_doubles"],
                    options["grey_exception_at"])

    def play(game: "Game", k: int, n: int, name: str, tiles: "list[tuple[int, int, int]]", what: str) -> None:
        where = "%s%d, %s %d (%s): " % ((str(source) + ":") if source else "line ", n, what, k + 1, name)
        if game.over:
            raise FormatError("%s %d comes after the end of the game" % (what, k + 1), source, n)
        if name != game.players[game.current]:
            raise FormatError(
                "%s %d is %s's, not %s's" % (what, k + 1, game.players[game.current], name), source, n
            )
        try:
            game.play(tiles)
        except ZatreError as exc:
            raise exc.__class__(where + str(exc))

    game = fresh()
    for k in range(len(record.turns) + 1):
        for position, n, name, tiles in record.undone:
            if position == k:
                # Played, then taken back: the game is as it was before it.
                play(game, k, n, name, tiles, "undone turn")
                game = fresh()
                for j in range(k):
                    game.play(record.turns[j][2])
        if k < len(record.turns):
            n, name, tiles = record.turns[k]
            play(game, k, n, name, tiles, "turn")
    return game
