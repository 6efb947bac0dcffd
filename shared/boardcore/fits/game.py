"""A whole FITS game: the round flow of docs/rules.md for 1 to 4 players (1 = solo).

>>> g = Game(["Ann", "Bob"], seed=7)   # options: boards, start_tiles, max_overhang, layouts
>>> g.start_round()                     # each player's start card, seat order
['U', 'Y']
>>> g.place("Ann", "U", 1, 3)           # start tiles first: orientation 1 at column 3
1
>>> g.place("Bob", "Y", 2, 1)           # each place() returns the row the tile rests on
1
>>> g.phase
'cards'
>>> g.turn_card()                       # the next building card
'Y'
>>> g.waiting()                         # Bob skips the card of his own start tile
['Ann']
>>> g.place("Ann", "Y", 1, 1)
1
>>> while g.phase == "cards":           # the other 15 cards: everyone sets them aside
...     tile = g.turn_card()
...     for name in g.waiting():
...         g.set_aside(name, tile)
>>> [breakdown["total"] for breakdown in g.finish_round()]
[-62, -67]
>>> g.phase                             # then start_round() again until phase is "over"
'deal'

`phase` is one of: "deal" (start_round next), "start" (start tiles to place), "cards"
(turn_card, then every waiting player acts), "score" (finish_round next), "over".
Orientations are numbered from 1 (boardcore.fits.tiles); rows 1..12 from the bottom,
columns 1..6 from the left. Every illegal action raises a FitsError (a RuleError) whose
message says what was wrong, and leaves the game exactly as it was.

With a seed the game deals its own cards (boardcore.fits.deck); cards passed to
start_round() or turn_card() must then match the deal (that is how a replay is checked).
With seed=None the cards come from outside (real cards, a scanner) and must be passed in.

The options (docs/rules.md): players 1..4 names; seed (None: cards come from outside);
boards in play order (fewer boards, another order); start_tiles (default P T5 U Y);
max_overhang (None: unlimited rows above the top). Bad options raise OptionError.
"""

from boardcore.compat import const
from boardcore.fits.board import Board, check_tile
from boardcore.fits.deck import DEFAULT_START_TILES, deal_round
from boardcore.fits.errors import (
    DealError,
    OptionError,
    PhaseError,
    PlayerError,
    TileUsedError,
    TurnError,
    WrongTileError,
)
from boardcore.fits.tiles import TILE_IDS

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Sequence
    from boardcore.fits.layouts import Layout
    from boardcore.rng import Random

DEAL = "deal"
START = "start"
CARDS = "cards"
SCORE = "score"
OVER = "over"

CARDS_PER_ROUND = 16
PASS = "pass"  # a tile set aside
SKIP = "skip"  # the card showing the player's own start tile

MAX_PLAYERS = 4
RESERVED = ("pass", "skip", "-")  # words of the game record


def check_name(name: object) -> None:
    """A player name as boardcore.names takes it (letters of any script, digits, '_', '-'),
    and not a word of the game record."""
    from boardcore.names import name_problem

    problem = name_problem(name)
    if problem is not None:
        raise OptionError(problem)
    if name in RESERVED:
        raise OptionError("player name %r is a reserved word" % name)


def check_options(players: "Sequence[str]", seed: "int | None", boards: "Sequence[int]", start_tiles: "Sequence[str]",
                  max_overhang: "int | None") -> "tuple[list[str], list[int], list[str]]":
    """Check a game's options; returns (players, boards, start_tiles) as new lists."""
    players = list(players)
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise OptionError("FITS is for 1 to 4 players, not %d" % len(players))
    for p in players:
        check_name(p)
    if len(set(players)) != len(players):
        raise OptionError("player names must differ: %s" % " ".join(players))
    boards = list(boards)
    if not boards:
        raise OptionError("a game needs at least one board")
    for b in boards:
        if b not in (1, 2, 3, 4):
            raise OptionError("boards are numbered 1..4, not %r" % (b,))
    if len(set(boards)) != len(boards):
        raise OptionError("each board is played at most once: %r" % (boards,))
    start_tiles = list(start_tiles)
    for t in start_tiles:
        if t not in TILE_IDS:
            raise OptionError("start tile %r is not a tile (tiles are %s)" % (t, " ".join(TILE_IDS)))
    if len(set(start_tiles)) != len(start_tiles):
        raise OptionError("start tiles must differ: %s" % " ".join(start_tiles))
    if len(start_tiles) < len(players):
        raise OptionError("%d start tiles cannot give %d players one each" % (len(start_tiles), len(players)))
    if max_overhang is not None and (not isinstance(max_overhang, int) or max_overhang < 0):
        raise OptionError("max_overhang must be none or a whole number >= 0, not %r" % (max_overhang,))
    if seed is not None and (not isinstance(seed, int) or seed < 0):
        raise OptionError("seed must be a whole number >= 0 or none, not %r" % (seed,))
    return players, boards, start_tiles


