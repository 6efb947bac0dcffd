"""The standalone dealer: with no host, the device still deals, from the shared core.

    dealer = Standalone(display, show, set_scroller, seed=None, players=2, log=None)
    dealer.start()            # shows the game's name; the first "next" deals
    dealer.handle(event)      # every input event; True when the screen changed

`show()` pushes the frame (the app's); `set_scroller(scroller)` hands a
screens.Scroller to the app, which steps it (and shows) on its timer. The dealer draws
through screens.draw only, with the kinds and keys a host's frames use.

Games, in the order "menu" (short press) steps through them:
- FITS (boardcore.fits.deck.deal_round with the game's Random: the same cards as
  boardcore.fits.deck.deal_game(seed, players)): each round first shows every player's start
  card (inverted, in the player's colour), one per "next", then the 16 building cards
  (a building card that is a player's start tile, which that player skips, is drawn in
  the player's colour); 4 rounds, then "END". Every card of round r shows the round's
  pips and board r's, as a host's cards do. Holding player button pN shows player
  N's start card again.
- The games whose board the device keeps, from KEPT_FROM bytes of heap (the menu then goes
  FITS, FITS solo, Zatre, Forbes, Forbes with the board): the players enter every move on
  the buttons, so the device keeps the board, shows the engine's best move on a long "next"
  and scores the game. FITS solo (solo.py) deals the cards of a 1-player FITS game; Forbes
  with the board (forbes_board.py) the cards and stones of the Forbes game below, and pN
  shows player N's cards as there. Each draws its own screens (`kept`).
- Zatre (zatre_bag.Bag with the game's Random): "next" draws the tiles of the next turn,
  3 on the first turn and 2 after; a long "next" draws a single tile (for a player who
  kept one). The device does not see the board, so it shows no hint.
- Forbes (boardcore.forbes.cards.deal and pick_stone with the game's Random: the
  same secret cards and stones as forbes_game.Game(players, dealer, rng) deals and
  draws, without the rules engine's heap): "next" draws the next stone and shows it.
  Holding pN shows player N's cards while held; on a board without player buttons a
  long "next" shows the hands one seat after another (pass the device), then the stone
  again. A hand shows its seat as pips down the right edge. The device does not see
  where a stone goes: it only counts the stones placed (only the face-down pool matters
  to the draw), and shows no scores. After 16
  stones "END"; the next game is dealt by the player who played second.
Buttons everywhere (but in the kept games' pickers, solo.py and forbes_board.py): "menu"
short = next game; "menu" long = next player count (FITS 1..4, Forbes 2..5, Forbes with the
board 2 up to its player buttons, each redealing; ignored in FITS solo and Zatre, which have
one count, and in Forbes with the board once a stone is on it);
"next" long in FITS = deal the
game again with the next seed. Game k (from 0) uses Random(seed + k), `game_seed`.
Changing the game unloads the other games' core and screen modules to free heap.
`log` keeps the last few games dealt ([game, players, seed, screens shown]), which the
app reports to a host that comes back.
"""

import screens
from boardcore import glyphs

MODES = ("fits", "zatre", "forbes")
# With the games whose board the device keeps, where they fit: FITS solo (solo.py) and
# Forbes with the board (forbes_board.py).
KEPT_MODES = ("fits", "solo", "zatre", "forbes", "forbes_board")
_PLAYERS = {"fits": (1, 4), "solo": (1, 1), "zatre": (1, 1), "forbes": (2, 5), "forbes_board": (2, 5)}
_GAME = {"solo": "fits", "forbes_board": "forbes"}  # a mode's game, when its name is not one
_PLAYER_BUTTONS = ("p1", "p2", "p3", "p4", "p5", "p6")
# From this much heap (MicroPython) the menu offers the games whose board the device keeps,
# which hold a rules core and its engine beside the dealer (about 131 KB live at the peak
# of a FITS solo game on the unix port).
KEPT_FROM = 150 * 1024


