"""FITS quick tally: a round's score from what a player counts on their board at the end.

Board 1: full rows and open dots. Boards 2-4: open dots and which special spaces are still
uncovered (coordinates of docs/rules.md: row 1..12 from the bottom, column 1..6 from the left).
The score itself comes from the core (boardcore.fits.score.score_board) on a board built to match the
tally, so quick tally and full replay can never score the same board differently. Building
that board also checks the tally is possible at all (e.g. 8 full rows leave 4 rows, each with
at least one open dot, so at least 4 open dots).

The tally round flow (deal, turn 16 cards) is the core's deal (fits_deck.deal_round from the
game's seeded Random, as fits_game.Game deals) without any drops entered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from boardcore.errors import RuleError
from boardcore.fits.board import COLS, ROWS
from boardcore.fits.deck import DEFAULT_START_TILES, deal_round

CARDS_PER_ROUND = 16
from boardcore.fits.score import score_board
from boardcore.rng import Random

if TYPE_CHECKING:
    from boardcore.fits.layouts import Layout

# A special space as (row, column).
Cell = tuple[int, int]


class TallyError(RuleError):
    """A tally that no board could give (the message says why)."""


class TallyBoard:
    """Covered cells only: what fits_score.score_board reads ("anything with covered()")."""

    def __init__(self) -> None:
        self.open: set[Cell] = set()

    def covered(self, row: int, col: int) -> bool:
        return (row, col) not in self.open

    def set_covered(self, row: int, col: int, covered: bool) -> None:
        if covered:
            self.open.discard((row, col))
        else:
            self.open.add((row, col))


def tally_board(layout: Layout, open_dots: int, full_rows: int | None = None,
                uncovered: Sequence[Cell] = ()) -> TallyBoard:
    """A board whose score_board() equals the tally; TallyError if no board fits it."""
    if not isinstance(open_dots, int) or open_dots < 0:
        raise TallyError("open dots must be a whole number >= 0, not %r" % (open_dots,))
    special = set((r, c) for r, c, _v in layout.spaces)
    board = TallyBoard()  # starts fully covered
    if layout.board == 1:
        if full_rows is None or not isinstance(full_rows, int) or not 0 <= full_rows <= ROWS:
            raise TallyError("board 1: full rows must be 0..12, not %r" % (full_rows,))
        if uncovered:
            raise TallyError("board 1 has no special spaces: its tally is rows and dots")
        left = ROWS - full_rows
        if open_dots < left or open_dots > left * COLS:
            raise TallyError("board 1: %d full rows leave %d rows with 1 to 6 open dots each,"
                             " so %d to %d open dots, not %d"
                             % (full_rows, left, left, left * COLS, open_dots))
        # Rows above the full ones: one open dot each, then the rest filled in row by row.
        extra = open_dots - left
        for r in range(full_rows + 1, ROWS + 1):
            n = 1 + min(extra, COLS - 1)
            extra -= n - 1
            for c in range(1, n + 1):
                board.set_covered(r, c, False)
        return board
    if full_rows is not None:
        raise TallyError("board %d: rows score only on board 1; give open dots and the"
                         " uncovered special spaces" % layout.board)
    seen: set[Cell] = set()
    for cell in uncovered:
        r, c = cell
        if (r, c) not in special:
            raise TallyError("board %d has no special space at row %d, column %d (its spaces:"
                             " %s)" % (layout.board, r, c, ", ".join(
                                 "%d,%d" % rc for rc in sorted(special))))
        if (r, c) in seen:
            raise TallyError("special space %d,%d is listed twice" % (r, c))
        seen.add((r, c))
        board.set_covered(r, c, False)
    dots = ROWS * COLS - len(special)
    if open_dots > dots:
        raise TallyError("board %d has only %d ordinary dots, not %d open"
                         % (layout.board, dots, open_dots))
    n = open_dots
    for r in range(ROWS, 0, -1):
        for c in range(1, COLS + 1):
            if n and (r, c) not in special:
                board.set_covered(r, c, False)
                n -= 1
    return board


def tally_score(layout: Layout, open_dots: int, full_rows: int | None = None,
                uncovered: Sequence[Cell] = ()) -> dict[str, Any]:
    """The core's score breakdown for a tally (see tally_board)."""
    return score_board(tally_board(layout, open_dots, full_rows, uncovered), layout)


