"""A whole FITS game: the round flow of RULES.md for 1 to 4 players (1 = solo).

Typical use (a table UI, the terminal game, a replay):

    g = Game(["Ann", "Bob"], seed=7)        # options: boards, start_tiles, max_overhang, layouts
    g.start_round()                          # -> ["U", "Y"]: each player's start card, seat order
    g.place("Ann", "U", 1, 3)                # start tiles first: orientation 1 at column 3
    g.place("Bob", "Y", 2, 1)
    while g.phase == "cards":
        tile = g.turn_card()                 # the next building card
        for name in g.waiting():             # everyone but the owner of that start tile
            g.place(name, tile, o, c)        # or g.set_aside(name, tile)
    g.finish_round()                         # -> score breakdown per player, seat order
    ...                                      # then start_round() again until phase == "over"

`phase` is one of: "deal" (start_round next), "start" (start tiles to place), "cards"
(turn_card, then every waiting player acts), "score" (finish_round next), "over".
Orientations are numbered from 1 (fits_tiles); rows 1..12 from the bottom, columns 1..6
from the left. Every illegal action raises a fits_errors.FitsError (a RuleError) whose
message says what was wrong, and leaves the game exactly as it was.

With a seed the game deals its own cards (fits_deck); cards passed to start_round() or
turn_card() must then match the deal (that is how a replay is checked). With seed=None
the cards come from outside (real cards, a scanner) and must be passed in.
"""

from boardcore.fits.board import Board, check_tile
from boardcore.fits.deck import DEFAULT_START_TILES, deal_round
from boardcore.fits.errors import (
    DealError,
    OptionError,
    PhaseError,
    TileUsedError,
    TurnError,
    WrongTileError,
)
from boardcore.fits.options import check_options, check_start_cards
from boardcore.fits.view import CARDS, CARDS_PER_ROUND, DEAL, OVER, PASS, SCORE, SKIP, START, GameView


