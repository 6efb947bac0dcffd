"""The Zatre game record text format (docs/zatre-formats.md): players, seed, options and
every turn's placements; replaying one through the rules.

Malformed text raises FormatError(problem, source, line); an illegal turn raises the
ZatreError of its rule with the file, line and turn number in front.
"""

from boardcore.errors import FormatError
from boardcore.zatre.fields import content_lines, field, find_player, ints, options_text, read_options, read_players


def dump_record(game):
    """The record of a zatre_game.Game (players, seed, options, every turn) as text."""
    out = ["zatre record"]
    out.append("players: " + ", ".join(game.players))
    out.append("seed: %d" % game.seed)
    out.append("options: " + options_text(game.strict, game.centre_doubles))
    k = 0
    for player, tiles in game.played():
        k += 1
        if tiles:
            text = " ".join("%d@%d,%d" % (v, r, c) for r, c, v in tiles)
        else:
            text = "pass"
        out.append("%d %s: %s" % (k, game.players[player], text))
    return "\n".join(out) + "\n"


def parse_turn(text, source=None, n=None):
    """'5@7,7 3@7,8' -> [(7, 7, 5), (7, 8, 3)] (row, col, value); 'pass' -> []."""
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


def parse_record(text, source=None):
    """Read a record: returns (players, seed, options, turns) where turns is
    [(line number, player name, [(row, col, value), ...])]."""
    lines = content_lines(text)
    if not lines or lines[0][1] != "zatre record":
        raise FormatError("the first line must be 'zatre record'", source, lines[0][0] if lines else None)
    if len(lines) < 4:
        raise FormatError("a record needs players, seed and options lines", source, lines[-1][0])
    n, line = lines[1]
    players = read_players(field(line, "players", source, n), source, n)
    n, line = lines[2]
    seed = ints(field(line, "seed", source, n), ",", "seed", source, n, 0, 2**62)
    if len(seed) != 1:
        raise FormatError("seed: one non-negative integer", source, n)
    n, line = lines[3]
    options = read_options(field(line, "options", source, n), source, n)
    turns = []
    for n, line in lines[4:]:
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
    return players, seed[0], options, turns


def replay_record(text, source=None):
    """Replay a record through the rules and return the Game. Each turn must be played by
    the player to move with tiles from the hand the seed dealt; an illegal turn raises its
    ZatreError with 'file:line, turn N (NAME): ' in front."""
    from boardcore.zatre.game import Game
    from boardcore.zatre.errors import ZatreError

    players, seed, options, turns = parse_record(text, source)
    game = Game(players, seed, options["strict_adjacency"], options["centre_doubles"])
    for k in range(len(turns)):
        n, name, tiles = turns[k]
        where = "%s%d, turn %d (%s): " % ((str(source) + ":") if source else "line ", n, k + 1, name)
        if game.over:
            raise FormatError("turn %d comes after the end of the game" % (k + 1), source, n)
        if name != game.players[game.current]:
            raise FormatError(
                "turn %d is %s's, not %s's" % (k + 1, game.players[game.current], name), source, n
            )
        try:
            game.play(tiles)
        except ZatreError as exc:
            raise exc.__class__(where + str(exc))
    return game
