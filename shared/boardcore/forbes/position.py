"""The Forbes position file: a board and the players' hands, for scoring (docs/forbes-formats.md).

    forbes-position 1
    option centre_also_square off      # optional, any of the rule options
    board SSSS                         # four board lines, top row first:
    board TCXT                         #   S T C X, or "." for an empty cell
    board ....
    board X..C
    hand Ann SSTC                      # 1 to 5 hands: NAME and 4 card codes
    hand Bob XXCT

>>> text = "forbes-position 1\\n" + "".join("board %s\\n" % row for row in ("SSSS", "TCXT", "....", "X..C"))
>>> position = parse_position(text + "hand Ann SSTC\\nhand Bob XXCT\\n", "position.txt")
>>> position.hands, position.full
(['SSTC', 'TCXX'], False)
>>> position.score()["players"]["Ann"]      # row 0 is all squares: 2 points per S card
{'total': 4, 'lines': [{'pattern': 'row0', 'kind': 'row', 'symbol': 'S', 'cards': 2, 'points': 4}]}
>>> format_position(position).split("\\n")[-3:]
['hand Ann SSTC', 'hand Bob TCXX', '']
"""

from boardcore.compat import const
from boardcore.errors import FormatError
from boardcore.forbes.deal import check_hands, over_dealt
from boardcore.forbes.errors import HandError
from boardcore.forbes.rules import CELLS, EMPTY, MAX_PLAYERS, SIZE, STONES_PER_SYMBOL, SYMBOLS, Options
from boardcore.forbes.record import VERSION, format_options, parse_option, word_lines
from boardcore.names import name_problem
from boardcore.forbes.score import score_board

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Sequence

HEADER = "forbes-position"


class Position:
    """A board (16 codes, "." empty), player names and their hands, and the options."""

    __slots__ = ("board", "players", "hands", "options")

    def __init__(self, board: str, players: "Sequence[str]", hands: "Sequence[str]", options: "Options | None" = None) -> None:
        self.board = board
        self.players = list(players)
        self.hands = list(hands)
        self.options = options if options is not None else Options()

    @property
    def full(self) -> bool:
        return EMPTY not in self.board

    def score(self) -> "dict[str, Any]":
        """{"full": bool, "players": {name: {"total", "lines"}}}: see boardcore.forbes.score."""
        scores = score_board(self.board, self.hands, self.options)
        out = {}
        for i in range(len(self.players)):
            out[self.players[i]] = scores[i]
        return {"full": self.full, "players": out}


def parse_position(text: str, source: "str | None" = None) -> Position:
    """A Position from the text of a position file; FormatError (with the line) if malformed."""
    lines = word_lines(text, source, HEADER)
    values: "dict[str, Any]" = {}
    rows: "list[str]" = []
    names: "list[str]" = []
    hands: "list[str]" = []
    last = 1
    for number, words in lines:
        last = number
        kind = words[0]
        if kind == "option":
            parse_option(words, values, source, number)
        elif kind == "board":
            if len(words) != 2 or len(words[1]) != SIZE:
                raise FormatError("a board line is 'board' and 4 cells, such as 'board ST.X'", source, number)
            if len(rows) == SIZE:
                raise FormatError("more than 4 board lines", source, number)
            for ch in words[1]:
                if ch != EMPTY and ch not in SYMBOLS:
                    raise FormatError("unknown cell %r: use S, T, C, X or ." % ch, source, number)
            rows.append(words[1])
            for symbol in SYMBOLS:
                stones = "".join(rows).count(symbol)
                if stones > STONES_PER_SYMBOL:
                    raise FormatError("%d %s stones on the board, but there are only %d"
                                      % (stones, symbol, STONES_PER_SYMBOL), source, number)
        elif kind == "hand":
            if len(words) != 3:
                raise FormatError("a hand line is 'hand NAME CARDS', such as 'hand Ann SSTC'", source, number)
            if words[1] in names:
                raise FormatError("player %r has two hands" % words[1], source, number)
            problem = name_problem(words[1])
            if problem is not None:
                raise FormatError(problem, source, number)
            if len(names) == MAX_PLAYERS:
                raise FormatError("more than %d hands" % MAX_PLAYERS, source, number)
            cards = words[2]
            if len(cards) != 4 or [c for c in cards if c not in SYMBOLS]:
                raise FormatError("%s's hand %r must be 4 cards of S, T, C, X" % (words[1], cards), source, number)
            names.append(words[1])
            hands.append(cards)
            problem = over_dealt(hands)
            if problem is not None:
                raise FormatError(problem, source, number)
        else:
            raise FormatError("unknown line %r (expected option, board or hand)" % kind, source, number)
    if len(rows) != SIZE:
        raise FormatError("the board needs 4 'board' lines, found %d" % len(rows), source, last)
    if not hands:
        raise FormatError("no 'hand' lines: nobody to score for", source, last)
    try:
        hands = check_hands(hands, len(hands))
        options = Options.from_dict(values)
    except (HandError, ValueError) as exc:
        raise FormatError(str(exc), source, last)
    board = "".join(rows)
    assert len(board) == CELLS
    return Position(board, names, hands, options)


def format_position(position: Position) -> str:
    """The text of a position file for `position` (round-trips through parse_position)."""
    out = [HEADER + " " + VERSION]
    out.extend(format_options(position.options))
    for r in range(SIZE):
        out.append("board " + position.board[r * SIZE : (r + 1) * SIZE])
    for i in range(len(position.players)):
        out.append("hand %s %s" % (position.players[i], position.hands[i]))
    return "\n".join(out) + "\n"
