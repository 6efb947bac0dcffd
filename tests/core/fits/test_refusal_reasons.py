"""A refusal names the real reason, whatever the phase the round has reached: the checks
that depend on the player come before the phase's own."""

import pytest

from boardcore.fits.errors import FitsError, PhaseError, TileUsedError, TurnError
from boardcore.fits.game import Game
from boardcore.fits.record import parse_record, replay

# Ann's start tile is P and P is the 16th card: she skips it, so when Bob has acted the
# round is over (phase "score") with P still shown.
CARDS = ["I3", "L3", "O4", "T4", "S4", "L4", "F", "L5", "N", "T5", "U", "V5", "W", "X", "Y", "P"]


def _at_the_last_card():
    g = Game(["Ann", "Bob"], boards=[1])  # no seed: the cards come from outside
    g.start_round(["P", "U"])
    g.place("Ann", "P", 1, 1)
    g.place("Bob", "U", 1, 1)
    for tile in CARDS:
        g.turn_card(tile)
        for name in g.waiting():
            if tile != "P":
                g.set_aside(name, tile)
    return g


def _state(g):
    return (g.phase, g.card, g.turned, g.waiting(), repr(g.history))


def test_the_owner_of_the_last_card_is_told_they_skip_it():
    g = _at_the_last_card()
    assert g.card == "P" and g.waiting() == ["Bob"]
    g.set_aside("Bob", "P")
    assert g.phase == "score" and g.card == "P"
    before = _state(g)
    with pytest.raises(TileUsedError, match="^Ann skips P: it is their start tile, already placed$"):
        g.place("Ann", "P", 1, 3)
    with pytest.raises(TileUsedError, match="^Ann skips P: it is their start tile, already placed$"):
        g.set_aside("Ann", "P")
    with pytest.raises(TurnError, match="^Bob has already acted on card P$"):
        g.place("Bob", "P", 1, 3)
    assert _state(g) == before
    g.finish_round()
    with pytest.raises(PhaseError, match="no card is shown"):
        g.place("Ann", "P", 1, 3)


def test_a_skip_names_the_card_shown_not_the_tile_typed():
    g = _at_the_last_card()
    with pytest.raises(TileUsedError, match="^Ann skips P: it is their start tile, already placed$"):
        g.place("Ann", "X", 1, 3)


def test_the_record_line_of_the_example_names_the_skip():
    g = _at_the_last_card()
    from boardcore.fits.record import format_record

    text = format_record(g).replace("card P: Ann skip, Bob -", "card P: Bob pass, Ann 1/3")
    with pytest.raises(TileUsedError) as caught:
        replay(parse_record(text, "game.txt"))
    assert str(caught.value) == ("game.txt:25: Ann 1/3 on card P: Ann skips P: it is their"
                                 " start tile, already placed")


def test_setting_aside_a_start_tile_already_placed_says_so():
    g = Game(["Ann", "Bob"], seed=2026)  # deals Ann U, Bob P
    g.start_round()
    g.place("Ann", "U", 1, 1)
    with pytest.raises(TurnError, match="^Ann has already placed the start tile U$"):
        g.set_aside("Ann", "U")
    with pytest.raises(TurnError, match="Bob must place the start tile P: it cannot be set aside"):
        g.set_aside("Bob", "P")


def test_a_seventeenth_card_is_refused_for_what_it_is():
    g = _at_the_last_card()
    g.set_aside("Bob", "P")
    with pytest.raises(PhaseError, match="^cannot turn a card now: all 16 cards of this round"
                                         " are turned \\(phase 'score'\\)$"):
        g.turn_card("P")


def test_dealing_after_the_last_round_says_the_game_is_over():
    g = _at_the_last_card()
    g.set_aside("Bob", "P")
    g.finish_round()
    with pytest.raises(PhaseError, match="^cannot deal now: the game is over \\(1 board played\\)$"):
        g.start_round(["P", "U"])
    with pytest.raises(FitsError, match="the game is over"):
        g.turn_card("P")
