"""A Forbes match: games repeated until a player's total reaches the target (100).

>>> from boardcore.forbes.rules import Options
>>> match = Match(["Ann", "Bob", "Cy"], Options(target_score=30), seed=42)
>>> while not match.over:
...     game = match.start_game()       # dealt by match.dealer, who also plays first
...     while not game.over:            # the 16 turns (boardcore.forbes.game.Game)
...         cell = game.board.index(".")
...         stone = game.play(game.current, cell // 4, cell % 4)
...     scores = match.end_game()       # adds the scores; the second player deals next
>>> len(match.history), match.history[-1], match.totals    # (dealer, points by seat) per game
(45, (2, [0, 14, 14]), [22, 38, 36])
>>> [(place["place"], place["name"]) for place in match.ranking()]   # ties would share a place
[(1, 'Bob'), (2, 'Cy'), (3, 'Ann')]

The match keeps only the running totals and each game's points (not the boards), so it
fits a device's heap; whoever wants a full record keeps the Game objects it is handed.
"""

from boardcore.compat import const
from boardcore.forbes.errors import GameNotOverError, GameOverError, UnknownPlayerError
from boardcore.forbes.deal import check_players
from boardcore.forbes.game import Game
from boardcore.forbes.rules import Options
from boardcore.rng import Random

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Sequence


class Match:
    """Running totals, dealer rotation and the end of a match. See the module docstring."""

    __slots__ = ("players", "options", "rng", "dealer", "totals", "history", "game")

    def __init__(self, players: "int | Sequence[str]", options: "Options | None" = None, seed: "int | None" = None,
                 first_dealer: int = 0) -> None:
        """players: 2..5 names in seat order (or a count); seed: the random source for
        deals and stones (None for a match at a real table, where hands and stones are
        given); first_dealer: the seat that deals the first game."""
        self.players = check_players(players)
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < len(self.players):
            raise UnknownPlayerError("first dealer seat %r is not one of 0..%d" % (first_dealer, len(self.players) - 1))
        self.options = options if options is not None else Options()
        self.rng = Random(seed) if seed is not None else None
        self.dealer = first_dealer  # deals the current game, or the next one between games
        self.totals = [0] * len(self.players)
        self.history: "list[tuple[int, list[int]]]" = []  # per finished game: (dealer, [points by seat])
        self.game: "Game | None" = None  # the game being played, or None between games

    @property
    def over(self) -> bool:
        """True once a finished game has left some player at or above the target."""
        for total in self.totals:
            if total >= self.options.target_score:
                return True
        return False

    def start_game(self, hands: "Sequence[str] | None" = None) -> Game:
        """Deal the next game (from the seeded source, or the given `hands` by seat)."""
        if self.over:
            raise GameOverError("the match is over: %s reached %d" % (self._leaders(), self.options.target_score))
        if self.game is not None:
            raise GameNotOverError("game %d is still being played" % (len(self.history) + 1))
        self.game = Game(self.players, self.dealer, self.options, self.rng, hands)
        return self.game

    def end_game(self) -> "list[dict[str, Any]]":
        """Score the finished game, add it to the totals, pass the deal to its second player.

        Returns the game's scores (boardcore.forbes.score.score_board), one dict per seat.
        """
        game = self.game
        if game is None:
            raise GameNotOverError("no game is being played")
        scores = game.scores()  # raises GameNotOverError before anything changes
        points = [s["total"] for s in scores]
        for seat in range(len(points)):
            self.totals[seat] += points[seat]
        self.history.append((game.dealer, points))
        self.dealer = game.second
        self.game = None
        return scores

    def ranking(self) -> "list[dict[str, Any]]":
        """Players by total, highest first: [{"place", "seat", "name", "total"}, ...].

        Equal totals share a place and the next place skips (1, 1, 3); equal totals are
        listed in seat order.
        """
        seats = sorted(range(len(self.players)), key=lambda s: (-self.totals[s], s))
        out: "list[dict[str, Any]]" = []
        for i, seat in enumerate(seats):
            if i and self.totals[seat] == self.totals[seats[i - 1]]:
                place = out[-1]["place"]
            else:
                place = i + 1
            out.append({"place": place, "seat": seat, "name": self.players[seat], "total": self.totals[seat]})
        return out

    def _leaders(self) -> str:
        best = max(self.totals)
        return " and ".join(self.players[s] for s in range(len(self.players)) if self.totals[s] == best)
