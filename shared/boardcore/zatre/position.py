"""The Zatre position text format (docs/zatre-formats.md): board, bag count, hands, sheets.
Its `players:` and `options:` lines are those of the record (boardcore.zatre.record).

Malformed text raises FormatError(problem, source, line).

>>> from boardcore.zatre.game import Game
>>> game = Game(["Ann", "Bob"], seed=7)
>>> _ = game.play([(7, 7, 2), (6, 7, 2), (7, 6, 4)])
>>> text = format_position(game)
>>> print("\\n".join(text.split("\\n")[:5]))
zatre position
players: Ann, Bob
options: strict_adjacency=off centre_doubles=off
to move: Ann
bag: 116
>>> position = parse_position(text, "position.txt")
>>> position.players[position.to_move], position.hands[position.to_move], position.board.count
('Ann', [4, 6], 3)
"""

from boardcore.compat import const
from boardcore.errors import FormatError
from boardcore.textfile import check_header, content_lines
from boardcore.zatre.bag import COUNTS, TOTAL
from boardcore.zatre.board import PLAYABLE, SIZE, Board, index
from boardcore.zatre.record import field, find_player, ints, options_text, read_options, read_players
from boardcore.zatre.score import ScoreSheet

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any
    from boardcore.zatre.game import Game

POSITION_HEAD = "zatre position"
MOST_RUNS = 4  # runs one turn can score: the row and the column of each of its two tiles


class Position:
    """A Zatre position read from text: players, options (dict), board (Board), hands
    (list of sorted lists), sheets (ScoreSheet per player), to_move (player index), bag
    (tiles left in the bag)."""

    __slots__ = ("players", "options", "board", "hands", "sheets", "to_move", "bag")

    def __init__(self, players: "list[str]", options: "dict[str, Any]", board: Board, hands: "list[list[int]]",
                 sheets: "list[ScoreSheet]", to_move: int, bag: int) -> None:
        self.players = players
        self.options = options
        self.board = board
        self.hands = hands
        self.sheets = sheets
        self.to_move = to_move
        self.bag = bag

    @property
    def first_turn(self) -> bool:
        return self.board.count == 0

    @property
    def strict(self) -> bool:
        return bool(self.options["strict_adjacency"])

    @property
    def grey_at(self) -> str:
        """The rule option grey_exception_at: "tile" or "turn"."""
        return str(self.options["grey_exception_at"])


def board_rows(board: Board) -> "list[str]":
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


def _sheet_text(sheet: ScoreSheet) -> str:
    return "crosses=%d 10=%s 11=%s 12=%s" % (
        sheet.crosses,
        ",".join(str(x) for x in sheet.e10),
        ",".join(str(x) for x in sheet.e11),
        ",".join(str(x) for x in sheet.e12),
    )


def format_position(game: "Game") -> str:
    """The position of a boardcore.zatre.game.Game as text."""
    out = [POSITION_HEAD]
    out.append("players: " + ", ".join(game.players))
    out.append("options: " + options_text(game.strict, game.centre_doubles, game.grey_at))
    out.append("to move: " + game.players[game.current])
    out.append("bag: %d" % len(game.bag))
    out.append("board:")
    out.extend(board_rows(game.board))
    for p in range(len(game.players)):
        out.append(("hand %s: " % game.players[p] + " ".join(str(v) for v in game.hand(p))).rstrip())
    for p in range(len(game.players)):
        out.append("sheet %s: %s" % (game.players[p], _sheet_text(game.sheets[p])))
    return "\n".join(out) + "\n"


