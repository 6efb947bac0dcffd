"""Text formats for Zatre: a position and a game record (docs/zatre-formats.md).

Both are plain UTF-8 lines; '#' starts a comment line, blank lines are ignored. Malformed
text raises FormatError(problem, source, line); an illegal turn in a record raises the
ZatreError of that rule with the line and turn number in front.
"""

from boardcore.errors import FormatError
from boardcore.zatre_bag import COUNTS, TOTAL
from boardcore.zatre_board import PLAYABLE, SIZE, Board, index
from boardcore.zatre_score import ScoreSheet

_OPTIONS = ("strict_adjacency", "centre_doubles")


class Position:
    """A Zatre position read from text: players, options (dict), board (Board), hands
    (list of sorted lists), sheets (ScoreSheet per player), to_move (player index), bag
    (tiles left in the bag)."""

    __slots__ = ("players", "options", "board", "hands", "sheets", "to_move", "bag")

    @property
    def first_turn(self):
        return self.board.count == 0

    @property
    def strict(self):
        return self.options["strict_adjacency"]


def _lines(text):
    # (line number, stripped text) of the lines that carry content.
    out = []
    n = 0
    for raw in text.split("\n"):
        n += 1
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((n, line))
    return out


def _field(line, name, source, n):
    # "name: value" -> value
    head = name + ":"
    if not line.startswith(head):
        raise FormatError("expected '%s: ...', got %r" % (name, line), source, n)
    return line[len(head):].strip()


def _players(value, source, n):
    names = [p.strip() for p in value.split(",")]
    if not value or "" in names:
        raise FormatError("players: a comma-separated list of names, got %r" % value, source, n)
    if len(names) > 6:
        raise FormatError("Zatre takes 1 to 6 players, got %d" % len(names), source, n)
    for p in names:
        if ":" in p or " " in p or "\t" in p:
            raise FormatError("a player name may not contain ':' or spaces: %r" % p, source, n)
    if len(set(names)) != len(names):
        raise FormatError("player names must differ: %s" % value, source, n)
    return names


def _options(value, source, n):
    opts = {"strict_adjacency": False, "centre_doubles": False}
    for item in value.split():
        key, eq, val = item.partition("=")
        if key not in opts or not eq or val not in ("on", "off"):
            raise FormatError(
                "options: expected strict_adjacency=on|off centre_doubles=on|off, got %r" % item, source, n
            )
        opts[key] = val == "on"
    return opts


def _options_text(strict, centre):
    return "strict_adjacency=%s centre_doubles=%s" % ("on" if strict else "off", "on" if centre else "off")


def _player(name, players, source, n):
    if name not in players:
        raise FormatError("unknown player %r (players: %s)" % (name, ", ".join(players)), source, n)
    return players.index(name)


def _ints(value, sep, what, source, n, low, high):
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


# ---- positions ----------------------------------------------------------------------

def board_rows(board):
    """The board as 15 strings of 15 characters: '-' not playable, '.' empty, 1-6 a tile."""
    rows = []
    for r in range(SIZE):
        row = ""
        for c in range(SIZE):
            i = index(r, c)
            if not PLAYABLE[i]:
                row += "-"
            elif board.cells[i]:
                row += str(board.cells[i])
            else:
                row += "."
        rows.append(row)
    return rows


def _sheet_text(sheet):
    return "crosses=%d 10=%s 11=%s 12=%s" % (
        sheet.crosses,
        ",".join(str(x) for x in sheet.e10),
        ",".join(str(x) for x in sheet.e11),
        ",".join(str(x) for x in sheet.e12),
    )


def dump_position(game):
    """The position of a zatre_game.Game as text."""
    out = ["zatre position"]
    out.append("players: " + ", ".join(game.players))
    out.append("options: " + _options_text(game.strict, game.centre_doubles))
    out.append("to move: " + game.players[game.current])
    out.append("bag: %d" % len(game.bag))
    out.append("board:")
    out.extend(board_rows(game.board))
    for p in range(len(game.players)):
        out.append(("hand %s: " % game.players[p] + " ".join(str(v) for v in game.hand(p))).rstrip())
    for p in range(len(game.players)):
        out.append("sheet %s: %s" % (game.players[p], _sheet_text(game.sheets[p])))
    return "\n".join(out) + "\n"


