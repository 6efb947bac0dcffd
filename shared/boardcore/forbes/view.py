"""What one player may see of a Forbes game: the board, the stone just drawn, their own
cards, and only the cards others have shown (everyone's, once the board is full)."""

from boardcore.compat import const

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any


class PlayerView:
    """A read-only snapshot of a game as seen by the player in seat `seat`.

    Attributes:
        seat, name       whose view this is
        players          all names, in seat order
        dealer           the seat that dealt (and played first)
        board            16-character string, row by row from the top-left, "." empty
        hand             this player's 4 cards as a string in S, T, C, X order
        shown            list per seat: that player's cards, or None while hidden
        current          the seat to play, or None when the board is full
        stone            the stone drawn and not yet placed (face up, so all see it), or None
        stones_left      stones still face down, per symbol: {"S": n, ...}
        over             True when all 16 cells are filled
    """

    __slots__ = ("seat", "name", "players", "dealer", "board", "hand", "shown", "current", "stone", "stones_left", "over")

    def __init__(self, seat: int, name: str, players: "list[str]", dealer: int, board: str, hand: str,
                 shown: "list[str | None]", current: "int | None", stone: "str | None",
                 stones_left: "dict[str, int]", over: bool) -> None:
        self.seat = seat
        self.name = name
        self.players = players
        self.dealer = dealer
        self.board = board
        self.hand = hand
        self.shown = shown
        self.current = current
        self.stone = stone
        self.stones_left = stones_left
        self.over = over

    def cell(self, row: int, col: int) -> str:
        """The symbol code at (row, col), or "." when empty."""
        return self.board[row * 4 + col]

    def to_dict(self) -> "dict[str, Any]":
        """A JSON-ready dict (what the host sends the device for this player's screen)."""
        return {
            "seat": self.seat,
            "name": self.name,
            "players": list(self.players),
            "dealer": self.dealer,
            "board": self.board,
            "hand": self.hand,
            "shown": list(self.shown),
            "current": self.current,
            "stone": self.stone,
            "stones_left": dict(self.stones_left),
            "over": self.over,
        }
