"""Forbes: the fixed numbers of the game, the symbol codes, and the rule options.

The numbers of the cards and stones, the symbol codes and sort_cards are
boardcore.forbes.cards (re-exported here). Symbols travel everywhere (board, hands,
text formats, JSON) as one-letter codes:
    S square    T triangle    C circle    X star (X, because S is taken by square)
An empty cell is ".". Cells are (row, col) from the top-left, 0-based, as in docs/rules.md;
inside the core a cell is the index row * 4 + col.

docs/forbes-rules.md gives our reading of the source text behind every number and option.
"""

from boardcore.compat import const
from boardcore.forbes.cards import CARDS_PER_SYMBOL, CELLS, HAND_SIZE, STONES_PER_SYMBOL, SYMBOLS, sort_cards

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any

SIZE = const(4)
SYMBOL_NAMES = ("square", "triangle", "circle", "star")
EMPTY = "."
MIN_PLAYERS = const(2)
MAX_PLAYERS = const(5)
TARGET_SCORE = const(100)

# Points of a complete one-symbol pattern, per pattern kind.
VALUES = (("row", 2), ("column", 2), ("square", 4), ("diagonal", 6), ("centre", 8), ("corners", 10))


def symbol_name(code: str) -> str:
    """The English name of a symbol code.

    >>> symbol_name("S"), symbol_name("X")
    ('square', 'star')
    """
    return SYMBOL_NAMES[symbol_index(code)]


def symbol_index(code: object) -> int:
    """0..3 for S, T, C, X; ValueError naming the bad code otherwise."""
    if not isinstance(code, str) or len(code) != 1 or code not in SYMBOLS:
        raise ValueError("unknown symbol %r: use S (square), T (triangle), C (circle) or X (star)" % (code,))
    return SYMBOLS.index(code)


class Options:
    """The rule settings of one Forbes match; every uncertain reading of the source is one.

    centre_also_square: the centre 2 x 2 block also scores as a square (4 points) besides
        the centre pattern (8 points). Default False: 8 squares count, not 9.
    pay_once_per_player: a player holding several cards of a pattern's symbol is paid the
        pattern's value once. Default False: paid once per card.
    target_score: the match ends after the game in which a player's total reaches (>=)
        this. Default 100, the source's number.
    """

    __slots__ = ("centre_also_square", "pay_once_per_player", "target_score")

    NAMES = ("centre_also_square", "pay_once_per_player", "target_score")

    def __init__(self, centre_also_square: bool = False, pay_once_per_player: bool = False,
                 target_score: int = TARGET_SCORE) -> None:
        if centre_also_square not in (True, False):
            raise ValueError("centre_also_square must be true or false, not %r" % (centre_also_square,))
        if pay_once_per_player not in (True, False):
            raise ValueError("pay_once_per_player must be true or false, not %r" % (pay_once_per_player,))
        if not isinstance(target_score, int) or isinstance(target_score, bool) or target_score < 1:
            raise ValueError("target_score must be a positive whole number, not %r" % (target_score,))
        self.centre_also_square = bool(centre_also_square)
        self.pay_once_per_player = bool(pay_once_per_player)
        self.target_score = target_score

    @classmethod
    def from_dict(cls, values: "dict[str, Any]") -> "Options":
        """Options from a dict of name -> value; an unknown name is a ValueError."""
        for name in values:
            if name not in cls.NAMES:
                raise ValueError("unknown Forbes option %r (known: %s)" % (name, ", ".join(cls.NAMES)))
        return cls(**values)

    def to_dict(self) -> "dict[str, Any]":
        return {
            "centre_also_square": self.centre_also_square,
            "pay_once_per_player": self.pay_once_per_player,
            "target_score": self.target_score,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return "Options(centre_also_square=%r, pay_once_per_player=%r, target_score=%r)" % (
            self.centre_also_square,
            self.pay_once_per_player,
            self.target_score,
        )
