"""A game of Zatre: players, the opening draw, hands, turns, score sheets, the end.

Coordinates are (row, col), 0-based from the top-left of the 15 x 15 box (see
boardcore.zatre.board); players are seat numbers 0..n-1.

>>> g = Game(["Ann", "Bob"], seed=3)   # options: strict_adjacency, centre_doubles, grey_exception_at
>>> g.opening                          # the opening draw, [(player, value)] per round; ties draw again
[[(0, 5), (1, 1)]]
>>> g.first, g.current                 # the player who starts; the player to move
(0, 0)
>>> g.hand(), g.must_place()           # the tiles held (3 on the first turn); how many must go down
([1, 3, 4], 3)
>>> result = g.play([(7, 7, 1), (6, 7, 3), (7, 6, 4)])   # (row, col, value) in the order played
>>> result.runs, result.points
((('row 7, columns 6-7', 5), ('column 7, rows 6-7', 4)), 0)
>>> g.play([(9, 9, 1)])                # an illegal turn changes nothing
Traceback (most recent call last):
    ...
boardcore.zatre.errors.AdjacencyError: (9,9) touches no tile on the board (a new tile must meet one side by side)
>>> g.hand(), g.play([(5, 7, 1), (7, 5, 1)]).points
([1, 1], 0)
>>> g.play([(4, 7, 1), (7, 4, 6)]).sums    # row 7, columns 4-7: 6 + 1 + 4 + 1
(12,)
>>> g.sheets[0].total(), g.current, g.hand()   # Ann's ScoreSheet; Bob to move, with his hand
(4, 1, [2, 3])
>>> list(g.played())[1]                # every turn so far: (player, [(row, col, value)])
(1, [(5, 7, 1), (7, 5, 1)])

`g.play([])` is a pass, allowed only when no tile in hand can be placed; `g.over` is True
once the bag is empty and no held tile can be placed; `g.final_scores()` gives each
player's sheet total minus the tiles held. Legal turns and hints for the hand to move:
boardcore.zatre.hint.
"""

from boardcore.compat import const
from boardcore.rng import Random
from boardcore.zatre.bag import Bag
from boardcore.zatre.board import SIZE, Board, index
from boardcore.zatre.errors import CellError, DutyError, HandError, OptionError, TurnError
from boardcore.zatre.moves import can_place, max_tiles
from boardcore.zatre.rules import GREY_AT_TILE, check_grey_at, check_turn
from boardcore.zatre.score import ScoreSheet

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Iterator, Sequence
    from boardcore.zatre.rules import TurnResult

MAX_PLAYERS = 6
HAND = 2  # tiles in hand from the second turn on
FIRST_HAND = 3


