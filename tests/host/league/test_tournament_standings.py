"""The tournament's standings (boardlight.league.tournament.standings): every figure below
worked out by hand from the rules in the module's docstring."""

import pytest

from boardlight.league.tournament.model import Entrant, Result, Seating
from boardlight.league.tournament.standings import Standing, standings


def people(*names, **fields):
    return [Entrant(n, **fields.get(n, {})) for n in names]


def lines(table):
    return [(s.place, s.name, s.match_points, s.score_difference) for s in table]


def test_score_difference_decides_between_equal_match_points():
    seating = Seating(1, (("Ann", "Bob"), ("Cy", "Dee")))
    results = [Result(1, 1, ("Ann", "Bob"), (100, 50)), Result(1, 2, ("Cy", "Dee"), (60, 50))]
    table = standings(people("Ann", "Bob", "Cy", "Dee"), [seating], results, "swiss")
    assert lines(table) == [(1, "Ann", 1.0, 50), (2, "Cy", 1.0, 10), (3, "Dee", 0.0, -10), (4, "Bob", 0.0, -50)]


# Two rounds of four: Ann beat Bob, lost to Dee; Bob lost to Ann, beat Cy. Both: 1 match
# point, +5; Cy +15 and Dee -25 on 1 match point too.
HEAD = [Seating(1, (("Ann", "Bob"), ("Cy", "Dee"))), Seating(2, (("Ann", "Dee"), ("Bob", "Cy")))]
HEAD_RESULTS = [Result(1, 1, ("Ann", "Bob"), (60, 50)), Result(1, 2, ("Cy", "Dee"), (80, 50)),
                Result(2, 1, ("Ann", "Dee"), (45, 50)), Result(2, 2, ("Bob", "Cy"), (65, 50))]


def test_head_to_head_decides_between_equal_match_points_and_score_difference():
    table = standings(people("Ann", "Bob", "Cy", "Dee"), HEAD, HEAD_RESULTS, "swiss")
    assert [(s.place, s.name, s.score_difference, s.head_to_head, s.buchholz) for s in table] == [
        (1, "Cy", 15, 0.0, 2.0), (2, "Ann", 5, 1.0, 2.0), (3, "Bob", 5, 0.0, 2.0), (4, "Dee", -25, 0.0, 2.0)]


