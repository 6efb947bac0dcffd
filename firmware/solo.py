"""FITS solo on the device alone: the dealer's cards, the player's board kept from the
drops the player enters, the engine's hint, and each round scored as the rules core does.

The standalone dealer (standalone.py) runs this as its "FITS SOLO" game when the heap holds
the FITS engine beside it (standalone.KEPT_FROM; a real Pico has room to spare, the 96 KB
virtual board has not), and imports this module only then. The device cannot see the real
board, so the player tells it where each tile went:

- a card on show: short "next" opens the drop picker at its first drop; long "next" opens
  it at the engine's best drop (the hint, boardcore.fits.engine at its strongest device
  level). A building card that is the player's own start tile is skipped: "next" goes on.
- the drop picker shows the tile in its orientation at its column (the fits_hint screen;
  set aside: the card crossed out). Short "next": the next drop (orientation, then column
  order, set aside last); short "menu": the first drop of the next orientation; long
  "next": the hint; long "menu": the tile went there, on to the next card.
- a hint that finds no heap for its search shows the error screen "MEM" and changes
  nothing: the game goes on from the next press.
- after a round's 16th card its score is shown ("ROUND 1 +3"), then the next round deals
  on board 2, 3, 4; after the 4th, the total and its solo title ("TOTAL 27 ARCHITECT").

Game k of the dealer uses its Random(seed + k) here as in its FITS game: the same cards as
boardcore.fits.deck.deal_game(seed + k, 1).
"""

import screens
from kept import Kept
from boardcore.fits.board import Board
from boardcore.fits.deck import deal_round
from boardcore.fits.layouts import default_layout

PASS = "pass"  # the engine's and the record's word for a tile set aside
ROUNDS = 4
HINT_LEVEL = 2  # the strongest of boardcore.fits.engine.DEVICE_LEVELS


def deal(rng, players=1, dealer=0):
    """The dealer's way in (standalone.py): a new game from `rng` (one player)."""
    return Solo(rng)


class Solo(Kept):
    """One solo game of 4 rounds, dealt from `rng` (see the module docstring)."""

    def __init__(self, rng):
        self.rng = rng
        self.round = 0
        self.totals = []  # each finished round's score
        self.hints = 0  # hints asked for, in the whole game
        self.dealt = False  # the game's name is on show until the first "next"
        self.shown = 0  # cards shown so far (the dealer logs it)
        self.hands = None  # (no secret cards in FITS)
        self._round()

    def _round(self):
        self.round += 1
        starts, self.building = deal_round(self.rng, 1)
        self.start = starts[0]
        self.board = Board()
        self.layout = default_layout(self.round)
        self.card = 0  # 0: the start card; 1..16: the building cards in turn
        self.options = None  # while picking: every drop of the tile, then PASS if allowed
        self.cursor = 0
        self.scored = False  # the round's score is on show

    # -- what is on show ------------------------------------------------------------

    @property
    def tile(self):
        """The tile of the card on show."""
        return self.start if self.card == 0 else self.building[self.card - 1]

    @property
    def over(self):
        return self.scored and self.round == ROUNDS

    def skipped(self):
        """True for a building card that is the player's start tile (already placed)."""
        return self.card > 0 and self.tile == self.start

    def drop(self):
        """The drop the picker shows: (orientation, column), or PASS."""
        return self.options[self.cursor]

    def total(self):
        return sum(self.totals)

    def score_text(self):
        """The message shown once a round is scored."""
        if self.round < ROUNDS:
            return "ROUND %d %+d" % (self.round, self.totals[-1])
        from boardcore.fits.score import solo_rating

        total = self.total()
        return "TOTAL %d %s" % (total, solo_rating(total).upper())

    # -- presses ----------------------------------------------------------------------

    def press(self, name, kind):
        """A short or long press of "next" or "menu"; True when what is on show changed,
        None for a press the dealer handles (a "menu" on a card: the next game)."""
        self.note = None
        if not self.dealt:
            if name != "next":
                return None
            self.dealt = True
            self.shown += 1
            return True
        if self.scored:
            if name != "next" or self.over:
                return None
            self._round()
            self.shown += 1
            return True
        if self.options is None:
            if name != "next":
                return None
            if self.skipped():
                self._advance()
            else:
                self._pick(kind == "long")
            return True
        return self.press_picker(name, kind, self.options)

    def _pick(self, hint):
        options = [(o, c) for o, c, _ in self.board.legal_drops(self.tile)]
        if self.card > 0 or not options:
            options.append(PASS)  # a start tile is never set aside
        best = self.try_hint() if hint else None
        if hint and best is None:
            return  # no heap for the search: the card stays on show, under "MEM"
        self.options = options
        self.cursor = options.index(best) if hint else 0

    def menu_step(self):
        # To the first drop of the next orientation (set aside counts as one).
        now = self.drop()
        n = len(self.options)
        for k in range(1, n + 1):
            i = (self.cursor + k) % n
            there = self.options[i]
            if there == PASS or now == PASS or there[0] != now[0]:
                self.cursor = i
                return

    def hint(self):
        """The engine's best drop for the tile on show, (orientation, column) or PASS."""
        from boardcore.fits import engine

        # building[card - 1] is on show: the cards after it are still to come this round.
        come = [t for t in self.building[self.card:] if t != self.start and not self.board.used(t)]
        pos = engine.Position(self.board, self.layout, self.tile, come, self.card > 0)
        move, _ = engine.best(pos, HINT_LEVEL)
        self.hints += 1
        return move

    def _place(self):
        move = self.drop()
        if move != PASS:
            self.board.drop(self.tile, move[0], move[1])
        self._advance()

    def _advance(self):
        self.options = None
        self.cursor = 0
        if self.card < 16:
            self.card += 1
            self.shown += 1
            return
        from boardcore.fits.score import score_board

        self.totals.append(score_board(self.board, self.layout)["total"])
        self.scored = True

    # -- the dealer's side ------------------------------------------------------------

    def draw_game(self, dealer):
        """Draw what is on show on the dealer's display and show it (kept.Kept.draw)."""
        d = dealer.display
        if not self.dealt:
            dealer._message("FITS SOLO")
            return
        if self.scored:
            dealer._message(self.score_text())
            return
        tile = self.tile
        if self.options is not None:
            move = self.drop()
            if move == PASS:
                screens.draw("fits_hint", d, tile=tile)
            else:
                screens.draw("fits_hint", d, tile=tile, orientation=move[0], column=move[1])
        elif self.card == 0:
            screens.draw("fits_card", d, tile=tile, start=True, round_no=self.round, player=1, board_no=self.round)
        else:
            # The player's own start tile, skipped, in the player's colour as the dealer draws it.
            screens.draw("fits_card", d, tile=tile, round_no=self.round, player=1 if self.skipped() else None,
                         board_no=self.round)
        dealer._show()
