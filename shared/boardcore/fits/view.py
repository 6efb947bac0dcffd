"""Read-only questions about a FITS game: whose turn, which tile, the boards, the
scores. GameView is the base class of fits_game.Game (which holds the actions); it is a
module of its own so each stays small enough to compile on a 96 KB heap.

Phases of a game: DEAL (start_round next), START (start tiles to place), CARDS (turn a
card, then every waiting player acts), SCORE (finish_round next), OVER.
"""

from boardcore.fits.board import Board
from boardcore.fits.errors import PhaseError, PlayerError

DEAL = "deal"
START = "start"
CARDS = "cards"
SCORE = "score"
OVER = "over"

CARDS_PER_ROUND = 16
PASS = "pass"  # a tile set aside
SKIP = "skip"  # the card showing the player's own start tile


class GameView:
    """The queries of fits_game.Game (see there for the attributes)."""

    @property
    def board_number(self):
        """The board of the current round (None before the first deal)."""
        return self.boards[self.round_index] if self.round_index >= 0 else None

    def seat(self, player) -> int:
        """The seat number (0-based) of a player; PlayerError if not in the game."""
        i = 0
        for p in self.players:
            if p == player:
                return i
            i += 1
        raise PlayerError("no player %r in this game (players: %s)" % (player, " ".join(self.players)))

    def board(self, player) -> Board:
        """The player's board this round (do not mutate it: use place()); PhaseError
        before the first deal."""
        i = self.seat(player)
        if not self._boards:
            raise PhaseError("no boards yet: the first round has not been dealt")
        return self._boards[i]

    def start_tile(self, player):
        """The player's start card this round (None before the deal)."""
        i = self.seat(player)
        return self._starts[i] if self._starts else None

    def waiting(self) -> list:
        """Players (seat order) who still have to act on the start tile or the card shown."""
        if self.phase == START:
            return [p for i, p in enumerate(self.players) if self._acted[i] is None]
        if self.phase == CARDS and self.card is not None:
            return [p for i, p in enumerate(self.players) if self._acted[i] is None]
        return []

    def tile_to_place(self, player):
        """The tile the player must act on now, or None if they are not waiting."""
        if player not in self.waiting():
            return None
        return self._starts[self.seat(player)] if self.phase == START else self.card

    def legal_drops(self, player) -> list:
        """The legal drops (orientation, column, row) of the tile the player must act
        on now; [] if none (they can only set it aside) or not waiting."""
        tile = self.tile_to_place(player)
        if tile is None:
            return []
        return self.board(player).legal_drops(tile)

    def totals(self) -> dict:
        """Game score per player: the sum of the finished rounds."""
        out = {}
        for i, p in enumerate(self.players):
            out[p] = sum(r[i]["total"] for r in self.round_scores)
        return out

    def winners(self) -> list:
        """Players with the highest total (ties share the win), sorted by name."""
        from boardcore.fits.score import winners

        return winners(self.totals())

    def solo_rating(self):
        """The solo title for the total so far (RULES.md); None unless 1 player."""
        if len(self.players) != 1:
            return None
        from boardcore.fits.score import solo_rating

        return solo_rating(self.totals()[self.players[0]])

    def layout(self, board_number):
        """The layout used for a board: the one given, else the default (ILLUSTRATIVE)."""
        if board_number not in self.layouts:
            from boardcore.fits.layouts import default_layout

            self.layouts[board_number] = default_layout(board_number)
        return self.layouts[board_number]