def check_start_cards(start_cards: "Sequence[str]", n_players: int, start_tiles: "Sequence[str]") -> "list[str]":
    """Start cards dealt from outside (seat order): one each, different, from start_tiles."""
    starts = list(start_cards)
    if len(starts) != n_players:
        raise DealError("%d start cards for %d players" % (len(starts), n_players))
    for t in starts:
        if t not in start_tiles:
            raise DealError("%r is not a start card (start cards: %s)" % (t, " ".join(start_tiles)))
    if len(set(starts)) != len(starts):
        raise DealError("each player draws a different start card: %s" % " ".join(starts))
    return starts


class Game:
    """The state of one FITS game. Read-only attributes: players (seat order), seed,
    boards (board number per round), start_tiles, max_overhang, layouts (by board number),
    phase, round_index (0-based, -1 before the first deal), card (the card shown or
    None), turned (cards turned this round), history (what boardcore.fits.record
    writes), round_scores (one list per finished round: a breakdown per player, seat
    order)."""

    def __init__(self, players: "Sequence[str]", seed: "int | None" = None, boards: "Sequence[int]" = (1, 2, 3, 4),
                 start_tiles: "Sequence[str]" = DEFAULT_START_TILES, max_overhang: "int | None" = None,
                 layouts: "dict[int, Layout] | None" = None) -> None:
        self.players, self.boards, self.start_tiles = check_options(players, seed, boards, start_tiles, max_overhang)
        self.seed = seed
        self.max_overhang = max_overhang
        self.layouts = dict(layouts or {})
        for b in self.layouts:
            if self.layouts[b].board != b:
                raise OptionError("layout for board %d describes board %d" % (b, self.layouts[b].board))
        self._rng: "Random | None" = None
        if seed is not None:
            from boardcore.rng import Random

            self._rng = Random(seed)
        self.phase = DEAL
        self.round_index = -1
        self.card: "str | None" = None
        self.turned = 0
        self.history: "list[dict[str, Any]]" = []
        self.round_scores: "list[list[dict[str, Any]]]" = []
        self._boards: "list[Board]" = []
        self._starts: "list[str]" = []
        self._deck: "list[str] | None" = None
        self._acted: "list[Any]" = []

    # -- reading -------------------------------------------------------------

    @property
    def board_number(self) -> "int | None":
        """The board of the current round (None before the first deal)."""
        return self.boards[self.round_index] if self.round_index >= 0 else None

    def seat(self, player: str) -> int:
        """The seat number (0-based) of a player; PlayerError if not in the game."""
        i = 0
        for p in self.players:
            if p == player:
                return i
            i += 1
        raise PlayerError("no player %r in this game (players: %s)" % (player, " ".join(self.players)))

    def board(self, player: str) -> Board:
        """The player's board this round (do not mutate it: use place()); PhaseError
        before the first deal."""
        i = self.seat(player)
        if not self._boards:
            raise PhaseError("no boards yet: the first round has not been dealt")
        return self._boards[i]

    def start_tile(self, player: str) -> "str | None":
        """The player's start card this round (None before the deal)."""
        i = self.seat(player)
        return self._starts[i] if self._starts else None

    def waiting(self) -> "list[str]":
        """Players (seat order) who still have to act on the start tile or the card shown."""
        if self.phase == START or (self.phase == CARDS and self.card is not None):
            return [p for i, p in enumerate(self.players) if self._acted[i] is None]
        return []

    def tile_to_place(self, player: str) -> "str | None":
        """The tile the player must act on now, or None if they are not waiting."""
        if player not in self.waiting():
            return None
        return self._starts[self.seat(player)] if self.phase == START else self.card

    def legal_drops(self, player: str) -> "list[tuple[int, int, int]]":
        """The legal drops (orientation, column, row) of the tile the player must act
        on now; [] if none (they can only set it aside) or not waiting."""
        tile = self.tile_to_place(player)
        if tile is None:
            return []
        return self.board(player).legal_drops(tile)

    def totals(self) -> "dict[str, int]":
        """Game score per player: the sum of the finished rounds."""
        out = {}
        for i, p in enumerate(self.players):
            out[p] = sum(r[i]["total"] for r in self.round_scores)
        return out

    def winners(self) -> "list[str]":
        """Players with the highest total (ties share the win), sorted by name."""
        from boardcore.fits.score import winners

        return winners(self.totals())

    def solo_rating(self) -> "str | None":
        """The solo title for the total so far (docs/rules.md); None unless one player
        plays all four boards (no_title_reason() says why)."""
        from boardcore.fits.score import solo_title

        return solo_title(self.totals()[self.players[0]], len(self.players), self.boards)

    def no_title_reason(self) -> "str | None":
        """Why this game earns no solo title (fewer boards, more players), or None."""
        from boardcore.fits.score import no_title_reason

        return no_title_reason(len(self.players), self.boards)

    def layout(self, board_number: int) -> "Layout":
        """The layout used for a board: the one given, else the default (ILLUSTRATIVE)."""
        if board_number not in self.layouts:
            from boardcore.fits.layouts import default_layout

            self.layouts[board_number] = default_layout(board_number)
        return self.layouts[board_number]

    # -- actions -------------------------------------------------------------

    def start_round(self, start_cards: "Sequence[str] | None" = None) -> "list[str]":
        """Begin the next round: shuffle, deal each player a different start card.

        start_cards (seat order) are required when the game has no seed and must match
        the deal when it has one. Returns the start cards, seat order."""
        if self.phase == OVER:
            raise PhaseError("cannot deal now: the game is over (%s played)" % _boards_played(len(self.boards)))
        if self.phase != DEAL:
            raise PhaseError("cannot deal now: the round is in phase %r" % self.phase)
        deck = None
        if self._rng is not None:
            state = self._rng.getstate()
            starts, deck = deal_round(self._rng, len(self.players), self.start_tiles)
            if start_cards is not None and list(start_cards) != starts:
                self._rng.setstate(state)
                raise DealError(
                    "start cards %s do not match the deal of seed %s (%s)"
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

    def place(self, player: str, tile: str, orientation: int, column: int) -> int:
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

    def set_aside(self, player: str, tile: str) -> None:
        """Set the card shown aside instead of placing it (gone for this round)."""
        if self.phase == START:
            i = self.seat(player)
            if self._acted[i] is not None:
                raise TurnError("%s has already placed the start tile %s" % (player, self._starts[i]))
            raise TurnError("%s must place the start tile %s: it cannot be set aside" % (player, self._starts[i]))
        i = self._check_turn(player, tile)
        self.history[-1]["cards"][-1][1][i] = PASS
        self._acted[i] = PASS
        self._advance()

    def turn_card(self, tile: "str | None" = None) -> str:
        """Turn the next building card; returns its tile. Everyone must have acted on
        the previous card. With no seed, `tile` (the real card) is required."""
        if self.phase == START:
            raise PhaseError("start tiles first: waiting for %s" % ", ".join(self.waiting()))
        if self.phase == SCORE:
            raise PhaseError("cannot turn a card now: all %d cards of this round are turned (phase %r)" % (CARDS_PER_ROUND, self.phase))
        if self.phase == OVER:
            raise PhaseError("cannot turn a card now: the game is over (%s played)" % _boards_played(len(self.boards)))
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
                raise DealError("card %s does not match the deal of seed %s (next card is %s)" % (tile, self.seed, nxt))
            tile = nxt
        else:
            if tile is None:
                raise DealError("a game without a seed needs each card turned from outside")
            for c, _ in self.history[-1]["cards"]:
                if c == tile:
                    raise TileUsedError("card %s was already turned this round" % tile)
        self.card = tile
        self.turned += 1
        acted: "list[Any]" = [None] * len(self.players)
        for i in range(len(self.players)):
            if self._starts[i] == tile:
                acted[i] = SKIP
        self._acted = acted
        self.history[-1]["cards"].append((tile, list(acted)))
        self._advance()
        return tile

    def finish_round(self) -> "list[dict[str, Any]]":
        """Score the round just played; returns one breakdown per player (seat order,
        see boardcore.fits.score.score_board), also kept in round_scores."""
        if self.phase != SCORE:
            raise PhaseError("cannot score now: the round is in phase %r" % self.phase)
        from boardcore.fits.score import score_board

        layout = self.layout(self.boards[self.round_index])
        scores = [score_board(b, layout) for b in self._boards]
        self.round_scores.append(scores)
        self.card = None
        self.phase = OVER if self.round_index + 1 >= len(self.boards) else DEAL
        return scores

    # -- helpers -------------------------------------------------------------

    def _check_turn(self, player: str, tile: str) -> int:
        # Every check before any change: the state stays as it was on error. What the
        # player did with the card shown comes before the phase: once the last player has
        # acted on the 16th card the phase is "score" while that card is still shown.
        i = self.seat(player)
        check_tile(tile)
        if self.phase == START:
            if self._acted[i] is not None:
                raise TurnError("%s has already placed the start tile %s" % (player, self._starts[i]))
            if tile != self._starts[i]:
                raise WrongTileError("%s's start tile is %s, not %s" % (player, self._starts[i], tile))
            return i
        if self.phase not in (CARDS, SCORE) or self.card is None:
            raise PhaseError("no card is shown (phase %r): nothing to place" % self.phase)
        if self._acted[i] == SKIP:
            raise TileUsedError("%s skips %s: it is their start tile, already placed" % (player, self.card))
        if self._acted[i] is not None:
            raise TurnError("%s has already acted on card %s" % (player, self.card))
        if tile != self.card:
            raise WrongTileError("the card shown is %s, not %s" % (self.card, tile))
        return i

    def _advance(self) -> None:
        if self.phase == START and not self.waiting():
            self.phase = CARDS
        if self.phase == CARDS and self.turned >= CARDS_PER_ROUND and not self.waiting():
            self.phase = SCORE


def _boards_played(n: int) -> str:
    return "1 board" if n == 1 else "%d boards" % n
