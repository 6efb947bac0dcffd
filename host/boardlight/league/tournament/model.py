"""What a tournament is made of, as plain values: its entrants, each round's seating, and
the results of the tables that ended their game; and `check`, which refuses inputs that
do not fit together (the pairing and the standings call it first).

>>> ann = Entrant("Ann", joined=1, withdrawn=3)
>>> [ann.plays_in(r) for r in (1, 2, 3)]
[True, True, False]
>>> check([Entrant("Ann"), Entrant("Ann")], [], [])
Traceback (most recent call last):
...
ValueError: an entrant is entered twice: Ann
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: The two systems a tournament is played in.
SYSTEMS = ("swiss", "round_robin")
#: The fields a team (a cup, or team-mates kept apart) is made of.
TEAM_FIELDS = ("nation", "city")


@dataclass(frozen=True)
class Entrant:
    """A player entered in the tournament, in the entry order (the seeding).

    `joined`: the first round they can be seated in (1, or more for a late entry, who
    starts on 0 points); `withdrawn`: the first round they are no longer seated in (None:
    still playing; the games they played stay in the standings). `nation` and `city`
    make the teams (the team cups, and team-mates kept apart in the pairing)."""

    name: str
    nation: str | None = None
    city: str | None = None
    joined: int = 1
    withdrawn: int | None = None

    def plays_in(self, round_no: int) -> bool:
        """Whether the entrant is seated (or given a bye) in round `round_no`."""
        return self.joined <= round_no and (self.withdrawn is None or round_no < self.withdrawn)

    def team(self, by: str | None) -> str | None:
        """The entrant's team by "nation" or "city" (None: none, or `by` is None)."""
        if by is None:
            return None
        if by not in TEAM_FIELDS:
            raise ValueError("a team is by nation or by city, not %r" % (by,))
        value: str | None = getattr(self, by)
        return value or None


@dataclass(frozen=True)
class Seating:
    """One round's pairing: `tables` (table 1, 2, ...: the entrants' names in seat order,
    seat 1 starts the game) and `byes` (seated nowhere this round; a bye scores as a won
    2-player game)."""

    round: int
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()

    def seated(self) -> list[str]:
        """Everybody at a table this round, table by table, in seat order."""
        return [name for table in self.tables for name in table]


@dataclass(frozen=True)
class Result:
    """One finished table of one round: `table` is 1-based as in `Seating.tables`,
    `names` in seat order, and `points` each seat's final game points."""

    round: int
    table: int
    names: tuple[str, ...]
    points: tuple[int, ...]


def check(entrants: Sequence[Entrant], seatings: Sequence[Seating], results: Sequence[Result]) -> None:
    """Raise ValueError, saying what is wrong, unless the inputs fit together:

    - every entrant has a name of their own, joins in round 1 or later, and withdraws
      no earlier than they joined;
    - the seatings are rounds 1, 2, 3, ... in order, and seat (or give a bye to) entrants
      only, each at most once a round;
    - every result is of a table of a seating, names the players seated there in their
      seat order, has one score a seat, and is the only result of that table.
    """
    names = [e.name for e in entrants]
    if any(not isinstance(n, str) or not n for n in names):
        raise ValueError("an entrant needs a name")
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise ValueError("an entrant is entered twice: %s" % ", ".join(twice))
    for e in entrants:
        if e.joined < 1:
            raise ValueError("%s joins in round %d: rounds start at 1" % (e.name, e.joined))
        if e.withdrawn is not None and e.withdrawn < e.joined:
            raise ValueError("%s withdraws from round %d, before joining in round %d"
                             % (e.name, e.withdrawn, e.joined))
    known = set(names)
    for i, s in enumerate(seatings, 1):
        if s.round != i:
            raise ValueError("the seatings must be rounds 1, 2, 3, ... in order: seating %d is of round %d"
                             % (i, s.round))
        everyone = s.seated() + list(s.byes)
        strangers = sorted({n for n in everyone if n not in known})
        if strangers:
            raise ValueError("round %d seats %s, who %s not entered" % (
                s.round, ", ".join(strangers), "is" if len(strangers) == 1 else "are"))
        twice = sorted({n for n in everyone if everyone.count(n) > 1})
        if twice:
            raise ValueError("round %d seats %s twice" % (s.round, ", ".join(twice)))
        if any(not table for table in s.tables):
            raise ValueError("round %d has an empty table" % s.round)
    tables = {(s.round, no): t for s in seatings for no, t in enumerate(s.tables, 1)}
    seen: set[tuple[int, int]] = set()
    for r in results:
        seated = tables.get((r.round, r.table))
        if seated is None:
            raise ValueError("a result of round %d table %d, which was never seated" % (r.round, r.table))
        if tuple(r.names) != tuple(seated):
            raise ValueError("the result of round %d table %d names %s, but the table seats %s" % (
                r.round, r.table, ", ".join(r.names), ", ".join(seated)))
        if len(r.points) != len(r.names):
            raise ValueError("the result of round %d table %d has %d scores for %d players" % (
                r.round, r.table, len(r.points), len(r.names)))
        if (r.round, r.table) in seen:
            raise ValueError("round %d table %d has two results" % (r.round, r.table))
        seen.add((r.round, r.table))