def parse_position(text: str, source: "str | None" = None) -> Position:
    """Read a position (see docs/zatre-formats.md) and return a Position."""
    every = content_lines(text)
    lines = check_header(every, POSITION_HEAD, source)
    if len(lines) < 5 + SIZE:
        raise FormatError("the position is cut short (header, 15 board rows, hands and sheets expected)", source, every[-1][0])
    n, line = lines[0]
    players = read_players(field(line, "players", source, n), source, n)
    n, line = lines[1]
    options = read_options(field(line, "options", source, n), source, n)
    n, line = lines[2]
    to_move = find_player(field(line, "to move", source, n), players, source, n)
    n, line = lines[3]
    bag = ints(field(line, "bag", source, n), ",", "bag", source, n, 0, TOTAL)
    if len(bag) != 1:
        raise FormatError("bag: one number (the tiles left in the bag)", source, n)
    n, line = lines[4]
    if line != "board:":
        raise FormatError("expected 'board:', got %r" % line, source, n)
    board = Board(options["centre_doubles"])
    used = [0] * 7
    for r in range(SIZE):
        n, line = lines[5 + r]
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
                _check_count(used, int(ch), source, n)
            elif ch != ".":
                raise FormatError("board (%d,%d): '.' or a tile 1-6 expected, not %r" % (r, c, ch), source, n)
    on_grey = 0
    for i in range(len(board.cells)):
        if board.cells[i] and board.grey[i]:
            on_grey += 1
    hands: "list[list[int] | None]" = [None] * len(players)
    sheets: "list[ScoreSheet | None]" = [None] * len(players)
    for n, line in lines[5 + SIZE:]:
        kind, _, rest = line.partition(" ")
        name, colon, value = rest.partition(":")
        if kind not in ("hand", "sheet") or not colon:
            raise FormatError("expected 'hand NAME: ...' or 'sheet NAME: ...', got %r" % line, source, n)
        p = find_player(name.strip(), players, source, n)
        if kind == "hand":
            if hands[p] is not None:
                raise FormatError("a second hand for %s" % name.strip(), source, n)
            hand = ints(value, " ", "hand", source, n, 1, 6)
            most = 3 if board.count == 0 else 2  # 3 only for the first turn
            if len(hand) > most:
                raise FormatError("a hand holds at most %d tiles here, got %d" % (most, len(hand)), source, n)
            for v in hand:
                used[v] += 1
                _check_count(used, v, source, n)
            hands[p] = sorted(hand)
        else:
            if sheets[p] is not None:
                raise FormatError("a second sheet for %s" % name.strip(), source, n)
            sheets[p] = _parse_sheet(value, source, n)
            crosses = sum(s.crosses for s in sheets if s is not None)
            if crosses > on_grey:
                raise FormatError("the sheets hold %d crosses, but only %d tiles stand on grey squares"
                                  " (a cross is a tile on a grey square)" % (crosses, on_grey), source, n)
    held = []
    filled = []
    for p in range(len(players)):
        hand_p, sheet_p = hands[p], sheets[p]
        if hand_p is None or sheet_p is None:
            raise FormatError("missing the hand or sheet of %s" % players[p], source, lines[-1][0])
        held.append(hand_p)
        filled.append(sheet_p)
    if sum(used) + bag[0] != TOTAL:
        raise FormatError(
            "board and hands hold %d tiles and the bag %d: together they must make %d" % (sum(used), bag[0], TOTAL),
            source, lines[3][0]
        )
    return Position(players, options, board, held, filled, to_move, bag[0])


def _check_count(used: "list[int]", value: int, source: "str | None", n: int) -> None:
    # The line that holds one tile of `value` more than the bag had.
    if used[value] > COUNTS[value]:
        raise FormatError("%d tiles of value %d on the board and in hands; the game has %d"
                          % (used[value], value, COUNTS[value]), source, n)


def _parse_sheet(value: str, source: "str | None", n: int) -> ScoreSheet:
    sheet = ScoreSheet()
    seen = []
    for item in value.split():
        key, eq, val = item.partition("=")
        if not eq or key not in ("crosses", "10", "11", "12") or key in seen:
            raise FormatError("sheet: expected crosses=N 10=a,b 11=... 12=..., got %r" % item, source, n)
        seen.append(key)
        if key == "crosses":
            x = ints(val, ",", "crosses", source, n, 0, 999)
            if len(x) != 1:
                raise FormatError("sheet: crosses=N with one number", source, n)
            sheet.crosses = x[0]
        else:
            step = {"10": 1, "11": 2, "12": 4}[key]
            entries = ints(val, ",", "sheet column " + key, source, n, 1, 999)
            for e in entries:
                if e % step:
                    raise FormatError("sheet column %s: %d is not a multiple of %d points" % (key, e, step), source, n)
                if e > MOST_RUNS * step:
                    raise FormatError("sheet column %s: %d points is more than one turn scores there (at most %d)"
                                      % (key, e, MOST_RUNS * step), source, n)
            getattr(sheet, "e" + key).extend(entries)
    return sheet
