"""The FITS round flow: deal, start tiles, the 16 cards, skips, set aside, rounds, options."""

import pytest

from boardcore.fits.deck import deal_game
from boardcore.fits.errors import (
    DealError,
    OptionError,
    PhaseError,
    TileUsedError,
    TurnError,
    WrongTileError,
)
from boardcore.fits.game import Game
from boardcore.fits.tiles import TILE_IDS


def play_round_setting_aside(g):
    """Place every start tile at column 1, set every card aside."""
    g.start_round()
    for p in g.players:
        g.place(p, g.start_tile(p), 1, 1)
    while g.phase == "cards":
        t = g.turn_card()
        for p in g.waiting():
            g.set_aside(p, t)
    return g.finish_round()


def test_a_round_turns_16_cards_and_owners_skip_their_start_card():
    g = Game(["Ann", "Bob", "Cy"], seed=11)
    starts = g.start_round()
    assert len(set(starts)) == 3 and set(starts) <= {"P", "T5", "U", "Y"}
    assert g.phase == "start" and g.waiting() == ["Ann", "Bob", "Cy"]
    for p in g.players:
        g.place(p, g.start_tile(p), 1, 1)
    assert g.phase == "cards"
    seen = []
    acted = {p: 0 for p in g.players}
    while g.phase == "cards":
        t = g.turn_card()
        seen.append(t)
        owners = [p for p in g.players if g.start_tile(p) == t]
        assert g.waiting() == [p for p in g.players if p not in owners]
        for p in g.waiting():
            g.set_aside(p, t)
            acted[p] += 1
    assert sorted(seen) == sorted(TILE_IDS)
    # each player acts on 15 cards: the 16 minus their own start tile
    assert acted == {"Ann": 15, "Bob": 15, "Cy": 15}
    assert g.phase == "score"


def test_set_aside_tile_is_gone_and_round_scores_only_start_tile():
    # Solo on board 1: the start tile is the only tile, 5 cells, no full row:
    # 72 - 5 = 67 open dots -> -67.
    g = Game(["Solo"], seed=3, boards=[1])
    scores = play_round_setting_aside(g)
    assert scores[0]["total"] == -67
    assert g.phase == "over" and g.totals() == {"Solo": -67}
    assert g.solo_rating() is None  # one board: a score, but no title
    assert g.no_title_reason().endswith("this game had board 1 only")
    assert g.winners() == ["Solo"]


def test_four_rounds_on_boards_in_order_then_over():
    g = Game(["A", "B"], seed=1)
    boards = []
    while g.phase != "over":
        play_round_setting_aside(g)
        boards.append(g.boards[g.round_index])
    assert boards == [1, 2, 3, 4]
    assert len(g.round_scores) == 4
    with pytest.raises(PhaseError):
        g.start_round()


def test_fewer_boards_and_another_order():
    g = Game(["A"], seed=2, boards=[3, 2])
    play_round_setting_aside(g)
    assert g.board_number == 3
    play_round_setting_aside(g)
    assert g.board_number == 2 and g.phase == "over"


def test_seeded_game_deals_like_fits_deck():
    g = Game(["A", "B"], seed=99)
    expected = deal_game(99, 2, 4)
    starts = g.start_round()
    assert starts == expected[0][0]
    for p in g.players:
        g.place(p, g.start_tile(p), 1, 1)
    cards = []
    while g.phase == "cards":
        cards.append(g.turn_card())
        for p in g.waiting():
            g.set_aside(p, cards[-1])
    assert cards == expected[0][1]


def test_start_tiles_option():
    g = Game(["A", "B"], seed=5, start_tiles=["X", "I3"])
    assert sorted(g.start_round()) == ["I3", "X"]
    with pytest.raises(OptionError, match="2 start tiles cannot give 3 players"):
        Game(["A", "B", "C"], start_tiles=["X", "I3"])


@pytest.mark.parametrize("kwargs,message", [
    ({"players": []}, "1 to 4 players, not 0"),
    ({"players": ["a", "b", "c", "d", "e"]}, "1 to 4 players, not 5"),
    ({"players": ["Ann", "Ann"]}, "must differ"),
    ({"players": ["Ann Lee"]}, "may only use letters"),
    ({"players": ["A"], "boards": [5]}, "boards are numbered 1..4"),
    ({"players": ["A"], "boards": [1, 1]}, "at most once"),
    ({"players": ["A"], "boards": []}, "at least one board"),
    ({"players": ["A"], "start_tiles": ["P", "Q"]}, "'Q' is not a tile"),
    ({"players": ["A"], "max_overhang": -1}, "max_overhang"),
    ({"players": ["A"], "seed": -3}, "seed"),
])
def test_bad_options_are_refused(kwargs, message):
    with pytest.raises(OptionError, match=message):
        Game(**kwargs)


def test_illegal_actions_leave_the_game_unchanged():
    g = Game(["Ann", "Bob"], seed=2026)  # deals Ann U, Bob P; first card N
    g.start_round()
    g.place("Ann", "U", 1, 1)

    def state():
        return (g.phase, g.card, g.turned, g.waiting(), repr(g.history),
                bytes(g.board("Ann").grid), bytes(g.board("Bob").grid))

    before = state()
    with pytest.raises(TurnError, match="Ann has already placed the start tile U"):
        g.place("Ann", "U", 1, 4)
    with pytest.raises(PhaseError, match="start tiles first: waiting for Bob"):
        g.turn_card()
    with pytest.raises(WrongTileError, match="Bob's start tile is P, not U"):
        g.place("Bob", "U", 1, 1)
    assert state() == before
    g.place("Bob", "P", 1, 1)
    assert g.turn_card() == "N"
    before = state()
    with pytest.raises(WrongTileError, match="the card shown is N, not I3"):
        g.set_aside("Ann", "I3")
    with pytest.raises(TurnError, match="Ann, Bob still to place or set aside N"):
        g.turn_card()
    assert state() == before


def test_no_board_before_the_deal():
    g = Game(["Ann"], seed=1)
    with pytest.raises(PhaseError, match="no boards yet"):
        g.board("Ann")
    assert g.legal_drops("Ann") == [] and g.start_tile("Ann") is None and g.waiting() == []


def test_skip_and_cards_from_outside():
    g = Game(["Ann", "Bob"])  # no seed: the cards come from the table
    with pytest.raises(DealError, match="needs the start cards"):
        g.start_round()
    g.start_round(["Y", "U"])
    g.place("Ann", "Y", 1, 1)
    g.place("Bob", "U", 1, 1)
    assert g.turn_card("U") == "U"
    assert g.waiting() == ["Ann"]
    with pytest.raises(TileUsedError, match="Bob skips U"):
        g.place("Bob", "U", 2, 3)
    g.set_aside("Ann", "U")
    with pytest.raises(TileUsedError, match="card U was already turned"):
        g.turn_card("U")
    with pytest.raises(DealError, match="needs each card"):
        g.turn_card()
