"""The team cups (boardlight.league.tournament.standings.team_standings): the members'
individual figures added up, by nation or by city."""

import pytest

from boardlight.league.tournament.model import Entrant, Result, Seating
from boardlight.league.tournament.standings import TeamStanding, standings, team_standings

# Six players over two rounds (as in test_tournament_standings): match points, score
# difference, points: Ann 1, 0, 110; Bob 1, +10, 120; Cy 1, 0, 110; Dee 0, -30, 100;
# Eve 1 1/2, +10, 110; Fay 1 1/2, +10, 110.
FIELD = [Entrant("Ann", nation="CZ", city="Brno"), Entrant("Bob", nation="CZ", city="Praha"),
         Entrant("Cy", nation="DE", city="Brno"), Entrant("Dee", nation="DE", city="Praha"),
         Entrant("Eve", nation="AT"), Entrant("Fay", city="Brno")]
SEATINGS = [Seating(1, (("Ann", "Bob"), ("Cy", "Dee"), ("Eve", "Fay"))),
            Seating(2, (("Ann", "Eve"), ("Cy", "Fay"), ("Bob", "Dee")))]
RESULTS = [Result(1, 1, ("Ann", "Bob"), (60, 50)), Result(1, 2, ("Cy", "Dee"), (60, 50)),
           Result(1, 3, ("Eve", "Fay"), (50, 50)), Result(2, 1, ("Ann", "Eve"), (50, 60)),
           Result(2, 2, ("Cy", "Fay"), (50, 60)), Result(2, 3, ("Bob", "Dee"), (70, 50))]
TABLE = standings(FIELD, SEATINGS, RESULTS, "swiss")


def test_the_nations_cup_adds_up_its_members_and_leaves_out_those_without_a_nation():
    assert team_standings(FIELD, TABLE, "nation") == [
        TeamStanding(1, "CZ", ("Ann", "Bob"), 2.0, 10, 230),
        TeamStanding(2, "AT", ("Eve",), 1.5, 10, 110),
        TeamStanding(3, "DE", ("Cy", "Dee"), 1.0, -30, 210)]


def test_the_cities_cup_adds_up_its_members():
    assert team_standings(FIELD, TABLE, "city") == [
        TeamStanding(1, "Brno", ("Ann", "Cy", "Fay"), 3.5, 10, 330),
        TeamStanding(2, "Praha", ("Bob", "Dee"), 1.0, -20, 220)]


def test_equal_teams_share_a_place_listed_by_name():
    field = [Entrant("Ann", city="Zlín"), Entrant("Bob", city="Brno")]
    seating = Seating(1, (("Ann", "Bob"),))
    table = standings(field, [seating], [Result(1, 1, ("Ann", "Bob"), (50, 50))], "swiss")
    assert team_standings(field, table, "city") == [
        TeamStanding(1, "Brno", ("Bob",), 0.5, 0, 50), TeamStanding(1, "Zlín", ("Ann",), 0.5, 0, 50)]


def test_a_cup_is_by_nation_or_city_only():
    with pytest.raises(ValueError, match="^a team cup is by nation or by city, not 'club'$"):
        team_standings(FIELD, TABLE, "club")
