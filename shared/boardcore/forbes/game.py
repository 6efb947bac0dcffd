"""One game of Forbes: the deal, the turns (draw a stone, place it), and the final scores.

>>> from boardcore.rng import Random
>>> game = Game(["Ann", "Bob", "Cy"], dealer=0, rng=Random(7))   # deals 4 secret cards each
>>> game.current                    # the dealer plays first, then seats dealer+1, dealer+2, ...
0
>>> game.draw(0)                    # a random face-down stone from the core's seeded source
'S'
>>> game.place(0, 1, 2)             # on any empty cell (row, col), 0-based from the top-left
>>> game.board, game.current
('......S.........', 1)
>>> view = game.view(1)             # what that player may see: their own cards only
>>> view.hand, view.shown
('STTC', [None, 'STTC', None])
>>> game.play(1, 1, 2)
Traceback (most recent call last):
    ...
boardcore.forbes.errors.CellTakenError: cell (1, 2) already holds a S
>>> game.scores()                   # once all 16 cells are filled; reveals every hand
Traceback (most recent call last):
    ...
boardcore.forbes.errors.GameNotOverError: the game is not over: 15 of 16 cells are still empty

For a game played with real stones and cards, give `hands=` and say which stone was drawn;
then no random source is needed:

>>> table = Game(["Ann", "Bob"], dealer=1, hands=["SSTC", "TCXX"])
>>> table.play(1, 3, 3, "T")        # draw(seat, "T") then place(seat, 3, 3)
'T'

Seats are 0..n-1 in turn order round the table (the dealer's neighbour who plays next is
seat dealer+1). Every method that changes the game checks everything first: when it raises
a ForbesError the game is exactly as before.
"""

from boardcore.compat import const
from boardcore.forbes.deal import check_hands, check_players, deal, pick_stone
from boardcore.forbes.errors import (
    CellTakenError,
    DrawError,
    GameNotOverError,
    GameOverError,
    HandError,
    OffBoardError,
    OutOfTurnError,
    UnknownPlayerError,
)
from boardcore.forbes.rules import CELLS, SIZE, STONES_PER_SYMBOL, SYMBOLS, Options

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Sequence
    from boardcore.forbes.view import PlayerView
    from boardcore.rng import Random

_EMPTY_BYTE = 46  # ord(".")