class Game:
    """One game of Zatre from a seed; see the module docstring for the API."""

    __slots__ = (
        "players", "seed", "strict", "centre_doubles", "grey_at", "board", "bag", "hands", "sheets",
        "opening", "first", "current", "turns", "over", "log",
    )

    def __init__(self, players: "Sequence[str]", seed: int = 0, strict_adjacency: bool = False, centre_doubles: bool = False,
                 grey_exception_at: str = GREY_AT_TILE) -> None:
        players = list(players)
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise OptionError("Zatre takes 1 to 6 players (solo plays the same way), not %d" % len(players))
        from boardcore.names import name_problem

        for name in players:
            problem = name_problem(name)
            if problem is not None:
                raise OptionError(problem)
        if len(set(players)) != len(players):
            raise OptionError("player names must differ: %s" % ", ".join(players))
        if not isinstance(seed, int) or seed < 0:
            raise OptionError("the seed must be a non-negative integer, not %r" % (seed,))
        try:
            self.grey_at = check_grey_at(grey_exception_at)  # "tile" or "turn": docs/rules.md
        except ValueError as exc:
            raise OptionError(str(exc))
        self.players = players
        self.seed = seed
        self.strict = bool(strict_adjacency)
        self.centre_doubles = bool(centre_doubles)
        self.board = Board(self.centre_doubles)
        self.bag = Bag(Random(seed))
        self.hands: "list[list[int]]" = [[] for _ in players]
        self.sheets = [ScoreSheet() for _ in players]
        # Every turn played, packed small for the device: player, tile count, then per tile
        # the cell as row * 15 + col and the value. Read it with played().
        self.log = bytearray()
        self.turns = 0
        self.over = False
        self.opening: "list[list[tuple[int, int]]]" = []
        self.first = self._opening_draw()
        self.current = self.first
        self._refill(FIRST_HAND)

    def _opening_draw(self) -> int:
        # Each contender draws one tile; the tiles go back into the bag; ties draw again.
        contenders = list(range(len(self.players)))
        while len(contenders) > 1:
            draws = [(p, self.bag.draw()) for p in contenders]
            for _, v in draws:
                self.bag.put_back(v)
            self.opening.append(draws)
            best = max(v for _, v in draws)
            contenders = [p for p, v in draws if v == best]
        return contenders[0]

    def _refill(self, size: int) -> None:
        hand = self.hands[self.current]
        while len(hand) < size and len(self.bag):
            hand.append(self.bag.draw())

    @property
    def first_turn(self) -> bool:
        """True until the first turn (three tiles, one on the red square) is played."""
        return self.turns == 0

    def hand(self, player: "int | None" = None) -> "list[int]":
        """Sorted tile values held by `player` (default: the player to move)."""
        return sorted(self.hands[self.current if player is None else player])

    def must_place(self) -> int:
        """How many tiles the player to move must place this turn (0 means pass)."""
        if self.over:
            return 0
        return max_tiles(self.board, self.hand(), self.first_turn, self.strict, self.grey_at)

    def play(self, placements: "Sequence[tuple[int, int, int]]") -> "TurnResult":
        """Play the turn of the player to move: placements is [(row, col, value), ...] in
        the order the tiles go down. Returns the TurnResult; an illegal turn raises a
        ZatreError saying which rule and where, and changes nothing."""
        if self.over:
            raise TurnError("the game is over")
        steps = []
        hand = list(self.hands[self.current])
        for k, p in enumerate(placements):
            try:
                row, col, value = p
            except (TypeError, ValueError):
                raise CellError("tile %d of the turn: expected (row, col, value), got %r" % (k + 1, p))
            for x in (row, col, value):
                if not isinstance(x, int):
                    raise CellError("tile %d of the turn: row, column and value must be integers, got %r" % (k + 1, p))
            if not (0 <= row < SIZE and 0 <= col < SIZE):
                raise CellError("(%d,%d) is outside the 15 x 15 box (rows and columns 0-14)" % (row, col))
            if not 1 <= value <= 6:
                raise HandError("tile %d of the turn: tiles are 1 to 6, not %d" % (k + 1, value))
            if value not in hand:
                held = self.hands[self.current]
                if value in held:  # held, but fewer times than the turn places it
                    n = held.count(value)
                    raise HandError("tile %d of the turn: you hold %s: %s %d, not %s"
                                    % (k + 1, _listing(held), _COUNTS[n], value, _COUNTS[n + 1]))
                raise HandError("tile %d of the turn: you hold %s, no %s to place" % (k + 1, _listing(held), value))
            hand.remove(value)
            steps.append((index(row, col), value))
        result = check_turn(self.board, steps, self.first_turn, self.strict, self.grey_at)
        if len(steps) < len(self.hands[self.current]):
            need = self.must_place()
            if need > len(steps):
                raise DutyError(
                    "you must place %d tile%s this turn (every tile that can be placed goes down), not %d"
                    % (need, "" if need == 1 else "s", len(steps))
                )
        # Legal: now change the state.
        for i, v in steps:
            self.board.put(i, v)
        self.hands[self.current] = hand
        self.sheets[self.current].add(result.entries, result.crosses)
        self.log.append(self.current)
        self.log.append(len(steps))
        for row, col, value in placements:
            self.log.append(row * SIZE + col)
            self.log.append(value)
        self.turns += 1
        self.current = (self.current + 1) % len(self.players)
        self._refill(HAND)
        self.over = self._ended()
        return result

    def played(self) -> "Iterator[tuple[int, list[tuple[int, int, int]]]]":
        """Yield (player, [(row, col, value), ...]) for every turn played, in order
        (an empty list is a pass)."""
        log = self.log
        k = 0
        while k < len(log):
            player = log[k]
            n = log[k + 1]
            tiles = []
            for t in range(n):
                cell = log[k + 2 + 2 * t]
                tiles.append((cell // SIZE, cell % SIZE, log[k + 3 + 2 * t]))
            yield player, tiles
            k += 2 + 2 * n

    def _ended(self) -> bool:
        # The rules: the bag is empty and no held tile can be placed. Our reading adds the
        # case where the bag is not empty but no hand can change any more (every hand full
        # of tiles that fit nowhere), which would otherwise loop for ever.
        for hand in self.hands:
            for v in hand:
                if can_place(self.board, v):
                    return False
            if len(self.bag) and len(hand) < HAND:
                return False
        return True

    def score(self, player: int) -> int:
        """Final score of `player` so far: sheet total minus the tiles held."""
        return self.sheets[player].total() - sum(self.hands[player])

    def final_scores(self) -> "list[int]":
        """[score per player]: sheet totals minus the tiles each still holds."""
        return [self.score(p) for p in range(len(self.players))]

    def winners(self) -> "list[int]":
        """Indices of the players with the highest final score (ties share the win)."""
        scores = self.final_scores()
        best = max(scores)
        return [p for p in range(len(scores)) if scores[p] == best]


_COUNTS = ("no", "one", "two", "three", "four")  # a hand holds at most 3


def _listing(values: "Sequence[int]") -> str:
    values = sorted(values)
    if not values:
        return "no tiles"
    return " and ".join(str(v) for v in values)