class TallyGame:
    """The FITS round flow when players only tally at the end: the same seeded deal as
    fits_game.Game, cards turned one by one, a tally per player after the 16th card.

    Attributes mirror Game's where they mean the same: players, boards, phase ("deal",
    "cards", "tally", "over"), round_index, card, turned, round_scores, starts."""

    def __init__(self, players: Sequence[str], seed: int | None,
                 boards: Sequence[int] = (1, 2, 3, 4),
                 start_tiles: Sequence[str] = DEFAULT_START_TILES,
                 layouts: dict[int, Layout] | None = None) -> None:
        from boardcore.fits.game import Game

        # The core checks names, boards and start tiles; we keep its view of them.
        checked = Game(players, seed=seed, boards=boards, start_tiles=start_tiles,
                       layouts=layouts)
        self._game = checked
        self.players = checked.players
        self.boards = checked.boards
        self.start_tiles = checked.start_tiles
        self.seed = seed
        self._rng = Random(seed) if seed is not None else None  # None: cards from the table
        self.phase = "deal"
        self.round_index = -1
        self.card: str | None = None
        self.turned = 0
        self.starts: list[str] = []
        self.round_scores: list[list[dict[str, Any]]] = []
        self._deck: list[str] | None = []
        self._turned_cards: list[str] = []
        self._tallies: list[dict[str, Any] | None] = []
        # What was dealt and tallied, round by round (fits_tally_record writes it):
        # {"board", "starts", "cards": [turned], "tallies": [per seat: None or
        #  {"open_dots", "full_rows", "uncovered": [(row, col)]}]}
        self.history: list[dict[str, Any]] = []

    @property
    def board_number(self) -> int | None:
        return self.boards[self.round_index] if self.round_index >= 0 else None

    def layout(self, number: int) -> Layout:
        return self._game.layout(number)

    def start_round(self, start_cards: Sequence[str] | None = None) -> list[str]:
        """Deal the next round (from the seed; or, for a table deal, the start cards the
        players drew, seat order). Returns the start cards."""
        if self.phase != "deal":
            raise TallyError("cannot deal now: the round is in phase %r" % self.phase)
        if self._rng is None:
            if start_cards is None or len(start_cards) != len(self.players):
                raise TallyError("a table deal needs one start card per player (%d)"
                                 % len(self.players))
            for t in start_cards:
                if t not in self.start_tiles:
                    raise TallyError("%r is not a start card (start cards: %s)"
                                     % (t, " ".join(self.start_tiles)))
            if len(set(start_cards)) != len(start_cards):
                raise TallyError("each player draws a different start card: %s"
                                 % " ".join(start_cards))
            self.starts, self._deck = list(start_cards), None
        else:
            self.starts, self._deck = deal_round(self._rng, len(self.players),
                                                 self.start_tiles)
        self._turned_cards = []
        self.round_index += 1
        self.turned = 0
        self.card = None
        self._tallies = [None] * len(self.players)
        self.phase = "cards"
        self.history.append({"board": self.board_number, "starts": list(self.starts),
                             "cards": self._turned_cards,
                             "tallies": [None] * len(self.players)})
        return list(self.starts)

    def turn_card(self, card: str | None = None) -> str:
        """Turn the next building card (from the seed; or, for a table deal, `card`)."""
        if self.phase != "cards":
            raise TallyError("cannot turn a card now: the round is in phase %r" % self.phase)
        if self._deck is None:
            from boardcore.fits.tiles import TILE_IDS

            if not isinstance(card, str) or card not in TILE_IDS:
                raise TallyError("unknown card %r (tiles are %s)" % (card, " ".join(TILE_IDS)))
            if card in self._turned_cards:
                raise TallyError("card %s was already turned this round" % card)
        else:
            card = self._deck[self.turned]
        self._turned_cards.append(card)
        self.card = card
        self.turned += 1
        if self.turned == CARDS_PER_ROUND:
            self.phase = "tally"
        return card

    def skips(self) -> list[str]:
        """Players whose start tile is the card shown (they skip it)."""
        return [p for i, p in enumerate(self.players) if self.starts and self.starts[i] == self.card]

    def waiting(self) -> list[str]:
        """Players who still have to give their tally (phase "tally")."""
        if self.phase != "tally":
            return []
        return [p for i, p in enumerate(self.players) if self._tallies[i] is None]

    def tally(self, seat: int, open_dots: int, full_rows: int | None = None,
              uncovered: Sequence[Cell] = ()) -> dict[str, Any]:
        """Record one player's tally; the last one scores the round. Returns the breakdown."""
        if self.phase != "tally":
            raise TallyError("tallies come after the 16th card (%d turned)" % self.turned)
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise TallyError("no seat %r" % (seat,))
        if self._tallies[seat] is not None:
            raise TallyError("%s has already given a tally this round" % self.players[seat])
        scores = tally_score(self.layout(self.boards[self.round_index]), open_dots, full_rows,
                             uncovered)
        self._tallies[seat] = scores
        self.history[-1]["tallies"][seat] = {"open_dots": open_dots, "full_rows": full_rows,
                                             "uncovered": [tuple(c) for c in uncovered]}
        if None not in self._tallies:
            self.round_scores.append([s for s in self._tallies if s is not None])
            self.card = None
            self.phase = "over" if self.round_index + 1 >= len(self.boards) else "deal"
        return scores

    def totals(self) -> dict[str, int]:
        return dict((p, sum(r[i]["total"] for r in self.round_scores))
                    for i, p in enumerate(self.players))
