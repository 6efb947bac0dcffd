"""The Forbes engine: empty cells only, a corner pattern for its own cards is taken, the
other seats' hidden cards are never read, and a seed gives the same cell."""

import pytest

from boardcore.forbes import engine
from boardcore.forbes.game import Game
from boardcore.forbes.view import PlayerView
from boardcore.rng import Random

PUBLIC = set(PlayerView.__slots__)


class SealedView:
    """A PlayerView that raises on anything but its public fields, and whose hidden
    seats' cards raise when read (a None check is all an engine may do)."""

    def __init__(self, view):
        self._v = view

    def __getattr__(self, name):
        if name not in PUBLIC:
            raise AssertionError("the engine read %r" % name)
        value = getattr(self._v, name)
        if name == "shown":
            return _Sealed(value, self._v.seat)
        return value


class _Sealed(list):
    def __init__(self, shown, seat):
        list.__init__(self, shown)
        self.seat = seat

    def __getitem__(self, s):
        return list.__getitem__(self, s)

    def __iter__(self):
        raise AssertionError("the engine walked every seat's cards")


def _play_to(game, moves, rng):
    for _ in range(moves):
        seat = game.current
        game.draw(seat)
        empty = [i for i in range(16) if game.board[i] == "."]
        i = empty[rng.below(len(empty))]
        game.place(seat, i // 4, i % 4)


@pytest.mark.parametrize("level", engine.LEVELS)
def test_every_cell_is_empty_and_no_hidden_card_is_read(level):
    for seed in (1, 2, 3):
        rng = Random(seed)
        game = Game(3, dealer=seed % 3, rng=Random(seed))
        _play_to(game, seed * 4, rng)
        seat = game.current
        game.draw(seat)
        pos = engine.Position(SealedView(game.view(seat)), game.moves, game.options)
        cell, _ = engine.best(pos, level, seed)
        assert game.board[cell[0] * 4 + cell[1]] == "."
        ranked = engine.analyse(pos, level, seed)
        assert sorted(c for c, _ in ranked) == sorted((i // 4, i % 4) for i in range(16) if game.board[i] == ".")


@pytest.mark.parametrize("level", engine.LEVELS)
def test_the_move_does_not_depend_on_the_hidden_cards(level):
    # The same public game with different hidden hands for seats 1 and 2.
    cells = []
    for hands in (["SSTC", "TTXX", "CCXS"], ["SSTC", "XXXS", "TTCC"]):
        game = Game(3, dealer=0, hands=hands)
        for seat, (stone, row, col) in zip((0, 1, 2, 0, 1, 2), (("T", 0, 1), ("X", 1, 1), ("C", 2, 2), ("S", 3, 3), ("X", 0, 0), ("C", 1, 2))):
            game.play(seat, row, col, stone)
        game.draw(0, "S")
        cells.append(engine.best(engine.position(game, 0), level, 5))
    assert cells[0] == cells[1]


@pytest.mark.parametrize("level", engine.LEVELS)
def test_a_stone_that_completes_the_corners_for_its_own_cards(level):
    # Three corners are squares; the fourth completes the corners (10 per square card).
    game = Game(3, dealer=0, hands=["SSSX", "TTCC", "XXTC"])
    script = (("S", 0, 0), ("T", 1, 1), ("C", 1, 2), ("S", 0, 3), ("X", 2, 1), ("T", 2, 2), ("S", 3, 0))
    seat = 0
    for stone, row, col in script:
        game.play(game.current, row, col, stone)
    assert game.current == 1
    game.play(1, 0, 1, "C")
    game.play(2, 0, 2, "T")
    game.draw(0, "S")
    cell, _ = engine.best(engine.position(game, 0), level, 3)
    assert cell == (3, 3)


def test_the_same_seed_gives_the_same_cell():
    game = Game(3, dealer=1, rng=Random(4))
    _play_to(game, 5, Random(4))
    game.draw(game.current)
    pos = engine.position(game, game.current)
    for level in engine.LEVELS:
        assert engine.best(pos, level, 9) == engine.best(pos, level, 9)


def test_no_stone_drawn_is_refused():
    game = Game(3, dealer=0, rng=Random(1))
    with pytest.raises(ValueError, match="no stone drawn"):
        engine.best(engine.position(game, 0), 3)
