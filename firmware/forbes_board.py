"""Forbes with the board kept, on the device alone: the dealer's cards and stones, every
stone's cell entered on the buttons, the engine's hint, and the game scored at the end as
the rules core scores it.

The standalone dealer (standalone.py) runs this as its "FORBES 3P BOARD" game (for 3
players) where the heap holds the rules and the Forbes engine beside it (standalone.KEPT_FROM,
as FITS solo) and the board has player buttons to show each player's cards, and imports
this module only then. The device cannot see the real board, so the players tell
it where each stone went:

- the stone drawn for the player to move is on show (the dealer's seat first, then in seat
  order): short "next" opens the cell picker at the first empty cell; long "next" opens it
  at the engine's best cell for that player (boardcore.forbes.engine at its strongest
  device level, from that player's own cards and what everyone saw: never another seat's).
- the cell picker draws the forbes_hint screen (the stones placed, the stone at the cell).
  Short "next": the next empty cell (row by row from the top-left); short "menu": the first
  empty cell of the next row; long "next": the hint; long "menu": the stone went there, and
  the next player's stone is drawn.
- holding pN shows player N's cards, as in the dealer's Forbes (the dealer draws them).
- a long "menu" on the stone changes the player count (a new deal) only before the first
  stone is placed: after that it would throw the board away, and does nothing.
- a hint that finds no heap for its search shows the error screen "MEM" and changes
  nothing: the game goes on from the next press.
- once the board is full, the scores ("P1 12  P2 7 ...") as the rules core counts them.

The game is boardcore.forbes.game.Game(players, dealer, rng): the same cards and stones as
the dealer's Forbes deals and draws for the same seed.
"""

import screens
from kept import Kept
from boardcore.forbes.game import Game

HINT_LEVEL = 3  # the strongest of boardcore.forbes.engine.DEVICE_LEVELS
SIZE = 4


def deal(rng, players, dealer):
    """The dealer's way in (standalone.py): a new game of `players` seats from `rng`."""
    return ForbesBoard(players, dealer, rng)


class ForbesBoard(Kept):
    """One Forbes game of `players` seats dealt by seat `dealer` from `rng`."""

    def __init__(self, players, dealer, rng):
        self.game = Game(players, dealer, rng=rng)
        self.hands = self.game.all_hands()  # for the dealer's pN peek (its own screen)
        self.cells = None  # while picking: the empty cells, row by row
        self.cursor = 0
        self.hints = 0
        self.dealt = False  # the game's name is on show until the first "next"
        self.shown = 0  # stones drawn so far (the dealer logs it)

    @property
    def over(self):
        return self.game.over

    def cell(self):
        """The cell the picker shows, (row, col) from 0."""
        return self.cells[self.cursor]

    def totals(self):
        return [s["total"] for s in self.game.scores()]

    # -- presses ----------------------------------------------------------------------

    def press(self, name, kind):
        """A short or long "next" or "menu"; True when what is on show changed, None for a
        press the dealer handles (a "menu" on the stone: the next game or player count)."""
        game = self.game
        self.note = None
        if game.over:
            return None
        if not self.dealt:
            if name != "next":
                return None
            self.dealt = True
            self._draw_stone()
            return True
        if self.cells is None:
            if name == "menu" and kind == "long" and game.moves:
                return False  # no new player count once the board holds a stone
            if name != "next":
                return None
            board = game.board
            cells = [(i // SIZE, i % SIZE) for i in range(SIZE * SIZE) if board[i] == "."]
            best = self.try_hint() if kind == "long" else None
            if kind == "long" and best is None:
                return True  # no heap for the search: the stone stays on show, under "MEM"
            self.cells = cells
            self.cursor = cells.index(best) if kind == "long" else 0
            return True
        return self.press_picker(name, kind, self.cells)

    def menu_step(self):
        # To the first empty cell of the next row that has one.
        row = self.cell()[0]
        n = len(self.cells)
        for k in range(1, n + 1):
            i = (self.cursor + k) % n
            if self.cells[i][0] != row:
                self.cursor = i
                break

    def hint(self):
        """The engine's best cell for the stone on show, for the player to move."""
        from boardcore.forbes import engine

        game = self.game
        cell, _ = engine.best(engine.position(game, game.current), HINT_LEVEL)
        self.hints += 1
        return cell

    def _place(self):
        game = self.game
        row, col = self.cell()
        game.place(game.current, row, col)
        self.cells = None
        self.cursor = 0
        if not game.over:
            self._draw_stone()

    def _draw_stone(self):
        game = self.game
        game.draw(game.current)
        self.shown += 1

    # -- the dealer's side ------------------------------------------------------------

    def draw_game(self, dealer):
        """Draw what is on show on the dealer's display and show it (kept.Kept.draw)."""
        d = dealer.display
        game = self.game
        if not self.dealt:
            dealer._message("FORBES %dP BOARD" % len(self.hands))
            return
        if game.over:
            dealer._set_scroller(screens.draw("scores", d, scores=self.totals()))
            return
        if self.cells is None:
            screens.draw("forbes_stone", d, stone=game.stone)
        else:
            row, col = self.cell()
            screens.draw("forbes_hint", d, stone=game.stone, row=row, col=col, board=game.board)
        dealer._show()
