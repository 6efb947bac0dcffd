"""The tournament's pairings (boardlight.league.tournament.pairing): every expected seating
below was worked out by hand from the rules in the module's docstring."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlight.league.tournament.model import Entrant, Result, Seating
from boardlight.league.tournament.pairing import PairingError, meetings, seat_round
from boardlight.league.tournament.tables import byes_needed, table_sizes

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
ZATRE = (2, 2, 2)
FORBES = (3, 4, 5)


def people(n, **fields):
    return [Entrant(name, **fields.get(name, {})) for name in NAMES[:n]]


def play(system, entrants, rounds, sizes=ZATRE):
    """The seatings of `rounds` rounds paired one after the other, with no results."""
    seatings = []
    for r in range(1, rounds + 1):
        seatings.append(seat_round(system, entrants, r, seatings, [], sizes))
    return seatings


def pairs_of(seatings):
    return [frozenset(p) for s in seatings for t in s.tables for p in combinations(t, 2)]


# -- table sizes ---------------------------------------------------------------------------

@pytest.mark.parametrize("players, split", [
    (3, [3]), (4, [4]), (5, [5]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [5, 4]),
    (10, [4, 3, 3]), (11, [4, 4, 3]), (12, [4, 4, 4]), (13, [5, 4, 4])])
def test_table_sizes_of_3_to_5_for_3_to_13_players(players, split):
    assert table_sizes(players, FORBES) == split


def test_table_sizes_none_when_no_split_seats_everybody():
    assert table_sizes(7, ZATRE) is None
    assert table_sizes(2, FORBES) is None
    assert byes_needed(7, ZATRE) == 1
    assert byes_needed(7, (3, 3, 3)) == 1
    assert byes_needed(8, (3, 3, 3)) == 2


def test_a_round_of_3_to_5_seats_the_split_largest_table_first():
    seating = seat_round("swiss", people(9), 1, [], [], FORBES)
    assert seating == Seating(1, (("Ann", "Bob", "Cy", "Dee", "Eve"), ("Fay", "Gus", "Hal", "Ivy")))


# -- round robin ---------------------------------------------------------------------------

def test_round_robin_of_4_meets_every_pair_exactly_once_in_3_rounds():
    seatings = play("round_robin", people(4), 3)
    assert [s.tables for s in seatings] == [
        (("Ann", "Dee"), ("Bob", "Cy")),
        (("Cy", "Ann"), ("Dee", "Bob")),
        (("Ann", "Bob"), ("Cy", "Dee"))]
    assert sorted(map(sorted, pairs_of(seatings))) == sorted(map(sorted, combinations(NAMES[:4], 2)))
    assert all(s.byes == () for s in seatings)
    with pytest.raises(PairingError, match="^a round robin of 4 has 3 rounds$"):
        seat_round("round_robin", people(4), 4, seatings, [], ZATRE)


def test_round_robin_of_5_meets_every_pair_once_and_gives_each_one_bye():
    seatings = play("round_robin", people(5), 5)
    assert [s.byes for s in seatings] == [("Ann",), ("Dee",), ("Bob",), ("Eve",), ("Cy",)]
    assert sorted(map(sorted, pairs_of(seatings))) == sorted(map(sorted, combinations(NAMES[:5], 2)))
    with pytest.raises(PairingError, match="^a round robin of 5 has 5 rounds$"):
        seat_round("round_robin", people(5), 6, seatings, [], ZATRE)


def test_round_robin_of_6_has_5_rounds_and_balances_the_first_seats():
    seatings = play("round_robin", people(6), 5)
    assert len(set(pairs_of(seatings))) == 15
    firsts = {n: sum(t[0] == n for s in seatings for t in s.tables) for n in NAMES[:6]}
    assert sorted(firsts.values()) == [2, 2, 2, 3, 3, 3]
    with pytest.raises(PairingError, match="^a round robin of 6 has 5 rounds$"):
        seat_round("round_robin", people(6), 6, seatings, [], ZATRE)


def test_round_robin_after_a_withdrawal_pairs_by_fewest_meetings():
    four = people(4)
    first = seat_round("round_robin", four, 1, [], [], ZATRE)
    assert first.tables == (("Ann", "Dee"), ("Bob", "Cy"))
    four[3] = Entrant("Dee", withdrawn=2)
    # Ann, Bob, Cy in the entry order: Cy, the last without a bye, sits out; Ann and Bob
    # never met. Both sat first in round 1: the higher-ranked (Ann) sits first.
    assert seat_round("round_robin", four, 2, [first], [], ZATRE) == Seating(2, (("Ann", "Bob"),), ("Cy",))


def test_round_robin_of_tables_of_3_seats_nobody_with_someone_met():
    nine = people(9)
    first = seat_round("round_robin", nine, 1, [], [], (3, 3, 3))
    assert first.tables == (("Ann", "Bob", "Cy"), ("Dee", "Eve", "Fay"), ("Gus", "Hal", "Ivy"))
    # Round 2 starts from Bob: Bob, then the first who met neither Bob nor Dee, ...
    second = seat_round("round_robin", nine, 2, [first], [], (3, 3, 3))
    assert second.tables == (("Bob", "Dee", "Gus"), ("Cy", "Eve", "Hal"), ("Fay", "Ivy", "Ann"))
    assert set(pairs_of([first])).isdisjoint(pairs_of([second]))


def test_round_robin_of_tables_of_4_seats_the_pairs_not_met_yet():
    r1, r2, r3 = play("round_robin", people(8), 3, (4, 4, 4))
    assert r2.tables == (("Bob", "Cy", "Eve", "Fay"), ("Dee", "Gus", "Hal", "Ann"))
    # Unmet after round 2: Ann, Dee with Eve, Fay and Bob, Cy with Gus, Hal. Seating each
    # such four together leaves 2 pairs a table meeting again (any other four, more), and
    # everybody has met everybody after round 3. Round 3 starts from Cy; Fay has not sat
    # first yet, the others at her table have.
    assert r3.tables == (("Cy", "Gus", "Hal", "Bob"), ("Fay", "Dee", "Eve", "Ann"))
    assert len(meetings([r1, r2, r3])) == 28


def test_a_repeat_counts_before_how_often_the_pair_met():
    previous = [Seating(1, (("Ann", "Bob"), ("Cy", "Dee"))), Seating(2, (("Ann", "Bob"), ("Cy", "Dee"))),
                Seating(3, (("Ann", "Cy"), ("Bob", "Dee")))]
    # Pairings of four: Ann-Bob/Cy-Dee (2 pairs again, 2 of them twice over), Ann-Cy/Bob-Dee
    # (2 pairs again, once each), Ann-Dee/Bob-Cy (none). Dee never sat first, Ann always;
    # Bob sat first once in 3 games, Cy twice.
    assert seat_round("swiss", people(4), 4, previous, [], ZATRE).tables == (("Dee", "Ann"), ("Bob", "Cy"))
    previous.append(Seating(4, (("Ann", "Dee"), ("Bob", "Cy"))))
    # Now every pairing repeats both pairs; Ann-Cy/Bob-Dee and Ann-Dee/Bob-Cy met once
    # each (Ann-Bob/Cy-Dee three times): of the two, Ann's partner ranked higher.
    fifth = seat_round("swiss", people(4), 5, previous, [], ZATRE)
    assert sorted(map(sorted, fifth.tables)) == [["Ann", "Cy"], ["Bob", "Dee"]]


# -- Swiss, 2-player tables ------------------------------------------------------------

def test_swiss_round_1_is_the_seeding_paired_top_down():
    assert seat_round("swiss", people(6), 1, [], [], ZATRE).tables == (
        ("Ann", "Bob"), ("Cy", "Dee"), ("Eve", "Fay"))


def test_swiss_of_6_over_3_rounds_never_repeats_a_pairing():
    six = people(6)
    r1 = seat_round("swiss", six, 1, [], [], ZATRE)
    res1 = [Result(1, 1, ("Ann", "Bob"), (100, 80)), Result(1, 2, ("Cy", "Dee"), (90, 95)),
            Result(1, 3, ("Eve", "Fay"), (70, 70))]
    # Ranking: Ann 1 (+20), Dee 1 (+5), Eve and Fay 1/2 (0; equal on every tie-break:
    # the seeding), Cy 0 (-5), Bob 0 (-20). Eve-Fay would be a rematch: Eve-Cy, Fay-Bob.
    # Dee sat second (Ann first), Fay second (Bob too, the higher-ranked sits first).
    r2 = seat_round("swiss", six, 2, [r1], res1, ZATRE)
    assert r2.tables == (("Dee", "Ann"), ("Eve", "Cy"), ("Fay", "Bob"))
    res2 = [Result(2, 1, ("Dee", "Ann"), (100, 90)), Result(2, 2, ("Eve", "Cy"), (50, 60)),
            Result(2, 3, ("Fay", "Bob"), (50, 80))]
    # Ranking: Dee 2, Ann 1 (+10, beat Bob), Bob 1 (+10), Cy 1 (+5), Eve 1/2, Fay 1/2
    # (-30). Dee-Ann met: Dee-Bob; then Ann-Cy would leave Eve-Fay (met): Ann-Eve, Cy-Fay.
    r3 = seat_round("swiss", six, 3, [r1, r2], res1 + res2, ZATRE)
    assert r3.tables == (("Bob", "Dee"), ("Ann", "Eve"), ("Cy", "Fay"))
    assert len(set(pairs_of([r1, r2, r3]))) == 9


def test_swiss_byes_go_to_the_lowest_ranked_without_a_bye():
    five = people(5)
    r1 = seat_round("swiss", five, 1, [], [], ZATRE)
    assert r1 == Seating(1, (("Ann", "Bob"), ("Cy", "Dee")), ("Eve",))
    res1 = [Result(1, 1, ("Ann", "Bob"), (50, 60)), Result(1, 2, ("Cy", "Dee"), (70, 50))]
    # Cy 1 (+20), Bob 1 (+10), Eve 1 (the bye, 0), Ann 0, Dee 0: Dee sits out.
    r2 = seat_round("swiss", five, 2, [r1], res1, ZATRE)
    assert r2 == Seating(2, (("Bob", "Cy"), ("Eve", "Ann")), ("Dee",))
    res2 = [Result(2, 1, ("Bob", "Cy"), (50, 40)), Result(2, 2, ("Eve", "Ann"), (30, 60))]
    # Bob 2, Ann 1 (+20), Cy 1 (+10), Dee 1 (-20), Eve 1 (-30): Eve and Dee had a bye,
    # so Cy sits out, though Dee and Eve rank lower. Bob-Ann and Ann-Eve met: Bob-Eve, Dee-Ann.
    r3 = seat_round("swiss", five, 3, [r1, r2], res1 + res2, ZATRE)
    assert r3 == Seating(3, (("Bob", "Eve"), ("Dee", "Ann")), ("Cy",))


def test_swiss_late_entry_starts_on_nothing_and_a_withdrawal_is_not_seated():
    field = people(4) + [Entrant("Eve", joined=2)]
    field[3] = Entrant("Dee", withdrawn=2)
    r1 = seat_round("swiss", field, 1, [], [], ZATRE)
    assert r1 == Seating(1, (("Ann", "Bob"), ("Cy", "Dee")))
    res1 = [Result(1, 1, ("Ann", "Bob"), (10, 0)), Result(1, 2, ("Cy", "Dee"), (10, 0))]
    # Ann and Cy equal on everything (seeding: Ann first), Eve 0 (0) above Bob 0 (-10).
    r2 = seat_round("swiss", field, 2, [r1], res1, ZATRE)
    assert r2 == Seating(2, (("Ann", "Cy"), ("Bob", "Eve")))


def test_swiss_keeps_team_mates_apart_when_asked():
    teams = {"Ann": {"nation": "CZ"}, "Bob": {"nation": "CZ"}, "Cy": {"nation": "DE"}, "Dee": {"nation": "DE"}}
    four = people(4, **teams)
    assert seat_round("swiss", four, 1, [], [], ZATRE).tables == (("Ann", "Bob"), ("Cy", "Dee"))
    assert seat_round("swiss", four, 1, [], [], ZATRE, "nation").tables == (("Ann", "Cy"), ("Bob", "Dee"))
    assert seat_round("swiss", four, 1, [], [], ZATRE, "city").tables == (("Ann", "Bob"), ("Cy", "Dee"))


def test_swiss_avoids_a_rematch_before_keeping_team_mates_apart():
    teams = {"Ann": {"nation": "CZ"}, "Bob": {"nation": "CZ"}, "Cy": {"nation": "DE"}, "Dee": {"nation": "DE"}}
    four = people(4, **teams)
    previous = [Seating(1, (("Ann", "Cy"), ("Bob", "Dee"))), Seating(2, (("Dee", "Ann"), ("Cy", "Bob")))]
    # Only Ann-Bob, Cy-Dee meet nobody again: team-mates, but no rematch.
    assert seat_round("swiss", four, 3, previous, [], ZATRE, "nation").tables == (("Ann", "Bob"), ("Cy", "Dee"))


def test_swiss_takes_the_fewest_rematches_when_none_avoid_them():
    four = people(4)
    seatings = play("swiss", four, 3)
    assert len(set(pairs_of(seatings))) == 6
    fourth = seat_round("swiss", four, 4, seatings, [], ZATRE)
    assert len(fourth.tables) == 2  # every pair met: one rematch a table, still seated


# -- Swiss, tables of 3 to 5 -----------------------------------------------------------

def test_multi_player_swiss_swaps_between_tables_to_cut_repeat_meetings():
    eight = people(8)
    r1 = Seating(1, (("Ann", "Bob", "Cy", "Dee"), ("Eve", "Fay", "Gus", "Hal")))
    res1 = [Result(1, 1, r1.tables[0], (100, 100, 100, 100)), Result(1, 2, r1.tables[1], (100, 100, 100, 100))]
    # Everybody equal: the seeding. Top-down gives the same tables again (12 repeat pairs);
    # swapping Dee and Eve (the closest in the ranking) leaves 6, then Cy and Fay 4.
    # Seat 1: who has not sat first yet, the higher-ranked of them.
    r2 = seat_round("swiss", eight, 2, [r1], res1, (4, 4, 4))
    assert r2 == Seating(2, (("Bob", "Ann", "Eve", "Fay"), ("Cy", "Dee", "Gus", "Hal")))
    assert sum(meetings([r1, r2]).values()) - len(meetings([r1, r2])) == 4


def test_multi_player_swiss_keeps_team_mates_apart_after_repeats():
    cities = {"Ann": {"city": "Brno"}, "Bob": {"city": "Brno"}, "Cy": {"city": "Brno"}}
    six = people(6, **cities)
    assert seat_round("swiss", six, 1, [], [], (3, 3, 3)).tables == (("Ann", "Bob", "Cy"), ("Dee", "Eve", "Fay"))
    # Swapping Cy and Dee leaves Ann and Bob together (one pair of team-mates); no swap
    # of one player can do better.
    assert seat_round("swiss", six, 1, [], [], (3, 3, 3), "city").tables == (
        ("Ann", "Bob", "Dee"), ("Cy", "Eve", "Fay"))


# -- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: seat_round("knockout", people(4), 1, [], [], ZATRE),
     "a tournament system is swiss or round_robin, not 'knockout'"),
    (lambda: seat_round("swiss", people(4), 3, [], [], ZATRE),
     "round 3 cannot be paired: 0 rounds are seated, so the next is round 1"),
    (lambda: seat_round("swiss", people(4), 1, [Seating(1, (("Ann", "Bob"), ("Cy", "Dee")))], [], ZATRE),
     "round 1 cannot be paired: 1 round is seated, so the next is round 2"),
    (lambda: seat_round("swiss", people(1), 1, [], [], ZATRE), "1 entrant plays in round 1: a table needs at least 2"),
    (lambda: seat_round("swiss", people(2), 1, [], [], FORBES), "2 entrants play in round 1: a table needs at least 3"),
    (lambda: seat_round("swiss", people(3) + [Entrant("Ann")], 1, [], [], ZATRE), "an entrant is entered twice: Ann"),
    (lambda: seat_round("swiss", people(4), 1, [], [], (4, 3, 5)),
     "table sizes are (fewest, preferred, most) players with 2 <= fewest <= preferred <= most, not (4, 3, 5)"),
    (lambda: seat_round("swiss", people(4), 1, [], [], ZATRE, "club"),
     "team-mates are kept apart by nation or by city, not 'club'"),
    (lambda: seat_round("swiss", people(4), 2, [Seating(1, (("Ann", "Bob"), ("Cy", "Dee")))],
                        [Result(1, 1, ("Ann", "Cy"), (1, 0))], ZATRE),
     "the result of round 1 table 1 names Ann, Cy, but the table seats Ann, Bob"),
    (lambda: seat_round("swiss", people(4), 2, [Seating(1, (("Ann", "Bob"), ("Cy", "Zed")))], [], ZATRE),
     "round 1 seats Zed, who is not entered"),
    (lambda: seat_round("swiss", people(4), 2, [Seating(1, (("Ann", "Bob"),), ("Ann",))], [], ZATRE),
     "round 1 seats Ann twice"),
    (lambda: seat_round("swiss", people(4), 2, [Seating(1, (("Ann", "Bob"), ("Cy", "Dee")))],
                        [Result(1, 3, ("Ann", "Bob"), (1, 0))], ZATRE),
     "a result of round 1 table 3, which was never seated"),
])
def test_bad_input_raises_a_pairing_error_saying_what_is_wrong(call, message):
    with pytest.raises(PairingError) as caught:
        call()
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


# -- properties ----------------------------------------------------------------------------

@st.composite
def events(draw):
    n = draw(st.integers(2, 20))
    system = draw(st.sampled_from(["swiss", "round_robin"]))
    sizes = draw(st.sampled_from([ZATRE, FORBES, (3, 3, 3), (2, 3, 4)]))
    changes = draw(st.booleans())
    entrants = []
    for i in range(n):
        joined = draw(st.integers(1, 3)) if changes and i >= 2 else 1
        withdrawn = draw(st.none() | st.integers(joined, 6)) if changes and i >= 2 else None
        entrants.append(Entrant("P%02d" % i, nation=draw(st.sampled_from([None, "CZ", "DE"])),
                                joined=joined, withdrawn=withdrawn))
    rounds = draw(st.integers(1, 6))
    avoid = draw(st.sampled_from([None, "nation"]))
    return system, entrants, rounds, sizes, avoid


@settings(max_examples=150, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_every_active_entrant_is_seated_once_or_has_a_bye(event, rng):
    system, entrants, rounds, sizes, avoid = event
    seatings, results = [], []
    for r in range(1, rounds + 1):
        try:
            seating = seat_round(system, entrants, r, seatings, results, sizes, avoid)
        except PairingError as exc:
            assert "a round robin of" in str(exc) or "a table needs" in str(exc)
            break
        assert seating == seat_round(system, entrants, r, seatings, results, sizes, avoid)  # deterministic
        active = sorted(e.name for e in entrants if e.plays_in(r))
        everyone = seating.seated() + list(seating.byes)
        assert sorted(everyone) == active
        assert all(sizes[0] <= len(t) <= sizes[2] for t in seating.tables)
        before = {n: sum(n in s.byes for s in seatings) for n in active}
        # Nobody sits out who had more byes than somebody seated (no second bye while a
        # player of the round had none).
        assert max((before[n] for n in seating.byes), default=0) <= min(
            (before[n] for n in seating.seated()), default=0)
        seatings.append(seating)
        results += [Result(r, no, t, tuple(rng.randint(0, 5) for _ in t)) for no, t in enumerate(seating.tables, 1)]


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 20), st.data(), st.randoms(use_true_random=False))
def test_swiss_with_2_player_tables_never_rematches_in_fewer_than_n_over_2_rounds(n, data, rng):
    entrants = [Entrant("P%02d" % i, nation=data.draw(st.sampled_from([None, "CZ"]))) for i in range(n)]
    rounds = data.draw(st.integers(1, max(1, (n - 1) // 2)))
    seatings, results = [], []
    for r in range(1, rounds + 1):
        seating = seat_round("swiss", entrants, r, seatings, results, ZATRE, "nation")
        seatings.append(seating)
        results += [Result(r, no, t, (rng.randint(0, 3), rng.randint(0, 3))) for no, t in enumerate(seating.tables, 1)]
    pairs = pairs_of(seatings)
    assert len(pairs) == len(set(pairs))