def parse_position(text, source=None):
    """Read a position (see docs/zatre-formats.md) and return a Position."""
    lines = _lines(text)
    if not lines or lines[0][1] != "zatre position":
        raise FormatError("the first line must be 'zatre position'", source, lines[0][0] if lines else None)
    if len(lines) < 6 + SIZE:
        raise FormatError("the position is cut short (header, 15 board rows, hands and sheets expected)", source, lines[-1][0])
    pos = Position()
    n, line = lines[1]
    pos.players = _players(_field(line, "players", source, n), source, n)
    n, line = lines[2]
    pos.options = _options(_field(line, "options", source, n), source, n)
    n, line = lines[3]
    pos.to_move = _player(_field(line, "to move", source, n), pos.players, source, n)
    n, line = lines[4]
    bag = _ints(_field(line, "bag", source, n), ",", "bag", source, n, 0, TOTAL)
    if len(bag) != 1:
        raise FormatError("bag: one number (the tiles left in the bag)", source, n)
    pos.bag = bag[0]
    n, line = lines[5]
    if line != "board:":
        raise FormatError("expected 'board:', got %r" % line, source, n)
    board = Board(pos.options["centre_doubles"])
    used = [0] * 7
    for r in range(SIZE):
        n, line = lines[6 + r]
        if len(line) != SIZE:
            raise FormatError("board row %d: 15 characters expected, got %d" % (r, len(line)), source, n)
        for c in range(SIZE):
            ch = line[c]
            i = index(r, c)
            if not PLAYABLE[i]:
                if ch != "-":
                    raise FormatError("board (%d,%d) is not a playable cell: write '-', not %r" % (r, c, ch), source, n)
            elif ch in "123456":
                board.put(i, int(ch))
                used[int(ch)] += 1
            elif ch != ".":
                raise FormatError("board (%d,%d): '.' or a tile 1-6 expected, not %r" % (r, c, ch), source, n)
    pos.board = board
    pos.hands = [None] * len(pos.players)
    pos.sheets = [None] * len(pos.players)
    for n, line in lines[6 + SIZE:]:
        kind, _, rest = line.partition(" ")
        name, colon, value = rest.partition(":")
        if kind not in ("hand", "sheet") or not colon:
            raise FormatError("expected 'hand NAME: ...' or 'sheet NAME: ...', got %r" % line, source, n)
        p = _player(name.strip(), pos.players, source, n)
        if kind == "hand":
            if pos.hands[p] is not None:
                raise FormatError("a second hand for %s" % name.strip(), source, n)
            hand = _ints(value, " ", "hand", source, n, 1, 6)
            if len(hand) > 3:
                raise FormatError("a hand holds at most 3 tiles, got %d" % len(hand), source, n)
            for v in hand:
                used[v] += 1
            pos.hands[p] = sorted(hand)
        else:
            if pos.sheets[p] is not None:
                raise FormatError("a second sheet for %s" % name.strip(), source, n)
            pos.sheets[p] = _parse_sheet(value, source, n)
    for p in range(len(pos.players)):
        if pos.hands[p] is None or pos.sheets[p] is None:
            raise FormatError("missing the hand or sheet of %s" % pos.players[p], source, lines[-1][0])
    for v in range(1, 7):
        if used[v] > COUNTS[v]:
            raise FormatError("%d tiles of value %d on the board and in hands; the game has %d" % (used[v], v, COUNTS[v]), source)
    if sum(used) + pos.bag != TOTAL:
        raise FormatError(
            "board and hands hold %d tiles and the bag %d: together they must make %d" % (sum(used), pos.bag, TOTAL), source
        )
    return pos


def _parse_sheet(value, source, n):
    sheet = ScoreSheet()
    seen = []
    for item in value.split():
        key, eq, val = item.partition("=")
        if not eq or key not in ("crosses", "10", "11", "12") or key in seen:
            raise FormatError("sheet: expected crosses=N 10=a,b 11=... 12=..., got %r" % item, source, n)
        seen.append(key)
        if key == "crosses":
            x = _ints(val, ",", "crosses", source, n, 0, 999)
            if len(x) != 1:
                raise FormatError("sheet: crosses=N with one number", source, n)
            sheet.crosses = x[0]
        else:
            step = {"10": 1, "11": 2, "12": 4}[key]
            entries = _ints(val, ",", "sheet column " + key, source, n, 1, 999)
            for e in entries:
                if e % step:
                    raise FormatError("sheet column %s: %d is not a multiple of %d points" % (key, e, step), source, n)
            getattr(sheet, "e" + key).extend(entries)
    return sheet


# ---- records ------------------------------------------------------------------------

def dump_record(game):
    """The record of a zatre_game.Game (players, seed, options, every turn) as text."""
    out = ["zatre record"]
    out.append("players: " + ", ".join(game.players))
    out.append("seed: %d" % game.seed)
    out.append("options: " + _options_text(game.strict, game.centre_doubles))
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
    lines = _lines(text)
    if not lines or lines[0][1] != "zatre record":
        raise FormatError("the first line must be 'zatre record'", source, lines[0][0] if lines else None)
    if len(lines) < 4:
        raise FormatError("a record needs players, seed and options lines", source, lines[-1][0])
    n, line = lines[1]
    players = _players(_field(line, "players", source, n), source, n)
    n, line = lines[2]
    seed = _ints(_field(line, "seed", source, n), ",", "seed", source, n, 0, 2**62)
    if len(seed) != 1:
        raise FormatError("seed: one non-negative integer", source, n)
    n, line = lines[3]
    options = _options(_field(line, "options", source, n), source, n)
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
        _player(name.strip(), players, source, n)
        turns.append((n, name.strip(), parse_turn(rest, source, n)))
    return players, seed[0], options, turns


def replay_record(text, source=None):
    """Replay a record through the rules and return the Game. Each turn must be played by
    the player to move with tiles from the hand the seed dealt; an illegal turn raises its
    ZatreError with 'file:line, turn N (NAME): ' in front."""
    from boardcore.zatre_game import Game
    from boardcore.zatre_errors import ZatreError

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
