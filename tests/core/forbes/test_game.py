"""One Forbes game: the deal, the turn order, secret views, and illegal actions that raise
a specific error and leave the game exactly as it was."""

import pytest

from boardcore.forbes.errors import (
    CellTakenError,
    DrawError,
    ForbesError,
    GameNotOverError,
    GameOverError,
    HandError,
    OffBoardError,
    OutOfTurnError,
    PlayerCountError,
    UnknownPlayerError,
)
from boardcore.errors import RuleError
from boardcore.forbes.game import Game
from boardcore.rng import Random

HANDS = ["SSTC", "STXX", "TCCX"]  # already in S, T, C, X order, as the core keeps them


def snapshot(game):
    rng = game._rng.getstate() if game._rng is not None else None
    return (game.board, list(game.moves), game.stone, game.stones_left(), game.current, rng,
            [game.view(s).to_dict() for s in range(len(game.players))])


def test_turns_start_with_the_dealer_and_go_round_the_seats():
    game = Game(["Ann", "Bob", "Cy"], dealer=1, hands=HANDS)
    order = []
    for i in range(16):
        seat = game.current
        order.append(seat)
        game.play(seat, i // 4, i % 4, "SSTCXXTTCCSSXXTC"[i])
    # dealer Bob (1), then Cy (2), Ann (0), Bob, ... for 16 stones
    assert order == [1, 2, 0] * 5 + [1]
    assert game.order == [1, 2, 0] and game.second == 2
    assert game.over and game.current is None


def test_a_seeded_deal_gives_four_secret_cards_each_from_the_twenty():
    game = Game(5, dealer=3, rng=Random(11))
    hands = game.all_hands()
    assert [len(h) for h in hands] == [4] * 5
    # five players take all 20 cards: exactly 5 of each symbol
    assert sorted("".join(hands)) == sorted("SSSSSTTTTTCCCCCXXXXX")
    assert game.players == ["P1", "P2", "P3", "P4", "P5"]
    two = Game(["A", "B"], rng=Random(11))
    counts = [sum(h.count(s) for h in two.all_hands()) for s in "STCX"]
    assert sum(counts) == 8 and max(counts) <= 5


def test_the_same_seed_deals_and_draws_the_same():
    a, b = Game(3, rng=Random(5)), Game(3, rng=Random(5))
    assert a.all_hands() == b.all_hands()
    assert [a.draw(0)] == [b.draw(0)]


def test_random_draws_take_each_stone_once():
    game = Game(2, rng=Random(9))
    for i in range(16):
        seat = game.current
        stone = game.draw(seat)
        assert game.stone == stone
        game.place(seat, i // 4, i % 4)
    left = game.stones_left()
    assert sum(left.values()) == 48 - 16
    for symbol in "STCX":
        assert left[symbol] == 12 - game.board.count(symbol)


def test_a_player_sees_only_their_own_cards_until_shown_or_game_over():
    game = Game(["Ann", "Bob", "Cy"], hands=HANDS)
    view = game.view(1)
    assert view.hand == "STXX" and view.name == "Bob"
    assert view.shown == [None, "STXX", None]
    game.reveal(2)
    assert game.view(0).shown == ["SSTC", None, "TCCX"]
    for i in range(16):
        game.play(game.current, i // 4, i % 4, "SSTCXXTTCCSSXXTC"[i])
    assert game.view(0).shown == HANDS
    assert game.view(0).to_dict()["over"] is True


def test_the_drawn_stone_is_public_and_placed_where_chosen():
    game = Game(["Ann", "Bob"], hands=["SSTC", "STXX"])
    game.draw(0, "X")
    assert game.view(1).stone == "X"
    game.place(0, 3, 2)
    assert game.view(1).cell(3, 2) == "X" and game.board[14] == "X"
    assert game.moves == [(0, "X", 3, 2)]


@pytest.mark.parametrize(
    "action, error, message",
    [
        (lambda g: g.place(1, 0, 0), OutOfTurnError, "it is Ann's turn, not Bob's"),
        (lambda g: g.draw(2), OutOfTurnError, "it is Ann's turn, not Cy's"),
        (lambda g: g.play(0, 0, 1), CellTakenError, r"cell \(0, 1\) already holds a T"),
        (lambda g: g.play(0, 4, 0), OffBoardError, r"cell \(4, 0\) is off the board"),
        (lambda g: g.play(0, 0, -1), OffBoardError, "off the board"),
        (lambda g: g.play(0, "a", 1), OffBoardError, "whole numbers"),
        (lambda g: g.place(0, 2, 2), DrawError, "Ann must draw a stone before placing"),
        (lambda g: g.draw(0, "Q"), DrawError, "unknown stone 'Q'"),
        (lambda g: g.play(0, 2, 2, "Q"), DrawError, "unknown stone 'Q'"),
        (lambda g: g.draw(7), UnknownPlayerError, "no seat 7"),
        (lambda g: g.scores(), GameNotOverError, "13 of 16 cells are still empty"),
    ],
)
def test_illegal_actions_raise_and_change_nothing(action, error, message):
    game = Game(["Ann", "Bob", "Cy"], hands=HANDS, rng=Random(3))
    game.play(0, 0, 0, "S")
    game.play(1, 0, 1, "T")
    game.play(2, 1, 1)  # a random stone: the seeded source moves on
    before = snapshot(game)
    with pytest.raises(error, match=message):
        action(game)
    assert snapshot(game) == before
    assert issubclass(error, ForbesError) and issubclass(error, RuleError)


def test_drawing_twice_and_playing_a_different_stone_are_refused():
    game = Game(["Ann", "Bob"], hands=["SSTC", "STXX"])
    game.draw(0, "C")
    before = snapshot(game)
    with pytest.raises(DrawError, match="already drew a C"):
        game.draw(0, "S")
    with pytest.raises(DrawError, match="drew a C, not a 'T'"):
        game.play(0, 1, 1, "T")
    assert snapshot(game) == before
    assert game.play(0, 1, 1, "C") == "C"


def test_a_thirteenth_stone_of_a_symbol_does_not_exist():
    game = Game(["Ann", "Bob"], hands=["SSTC", "STXX"])
    for i in range(12):
        game.play(game.current, i // 4, i % 4, "S")
    before = snapshot(game)
    with pytest.raises(DrawError, match="all 12 S stones are already on the board"):
        game.play(game.current, 3, 0, "S")
    assert snapshot(game) == before


def test_no_random_source_means_the_stone_must_be_named():
    game = Game(["Ann", "Bob"], hands=["SSTC", "STXX"])
    with pytest.raises(DrawError, match="say which stone"):
        game.draw(0)
    with pytest.raises(HandError, match="no hands given"):
        Game(["Ann", "Bob"])


def test_a_full_board_takes_no_more_stones():
    game = Game(["Ann", "Bob"], hands=["SSTC", "STXX"])
    for i in range(16):
        game.play(game.current, i // 4, i % 4, "STCX"[i % 4])
    with pytest.raises(GameOverError, match="board is full"):
        game.draw(0, "S")


@pytest.mark.parametrize(
    "players, message",
    [
        (["A", "B", "C", "D", "E", "F"], "at most 5 players .*player 6, 'F', is one too many"),
        (["A"], "at least 2 players, not 1"),
        (["A", "A"], "'A' is used twice"),
        # Names: the check every game shares (boardcore.names), in its words.
        (["A", "B c"], "player name 'B c' may only use letters .*in one word: not ' '"),
        (["A#1", "B"], "player name 'A#1' may only use letters .*: not '#'"),
        (["A", ""], "player name must be 1 to 16 characters, not ''"),
        (6, "at most 5"),
    ],
)
def test_player_counts_and_names(players, message):
    with pytest.raises(PlayerCountError, match=message):
        Game(players, rng=Random(1))


@pytest.mark.parametrize(
    "hands, message",
    [
        (["SSTC", "STX"], "seat 1: a hand is 4 cards"),
        (["SSTC", "STXQ"], "seat 1: unknown card 'Q'"),
        (["SSSS", "SSTC"], "6 cards of S dealt, but there are only 5"),
        (["SSTC"], "1 hands given for 2 players"),
    ],
)
def test_impossible_hands_are_refused(hands, message):
    with pytest.raises(HandError, match=message):
        Game(["A", "B"], hands=hands)


def test_seat_lookup_by_name():
    game = Game(["Ann", "Bob"], hands=["SSTC", "STXX"])
    assert game.seat_of("Bob") == 1
    with pytest.raises(UnknownPlayerError, match="no player called 'Zed'"):
        game.seat_of("Zed")
    with pytest.raises(UnknownPlayerError, match="dealer seat 2"):
        Game(["Ann", "Bob"], dealer=2, hands=["SSTC", "STXX"])


def test_hands_are_kept_in_symbol_order():
    game = Game(["Ann", "Bob"], hands=["XCTS", "XTXS"])
    assert game.all_hands() == ["STCX", "STXX"]