class Game(GameView):
    """The state of one FITS game. Read-only attributes: players (seat order), seed,
    boards (board number per round), start_tiles, max_overhang, phase, round_index
    (0-based, -1 before the first deal), card (the card shown or None), turned (cards
    turned this round), history (what fits_record writes), round_scores (one list per
    finished round: a breakdown per player, seat order)."""

    def __init__(self, players, seed=None, boards=(1, 2, 3, 4), start_tiles=DEFAULT_START_TILES,
                 max_overhang=None, layouts=None):
        players, boards, start_tiles = check_options(players, seed, boards, start_tiles, max_overhang)
        self.players = players
        self.seed = seed
        self.boards = boards
        self.start_tiles = start_tiles
        self.max_overhang = max_overhang
        self.layouts = dict(layouts or {})
        for b in self.layouts:
            if self.layouts[b].board != b:
                raise OptionError("layout for board %d describes board %d" % (b, self.layouts[b].board))
        self._rng = None
        if seed is not None:
            from boardcore.rng import Random

            self._rng = Random(seed)
        self.phase = DEAL
        self.round_index = -1
        self.card = None
        self.turned = 0
        self.history = []
        self.round_scores = []
        self._boards = []
        self._starts = []
        self._deck = None
        self._acted = []

    # -- actions -------------------------------------------------------------

    def start_round(self, start_cards=None) -> list:
        """Begin the next round: shuffle, deal each player a different start card.

        start_cards (seat order) are required when the game has no seed and must match
        the deal when it has one. Returns the start cards, seat order."""
        if self.phase != DEAL:
            raise PhaseError("cannot deal now: the round is in phase %r" % self.phase)
        deck = None
        if self._rng is not None:
            state = self._rng.getstate()
            starts, deck = deal_round(self._rng, len(self.players), self.start_tiles)
            if start_cards is not None and list(start_cards) != starts:
                self._rng.setstate(state)
                raise DealError(
                    "start cards %s do not match the deal of seed %d (%s)"
                    % (" ".join(str(t) for t in start_cards), self.seed, " ".join(starts))
                )
        else:
            if start_cards is None:
                raise DealError("a game without a seed needs the start cards dealt from outside")
            starts = check_start_cards(start_cards, len(self.players), self.start_tiles)
        self.round_index += 1
        self._deck = deck
        self._starts = starts
        self._boards = [Board(self.max_overhang) for _ in self.players]
        self._acted = [None] * len(self.players)
        self.card = None
        self.turned = 0
        self.history.append({"board": self.board_number, "starts": list(starts), "start_drops": [None] * len(self.players), "cards": []})
        self.phase = START
        return list(starts)

    def place(self, player, tile, orientation: int, column: int) -> int:
        """Drop `tile` on the player's board (orientation from 1, column 1..6); returns
        the resting row (row of the tile's lowest cells). The tile must be the player's
        start tile in phase "start", the card shown in phase "cards"."""
        i = self._check_turn(player, tile)
        row = self._boards[i].drop(tile, orientation, column)
        action = (orientation, column)
        if self.phase == START:
            self.history[-1]["start_drops"][i] = action
        else:
            self.history[-1]["cards"][-1][1][i] = action
        self._acted[i] = action
        self._advance()
        return row

    def set_aside(self, player, tile):
        """Set the card shown aside instead of placing it (gone for this round)."""
        if self.phase == START:
            self.seat(player)
            raise TurnError("%s must place the start tile %s: it cannot be set aside" % (player, self.start_tile(player)))
        i = self._check_turn(player, tile)
        self.history[-1]["cards"][-1][1][i] = PASS
        self._acted[i] = PASS
        self._advance()

    def turn_card(self, tile=None):
        """Turn the next building card; returns its tile. Everyone must have acted on
        the previous card. With no seed, `tile` (the real card) is required."""
        if self.phase == START:
            raise PhaseError("start tiles first: waiting for %s" % ", ".join(self.waiting()))
        if self.phase != CARDS:
            raise PhaseError("cannot turn a card now: the round is in phase %r" % self.phase)
        pending = self.waiting()
        if pending:
            raise TurnError("%s still to place or set aside %s" % (", ".join(pending), self.card))
        if tile is not None:
            check_tile(tile)
        if self._deck is not None:
            nxt = self._deck[self.turned]
            if tile is not None and tile != nxt:
                raise DealError("card %s does not match the deal of seed %d (next card is %s)" % (tile, self.seed, nxt))
            tile = nxt
        else:
            if tile is None:
                raise DealError("a game without a seed needs each card turned from outside")
            for c, _ in self.history[-1]["cards"]:
                if c == tile:
                    raise TileUsedError("card %s was already turned this round" % tile)
        self.card = tile
        self.turned += 1
        acted = [None] * len(self.players)
        for i in range(len(self.players)):
            if self._starts[i] == tile:
                acted[i] = SKIP
        self._acted = acted
        self.history[-1]["cards"].append((tile, list(acted)))
        self._advance()
        return tile

    def finish_round(self) -> list:
        """Score the round just played; returns one breakdown per player (seat order,
        see fits_score.score_board), also kept in round_scores."""
        if self.phase != SCORE:
            raise PhaseError("cannot score now: the round is in phase %r" % self.phase)
        from boardcore.fits.score import score_board

        layout = self.layout(self.board_number)
        scores = [score_board(b, layout) for b in self._boards]
        self.round_scores.append(scores)
        self.card = None
        self.phase = OVER if self.round_index + 1 >= len(self.boards) else DEAL
        return scores

    # -- helpers -------------------------------------------------------------

    def _check_turn(self, player, tile):
        # Every check before any change: the state stays as it was on error.
        i = self.seat(player)
        check_tile(tile)
        if self.phase == START:
            if self._acted[i] is not None:
                raise TurnError("%s has already placed the start tile %s" % (player, self._starts[i]))
            if tile != self._starts[i]:
                raise WrongTileError("%s's start tile is %s, not %s" % (player, self._starts[i], tile))
            return i
        if self.phase != CARDS or self.card is None:
            raise PhaseError("no card is shown (phase %r): nothing to place" % self.phase)
        if self._acted[i] == SKIP:
            raise TileUsedError("%s skips %s: it is their start tile, already placed" % (player, tile))
        if self._acted[i] is not None:
            raise TurnError("%s has already acted on card %s" % (player, self.card))
        if tile != self.card:
            raise WrongTileError("the card shown is %s, not %s" % (self.card, tile))
        return i

    def _advance(self):
        if self.phase == START and not self.waiting():
            self.phase = CARDS
        if self.phase == CARDS and self.turned >= CARDS_PER_ROUND and not self.waiting():
            self.phase = SCORE