class Game:
    """One Forbes game, from the deal to the full board. See the module docstring."""

    __slots__ = ("players", "dealer", "options", "_rng", "_hands", "_board", "_pool", "_stone", "_shown", "moves")

    def __init__(self, players: "int | Sequence[str]", dealer: int = 0, options: "Options | None" = None,
                 rng: "Random | None" = None, hands: "Sequence[str] | None" = None) -> None:
        """Deal a new game.

        players: 2..5 names in seat (turn) order, or a count.
        dealer: the seat that deals and plays first.
        options: a boardcore.forbes.rules.Options (defaults when None).
        rng: a boardcore.rng.Random; deals the cards (unless `hands`) and draws the stones
             (unless the stone is named). Without it, hands and stones must be given.
        hands: the dealt hands by seat (strings of 4 codes), for a game dealt at a real table.
        """
        self.players = check_players(players)
        n = len(self.players)
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise UnknownPlayerError("dealer seat %r is not one of 0..%d" % (dealer, n - 1))
        self.dealer = dealer
        self.options = options if options is not None else Options()
        self._rng = rng
        if hands is not None:
            self._hands = check_hands(hands, n)
        elif rng is None:
            raise HandError("no hands given and no random source to deal them from")
        else:
            self._hands = deal(rng, n, dealer)
        self._board = bytearray(b"." * CELLS)
        self._pool = bytearray([STONES_PER_SYMBOL] * len(SYMBOLS))
        self._stone: "str | None" = None
        self._shown = [False] * n
        self.moves: "list[tuple[int, str, int, int]]" = []  # (seat, symbol, row, col) in play order

    # --- reading the state -------------------------------------------------------------

    @property
    def board(self) -> str:
        """The board as 16 codes row by row from the top-left, "." for an empty cell."""
        return str(bytes(self._board), "ascii")

    @property
    def over(self) -> bool:
        """True once all 16 cells hold a stone."""
        return len(self.moves) == CELLS

    @property
    def current(self) -> "int | None":
        """The seat whose turn it is, or None when the board is full."""
        if self.over:
            return None
        return (self.dealer + len(self.moves)) % len(self.players)

    @property
    def stone(self) -> "str | None":
        """The stone drawn by the current player and not yet placed, or None."""
        return self._stone

    @property
    def order(self) -> "list[int]":
        """The seats in playing order, the dealer first."""
        n = len(self.players)
        return [(self.dealer + k) % n for k in range(n)]

    @property
    def second(self) -> int:
        """The seat that plays second; by the rules it deals the next game."""
        return (self.dealer + 1) % len(self.players)

    def stones_left(self) -> "dict[str, int]":
        """Face-down stones per symbol: {"S": 12, "T": 11, ...}."""
        out = {}
        for i in range(len(SYMBOLS)):
            out[SYMBOLS[i]] = self._pool[i]
        return out

    def seat_of(self, name: str) -> int:
        """The seat of a player name; UnknownPlayerError if there is none."""
        if name in self.players:
            return self.players.index(name)
        raise UnknownPlayerError("no player called %r (players: %s)" % (name, ", ".join(self.players)))

    def view(self, seat: int) -> "PlayerView":
        """What the player in `seat` may see: their own cards, and others' only once shown."""
        from boardcore.forbes.view import PlayerView  # imported on use: the device's heap is small

        self._check_seat(seat)
        shown = []
        for s in range(len(self.players)):
            shown.append(self._hands[s] if (s == seat or self._shown[s] or self.over) else None)
        return PlayerView(
            seat,
            self.players[seat],
            list(self.players),
            self.dealer,
            self.board,
            self._hands[seat],
            shown,
            self.current,
            self._stone,
            self.stones_left(),
            self.over,
        )

    def all_hands(self) -> "list[str]":
        """Every hand by seat. For records and the end-of-game reveal, never for a player's screen."""
        return list(self._hands)

    def scores(self) -> "list[dict[str, Any]]":
        """The final scores (boardcore.forbes.score.score_board), one dict per seat; needs a full board."""
        if not self.over:
            raise GameNotOverError("the game is not over: %d of 16 cells are still empty" % (CELLS - len(self.moves)))
        from boardcore.forbes.score import score_board  # imported on use, like the view

        return score_board(self.board, self._hands, self.options)

    # --- actions -------------------------------------------------------------------------

    def reveal(self, seat: int) -> None:
        """The player in `seat` shows their cards to the table (all views show them from now)."""
        self._check_seat(seat)
        self._shown[seat] = True

    def draw(self, seat: int, symbol: "str | None" = None) -> str:
        """The current player takes a face-down stone and turns it up; returns its code.

        With `symbol`, the stone drawn at a real table is that one; otherwise the core's
        random source picks one of the remaining face-down stones, each equally likely.
        """
        self._check_turn(seat)
        if self._stone is not None:
            raise DrawError("%s already drew a %s: place it first" % (self.players[seat], self._stone))
        if symbol is None:
            if self._rng is None:
                raise DrawError("this game has no random source: say which stone was drawn")
            i = pick_stone(self._rng, self._pool)
        else:
            i = self._symbol(symbol)
            if not self._pool[i]:
                raise DrawError("all %d %s stones are already on the board" % (STONES_PER_SYMBOL, symbol))
        self._pool[i] -= 1
        self._stone = SYMBOLS[i]
        return self._stone

    def place(self, seat: int, row: int, col: int) -> None:
        """The current player puts the stone they drew on the empty cell (row, col)."""
        self._check_turn(seat)
        index = self._check_cell(row, col)
        if self._stone is None:
            raise DrawError("%s must draw a stone before placing one" % self.players[seat])
        self._board[index] = ord(self._stone)
        self.moves.append((seat, self._stone, row, col))
        self._stone = None

    def take_back(self) -> "tuple[int, str, int, int]":
        """Take the last placement back: its stone is the drawn stone of the player who
        placed it again, to be placed anew (nothing has been drawn since). Returns the move
        taken back, (seat, stone, row, col). Refused once the board is full: the end of
        the game has shown every hand."""
        if self.over:
            raise GameOverError("the board is full: the game is over and every hand has been shown")
        if not self.moves:
            raise DrawError("no stone has been placed in this game yet")
        if self._stone is not None:
            raise DrawError("%s has drawn a stone since: the placements before it stay" % self.players[self.current or 0])
        move = self.moves.pop()
        self._board[move[2] * SIZE + move[3]] = _EMPTY_BYTE
        self._stone = move[1]
        return move

    def play(self, seat: int, row: int, col: int, symbol: "str | None" = None) -> str:
        """Draw (unless already drawn) and place in one step; returns the stone's code.

        `symbol` names the stone drawn at a real table; if a stone is already drawn it must
        match. The cell is checked before anything is drawn.
        """
        self._check_turn(seat)
        self._check_cell(row, col)
        if self._stone is None:
            if symbol is not None:
                self._symbol(symbol)  # a bad code fails before the draw
            stone = self.draw(seat, symbol)
        else:
            stone = self._stone
            if symbol is not None and symbol != stone:
                raise DrawError("%s drew a %s, not a %r" % (self.players[seat], stone, symbol))
        self.place(seat, row, col)
        return stone

    # --- checks (raise before anything changes) ----------------------------------------

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.players):
            raise UnknownPlayerError("no seat %r in this game (seats 0..%d)" % (seat, len(self.players) - 1))

    def _check_turn(self, seat: int) -> None:
        self._check_seat(seat)
        if self.over:
            raise GameOverError("the board is full: the game is over")
        current = (self.dealer + len(self.moves)) % len(self.players)
        if seat != current:
            raise OutOfTurnError("it is %s's turn, not %s's" % (self.players[current], self.players[seat]))

    def _check_cell(self, row: int, col: int) -> int:
        for v in (row, col):
            if not isinstance(v, int) or isinstance(v, bool):
                raise OffBoardError("cell (%r, %r): row and column must be whole numbers" % (row, col))
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            raise OffBoardError("cell (%d, %d) is off the board: rows and columns are 0..3" % (row, col))
        index = row * SIZE + col
        if self._board[index] != _EMPTY_BYTE:
            raise CellTakenError("cell (%d, %d) already holds a %s" % (row, col, chr(self._board[index])))
        return index

    def _symbol(self, symbol: object) -> int:
        if not isinstance(symbol, str) or len(symbol) != 1 or symbol not in SYMBOLS:
            raise DrawError("unknown stone %r: use S (square), T (triangle), C (circle) or X (star)" % (symbol,))
        return SYMBOLS.index(symbol)