# Six players, two rounds. Ann and Cy both won by 10, then lost by 10: 1 match point, 0,
# and never met. Ann's opponents (Bob 1, Eve 1 1/2) are stronger than Cy's (Dee 0, Fay
# 1 1/2). Eve and Fay drew, then won by 10: equal on everything.
SIX = people("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
BUCH = [Seating(1, (("Ann", "Bob"), ("Cy", "Dee"), ("Eve", "Fay"))),
        Seating(2, (("Ann", "Eve"), ("Cy", "Fay"), ("Bob", "Dee")))]
BUCH_RESULTS = [Result(1, 1, ("Ann", "Bob"), (60, 50)), Result(1, 2, ("Cy", "Dee"), (60, 50)),
                Result(1, 3, ("Eve", "Fay"), (50, 50)), Result(2, 1, ("Ann", "Eve"), (50, 60)),
                Result(2, 2, ("Cy", "Fay"), (50, 60)), Result(2, 3, ("Bob", "Dee"), (70, 50))]


def test_buchholz_decides_in_a_swiss_and_equal_entrants_share_a_place():
    table = standings(SIX, BUCH, BUCH_RESULTS, "swiss")
    assert table == [
        Standing(1, "Eve", 2, 0, 1.5, 10, 0.5, 2.5, 110, False),
        Standing(1, "Fay", 2, 0, 1.5, 10, 0.5, 2.5, 110, False),
        Standing(3, "Bob", 2, 0, 1.0, 10, 0.0, 1.0, 120, False),
        Standing(4, "Ann", 2, 0, 1.0, 0, 0.0, 2.5, 110, False),
        Standing(5, "Cy", 2, 0, 1.0, 0, 0.0, 1.5, 110, False),
        Standing(6, "Dee", 2, 0, 0.0, -30, 0.0, 2.0, 100, False)]


def test_a_round_robin_does_not_order_by_buchholz():
    table = standings(SIX, BUCH, BUCH_RESULTS, "round_robin")
    assert [(s.place, s.name) for s in table] == [
        (1, "Eve"), (1, "Fay"), (3, "Bob"), (4, "Ann"), (4, "Cy"), (6, "Dee")]
    assert table[3].buchholz == 2.5  # still shown


def test_a_table_of_four_gives_a_match_point_per_opponent_outscored():
    seating = Seating(1, (("Ann", "Bob", "Cy", "Dee"),))
    result = Result(1, 1, ("Ann", "Bob", "Cy", "Dee"), (30, 20, 20, 10))
    table = standings(people("Ann", "Bob", "Cy", "Dee"), [seating], [result], "swiss")
    assert [(s.place, s.name, s.match_points, s.score_difference, s.head_to_head, s.buchholz) for s in table] == [
        (1, "Ann", 3.0, 40, 0.0, 3.0), (2, "Bob", 1.5, 0, 0.5, 4.5), (2, "Cy", 1.5, 0, 0.5, 4.5),
        (4, "Dee", 0.0, -40, 0.0, 6.0)]


def test_a_bye_is_a_won_2_player_game_and_a_withdrawal_keeps_its_games():
    field = people("Ann", "Bob", "Cy", Cy={"withdrawn": 2})
    seating = Seating(1, (("Ann", "Cy"),), ("Bob",))
    table = standings(field, [seating], [Result(1, 1, ("Ann", "Cy"), (40, 50))], "swiss")
    assert table == [
        Standing(1, "Cy", 1, 0, 1.0, 10, 0.0, 0.0, 50, True),
        Standing(2, "Bob", 0, 1, 1.0, 0, 0.0, 0.0, 0, False),
        Standing(3, "Ann", 1, 0, 0.0, -10, 0.0, 1.0, 40, False)]


def test_a_table_without_a_result_counts_nothing_yet():
    seating = Seating(1, (("Ann", "Bob"),))
    table = standings(people("Ann", "Bob"), [seating], [], "swiss")
    assert [(s.place, s.name, s.games) for s in table] == [(1, "Ann", 0), (1, "Bob", 0)]


@pytest.mark.parametrize("args, message", [
    ((people("Ann", "Bob"), [], [], "knockout"), "a tournament system is swiss or round_robin, not 'knockout'"),
    ((people("Ann", "Ann"), [], [], "swiss"), "an entrant is entered twice: Ann"),
    ((people("Ann", "Bob", "Cy"), [Seating(1, (("Ann", "Bob"),))], [Result(1, 1, ("Ann", "Cy"), (1, 0))], "swiss"),
     "the result of round 1 table 1 names Ann, Cy, but the table seats Ann, Bob"),
    ((people("Ann", "Bob"), [Seating(1, (("Ann", "Bob"),))], [Result(1, 1, ("Ann", "Bob"), (1,))], "swiss"),
     "the result of round 1 table 1 has 1 scores for 2 players"),
    ((people("Ann", "Bob"), [Seating(1, (("Ann", "Bob"),))],
      [Result(1, 1, ("Ann", "Bob"), (1, 0)), Result(1, 1, ("Ann", "Bob"), (1, 0))], "swiss"),
     "round 1 table 1 has two results"),
    ((people("Ann", "Bob"), [Seating(2, (("Ann", "Bob"),))], [], "swiss"),
     "the seatings must be rounds 1, 2, 3, ... in order: seating 1 is of round 2"),
    (([Entrant("Ann", joined=3, withdrawn=2)], [], [], "swiss"), "Ann withdraws from round 2, before joining in round 3"),
])
def test_bad_input_raises_a_value_error_saying_what_is_wrong(args, message):
    with pytest.raises(ValueError) as caught:
        standings(*args)
    assert str(caught.value) == message
