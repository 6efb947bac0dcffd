"""The Zatre engine: legal turns only (the duty included), the sheet's bonus beats an
immediate point, and a seed gives the same turn."""

import pytest

from boardcore.rng import Random
from boardcore.zatre import engine
from boardcore.zatre.board import Board, index
from boardcore.zatre.game import Game
from boardcore.zatre.hint import legal_turns
from boardcore.zatre.score import ScoreSheet


def _positions(seed, turns, check=None):
    """Positions met in a seeded 2-player game played with random legal turns;
    check(game, pos, k) is called on each while the game stands there."""
    rng = Random(seed)
    g = Game(["A", "B"], seed=seed)
    out = []
    while not g.over and len(out) < turns:
        pos = engine.position(g)
        if check is not None:
            check(g, pos, len(out))
        out.append(pos)
        legal = list(legal_turns(g.board, g.hand(), g.first_turn, g.strict))
        if not legal:
            g.play([])
            continue
        steps = legal[rng.below(len(legal))][0]
        g.play([engine._play(steps)[k] for k in range(len(steps))])
    return out


def _legal(game, turn):
    # The game itself is the judge: play the turn on a replayed copy.
    from boardcore.zatre.errors import ZatreError

    copy = Game(game.players, seed=game.seed)
    for _, tiles in game.played():
        copy.play(tiles)
    try:
        copy.play(turn)
    except ZatreError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("level", engine.LEVELS)
def test_every_turn_is_legal(level):
    def check(game, pos, k):
        if k % 9 == 0:
            turn, _ = engine.best(pos, level, k)
            assert _legal(game, turn) is None
            assert len(turn) == game.must_place()

    _positions(8, 70, check)


def test_analyse_lists_every_legal_turn():
    pos = _positions(5, 12)[-1]
    ranked = engine.analyse(pos, 4)
    assert len(ranked) == len(list(legal_turns(pos.board, pos.hand, pos.first, pos.strict)))
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True)


def _bonus_position():
    # A 4 at (7,7) and a 5 at (2,4): a 6 makes 10 beside the 4 and 11 beside the 5.
    board = Board()
    board.put(index(7, 7), 4)
    board.put(index(2, 4), 5)
    sheet = ScoreSheet()
    sheet.add((0, 2, 4), 0)  # row 1 has its 11 and 12: a 10 earns the bonus 3 too
    bag = [0, 21, 20, 20, 20, 20, 19]
    return engine.Position(board, [6], sheet, bag)


def test_a_ten_that_completes_a_sheet_row_beats_an_eleven():
    pos = _bonus_position()
    # The hint's best turn is an 11 (2 points against 1)...
    turn, value = engine.best(pos, 2)
    assert value == 2.0 and turn[0][:2] in ((2, 3), (2, 5), (1, 4), (3, 4))
    # ...but the 10 completes the row: 1 + the bonus 3 beats 2.
    for level in (3, 4, 5):
        turn, value = engine.best(pos, level)
        assert turn[0][:2] in ((7, 6), (7, 8), (6, 7), (8, 7)), (level, turn)


def test_a_hand_that_cannot_be_placed_passes():
    board = Board()
    board.put(index(7, 7), 6)
    board.put(index(7, 8), 6)  # a 12: nothing fits beside the pair...
    for i in ((6, 7), (8, 7), (6, 8), (8, 8)):
        board.put(index(*i), 6)  # ...nor above or below: columns of 12
    pos = engine.Position(board, [1], ScoreSheet(), [0, 21, 20, 20, 20, 20, 14])
    for level in engine.LEVELS:
        assert engine.best(pos, level) == ([], 0.0)


def test_the_same_seed_gives_the_same_turn():
    for pos in _positions(13, 30)[::6]:
        for level in engine.LEVELS:
            assert engine.best(pos, level, 7) == engine.best(pos, level, 7)
