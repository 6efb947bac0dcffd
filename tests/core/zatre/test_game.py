"""The Zatre game flow: opening draw, hands, the duty, errors leaving the state unchanged."""

import pytest

from boardcore.zatre.board import index
from boardcore.zatre.errors import DutyError, HandError, OptionError, TurnError
from boardcore.zatre.game import Game
from boardcore.zatre.position import format_position


def test_players_and_options_are_checked():
    with pytest.raises(OptionError, match="1 to 6 players"):
        Game([])
    with pytest.raises(OptionError, match="1 to 6 players"):
        Game(["a", "b", "c", "d", "e", "f", "g"])
    with pytest.raises(OptionError, match="must differ"):
        Game(["a", "a"])
    with pytest.raises(OptionError, match="one word"):
        Game(["Ann Lee", "Bob"])
    with pytest.raises(OptionError, match="seed"):
        Game(["a"], seed=-1)


def test_opening_draw_puts_tiles_back_and_highest_starts():
    g = Game(["A", "B", "C", "D"], seed=11)
    assert len(g.bag) == 121 - 3  # the opening tiles went back; only the first hand is out
    last = g.opening[-1]
    best = max(v for _, v in last)
    assert [p for p, v in last if v == best] == [g.first]
    for earlier in g.opening[:-1]:  # a round that ends tied: its top players draw again
        top = max(v for _, v in earlier)
        assert len([p for p, v in earlier if v == top]) > 1
    assert g.current == g.first and len(g.hand()) == 3


def test_solo_has_no_opening_draw():
    g = Game(["Solo"], seed=3)
    assert g.opening == [] and g.first == 0 and len(g.hand()) == 3


def test_first_turn_then_two_tiles_and_refill():
    g = Game(["Ann", "Bob"], seed=1)
    a, b, c = g.hand()
    g.play([(7, 7, a), (7, 8, b), (8, 7, c)])
    assert g.board.count == 3 and g.hand(g.first) == []
    assert len(g.hand()) == 2 and len(g.bag) == 121 - 5
    assert g.current == 1 - g.first


def test_illegal_turns_leave_the_state_unchanged():
    g = Game(["Ann", "Bob"], seed=1)
    before = format_position(g)
    hand = g.hand()
    missing = [v for v in range(1, 7) if v not in hand][0]
    with pytest.raises(HandError, match="no %d to place" % missing):
        g.play([(7, 7, missing)])
    with pytest.raises(DutyError, match="must place 3 tiles"):
        g.play([(7, 7, hand[0])])
    with pytest.raises(HandError):
        g.play([(7, 7, hand[0]), (7, 8, hand[0]), (8, 7, hand[0])] if hand.count(hand[0]) < 3 else [(7, 7, 9)])
    assert format_position(g) == before and g.turns == 0


def test_duty_to_place_both_tiles_and_no_pass_while_a_tile_fits():
    g = Game(["Ann", "Bob"], seed=1)
    g.hands[g.current] = [4, 6, 6]
    g.play([(7, 7, 4), (7, 8, 6), (8, 7, 6)])  # row 7 = 10, column 7 = 10
    g.hands[g.current] = [1, 2]
    before = format_position(g)
    assert g.must_place() == 2
    with pytest.raises(DutyError, match="must place 2 tiles"):
        g.play([])
    # 1 at (6,7) alone is legal as a placement (column 7 = 1 + 4 + 6 = 11), but both tiles
    # can go down (e.g. with 2 at (7,9): row 7 = 4 + 6 + 2 = 12), so it is refused.
    with pytest.raises(DutyError, match="must place 2 tiles"):
        g.play([(6, 7, 1)])
    assert format_position(g) == before
    r = g.play([(6, 7, 1), (7, 9, 2)])
    assert r.sums == (12, 11) and r.entries == (0, 2, 4)


def test_game_over_refuses_turns():
    g = Game(["Solo"], seed=2)
    g.over = True
    with pytest.raises(TurnError, match="over"):
        g.play([])


def test_seeded_games_are_repeatable():
    a = Game(["A", "B", "C"], seed=42)
    b = Game(["A", "B", "C"], seed=42)
    assert a.opening == b.opening and a.hand() == b.hand()
    c = Game(["A", "B", "C"], seed=43)
    assert (c.opening, c.hand()) != (a.opening, a.hand())