def _kept_fit():
    # On a host (boardlight direct) always; on MicroPython from KEPT_FROM bytes of heap.
    from boardcore.compat import IS_MICROPYTHON

    if not IS_MICROPYTHON:
        return True
    import gc

    return gc.mem_free() + gc.mem_alloc() >= KEPT_FROM


def _default_seed():
    import time

    try:
        return time.ticks_us() & 0x3FFFFFFF  # MicroPython
    except AttributeError:
        return time.time_ns() & 0x3FFFFFFF


class Standalone:
    """The dealer the app runs when no host is connected (see the module docstring)."""

    def __init__(self, display, show, set_scroller, seed=None, players=2, log=None, buttons=None):
        if seed is None:
            seed = _default_seed()
        if not isinstance(seed, int) or seed < 0:
            raise ValueError("seed must be a non-negative integer, not %r" % (seed,))
        self.display = display
        self._show = show
        self._set_scroller = set_scroller
        self.seed = seed
        self.games = 0  # games dealt so far; game k uses Random(seed + k)
        self.mode = "fits"
        self.modes = KEPT_MODES if _kept_fit() else MODES
        # Forbes with the board shows each player's cards on their pN button only: it
        # seats as many players as there are such buttons (`buttons`: the board's button
        # names; None: all six), and is not offered with fewer than two.
        self.seats = 6 if buttons is None else len([b for b in buttons if b in _PLAYER_BUTTONS])
        if self.seats < 2:
            self.modes = tuple(m for m in self.modes if m != "forbes_board")
        self.players = {"fits": 2, "solo": 1, "zatre": 1, "forbes": 2, "forbes_board": 2}
        if not 1 <= players <= 4:
            raise ValueError("players must be 1..4 to start with, not %r" % (players,))
        self.players["fits"] = players
        self.players["forbes"] = max(2, players)
        self.players["forbes_board"] = min(max(2, players), max(2, self.seats))
        self.game_seed = None
        self.over = False
        self.held = None  # the player button held down, e.g. "p2"
        # FITS
        self.rng = None  # the game's Random (FITS and Forbes; Zatre's bag holds its own)
        self.round = 0
        self.starts = None
        self.building = None
        self.pos = -1  # -1 before the first card; then start cards, then building cards
        # Zatre
        self.bag = None
        self.turn = 0
        self.tiles = None
        # Forbes
        self.hands = None  # every seat's 4 secret cards, e.g. "SSTX"
        self.pool = None  # face-down stones per symbol, in forbes_rules.SYMBOLS order
        self.stone = None  # the stone drawn last (on show until the next "next"), or None
        self.placed = 0  # stones put on the real board
        self.dealer = 0  # the seat that deals (and plays first); next game: the second
        self.peek = -1  # seat whose hand a long "next" shows, -1 for none
        # The game whose board the device keeps (solo.Solo, forbes_board.ForbesBoard), in
        # those modes: it takes the presses it knows, and draws itself.
        self.kept = None
        # What was dealt, for a host that comes back (docs/protocol.md, "away"): the last
        # 4 games as [game, players, seed, screens shown], oldest first, in `log`
        # when given (a list that outlives the dealer).
        self.log = [] if log is None else log

    # -- the app's side ---------------------------------------------------------------

    def start(self):
        """Deal a new game of the current mode and show its name."""
        self._deal()

    def handle(self, event):
        """One input event; returns True when the screen changed. Unknown buttons and
        scans are ignored (False); a malformed event is a ValueError."""
        if not isinstance(event, tuple) or not event:
            raise ValueError("an event is a tuple such as ('button', 'next', 'short'), not %r" % (event,))
        if event[0] == "scan":
            return False
        if event[0] != "button" or len(event) != 3 or event[2] not in ("down", "short", "long"):
            raise ValueError("malformed input event %r" % (event,))
        _, name, kind = event
        if self.kept is not None and kind != "down" and not self.over:
            changed = self.kept.press(name, kind)
            if changed is not None:
                self.over = self.kept.over
                self.log[-1][3] = self.kept.shown
                self.draw()
                return changed
        if name in _PLAYER_BUTTONS:
            return self._player_button(name, kind)
        if kind == "down":
            return False
        if name == "menu":
            if kind == "short":
                self.mode = self.modes[(self.modes.index(self.mode) + 1) % len(self.modes)]
            else:
                lo, hi = _PLAYERS[self.mode]
                if self.mode == "forbes_board":
                    hi = min(hi, self.seats)
                if lo == hi:
                    return False  # Zatre: one shared bag, nothing to change
                n = self.players[self.mode]
                self.players[self.mode] = lo if n >= hi else n + 1
            self._deal()
            return True
        if name == "next":
            return self._next(kind == "long")
        return False

    # -- dealing ---------------------------------------------------------------------

    def _unload_other_games(self):
        # A game's core and screen modules take 5-20 KB of heap each on the device:
        # keep only the current game's loaded (they are imported again when needed).
        keep = _GAME.get(self.mode, self.mode)
        self.rng = None
        self.kept = None
        if keep != "fits":
            self.starts = self.building = None
        if keep != "zatre":
            self.bag = self.tiles = None
        if keep != "forbes":
            self.hands = self.pool = self.stone = None
        from boardcore.compat import IS_MICROPYTHON

        if not IS_MICROPYTHON:
            # On a host (boardlight direct) memory is plenty, and unloading would leave
            # two copies of the core's classes (an old error class no longer matching).
            return
        from unload import unload

        names = tuple(p + g for p in ("boardcore.", "screens.") for g in MODES if g != keep)
        # The kept games draw their pickers with the hint screens; the others do not.
        unload(names if self.mode in _GAME else names + ("screens.hint",))
        import gc

        gc.collect()

    def _deal(self):
        from boardcore.rng import Random

        self._unload_other_games()

        self.game_seed = self.seed + self.games
        self.games += 1
        rng = Random(self.game_seed)
        if len(self.log) == 4:
            self.log.pop(0)
        self.log.append([_GAME.get(self.mode, self.mode), self.players[self.mode], self.game_seed, 0])
        self.over = False
        self.held = None
        mode = self.mode
        n = self.players[mode]
        if mode == "fits":
            self.rng = rng
            self.round = 0
            self._fits_round()
            self.pos = -1
        elif mode in _GAME:
            import sys

            module = __import__(mode)
            # Not kept in sys.modules: the game holds its module (and kept.py, its base),
            # and they go with it (a host's unload_games() need not know of them).
            for name in (mode, "kept"):
                sys.modules.pop(name, None)
            self.kept = module.deal(rng, n, self.dealer % n)
            self.hands = self.kept.hands
            self.kept.draw(self)
            return
        elif mode == "zatre":
            from boardcore.zatre.bag import Bag

            self.bag = Bag(rng)
            self.turn = 0
            self.tiles = None
        else:
            from boardcore.forbes.cards import SYMBOLS, STONES_PER_SYMBOL, deal

            self.dealer %= n
            self.hands = None  # a deal that runs out of heap leaves no half-made game
            self.stone = None
            self.placed = 0
            self.pool = bytearray([STONES_PER_SYMBOL] * len(SYMBOLS))
            self.rng = rng
            self.hands = deal(rng, n, self.dealer)
            self.peek = -1
        title = {"fits": "FITS", "solo": "FITS SOLO", "zatre": "ZATRE", "forbes": "FORBES"}[mode]
        if mode in ("fits", "forbes"):
            title += " %dP" % n
        self._message(title)

    def _fits_round(self):
        from boardcore.fits.deck import deal_round

        self.round += 1
        self.starts, self.building = deal_round(self.rng, self.players["fits"])
        self.pos = 0

    def _dealt(self):
        # A deal that ran out of heap leaves its game unset: the next press deals again.
        if self.mode == "fits":
            return self.building is not None
        if self.mode in _GAME:
            return self.kept is not None
        if self.mode == "zatre":
            return self.bag is not None
        return self.hands is not None

    def _next(self, long):
        if not self._dealt():
            self._deal()
            return True
        if self.over:
            if _GAME.get(self.mode, self.mode) == "forbes":
                self.dealer = (self.dealer + 1) % len(self.hands)  # who played second
            self._deal()
            return True
        if self.kept is not None:
            return False  # the kept game takes every "next" (handle)
        if self.mode == "fits":
            if long:
                self._deal()
                return True
            n = len(self.starts)
            if self.pos + 1 < n + 16:
                self.pos += 1
            elif self.round < 4:
                self._fits_round()
            else:
                return self._end()
            self.log[-1][3] += 1  # one more screen dealt in this game
            self.draw()
            return True
        if self.mode == "zatre":
            want = 1 if long else (3 if self.turn == 0 else 2)
            if not len(self.bag):
                return self._end()
            tiles = []
            while len(tiles) < want and len(self.bag):
                tiles.append(self.bag.draw())
            self.tiles = tiles
            self.turn += 1
            self.log[-1][3] += 1  # one more screen dealt in this game
            self.draw()
            return True
        return self._forbes_next(long)

    def _forbes_next(self, long):
        n = len(self.hands)
        if long:
            self.peek += 1
            if self.peek >= n:
                self.peek = -1
            self.draw()
            return True
        self.peek = -1
        if self.stone is not None:
            self.placed += 1  # the stone went somewhere on the real board
        from boardcore.forbes.cards import CELLS, SYMBOLS, pick_stone

        if self.placed == CELLS:
            return self._end()
        i = pick_stone(self.rng, self.pool)
        self.pool[i] -= 1
        self.stone = SYMBOLS[i]
        self.log[-1][3] += 1
        self.draw()
        return True

    def _end(self):
        self.over = True
        self._message("END")
        return True

    def _player_button(self, name, kind):
        seat = _PLAYER_BUTTONS.index(name)
        if kind != "down":
            if self.held != name:
                return False
            self.held = None
            self.draw()
            return True
        if self.mode == "fits" and self.starts is not None and seat < len(self.starts):
            self.held = name
            screens.draw("fits_card", self.display, tile=self.starts[seat], start=True, round_no=self.round,
                         player=seat + 1, board_no=self.round)
        elif _GAME.get(self.mode, self.mode) == "forbes" and self.hands is not None and seat < len(self.hands):
            self.held = name
            screens.draw("forbes_hand", self.display, cards=self.hands[seat], player=seat + 1)
        else:
            return False
        self._show()
        return True

    # -- drawing ---------------------------------------------------------------------

    def _message(self, text):
        self._set_scroller(screens.draw("message", self.display, text=text, colour=glyphs.WHITE))

    def draw(self):
        """Draw the current screen of the game (not the messages) and show it."""
        d = self.display
        if self.kept is not None:
            self.kept.draw(self)
            return
        if self.over:
            self._message("END")
            return
        if self.mode == "fits":
            if self.pos < 0:
                self._message("FITS %dP" % self.players["fits"])
                return
            n = len(self.starts)
            if self.pos < n:
                screens.draw("fits_card", d, tile=self.starts[self.pos], start=True, round_no=self.round,
                             player=self.pos + 1, board_no=self.round)
            else:
                # A player whose start tile this is skips the card: it is drawn in that
                # player's colour (colour displays) to remind them.
                tile = self.building[self.pos - n]
                owner = self.starts.index(tile) + 1 if tile in self.starts else None
                screens.draw("fits_card", d, tile=tile, round_no=self.round, player=owner, board_no=self.round)
        elif self.mode == "zatre":
            if self.tiles is None:
                self._message("ZATRE")
                return
            screens.draw("zatre_tiles", d, tiles=self.tiles)
        else:
            if self.peek >= 0:
                screens.draw("forbes_hand", d, cards=self.hands[self.peek], player=self.peek + 1)
            elif self.stone is None:
                self._message("FORBES %dP" % len(self.hands))
                return
            else:
                screens.draw("forbes_stone", d, stone=self.stone)
        self._show()

