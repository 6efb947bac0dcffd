"""The standings of a tournament, and its team cups, worked out from its seatings and its
tables' results.

**Per table**, each player scores against each opponent at it: 1 match point for
outscoring them, 1/2 for an equal score, and the difference of the two scores. A 2-player
game is so a win (1), a draw (1/2) or a loss (0), with its score difference; the winner of
a table of four takes 3. **A bye** counts as a won 2-player game: 1 match point, no score
difference, no game points, no opponent. A table without a result yet counts nothing.

**The order**: match points, then the score difference, then head-to-head (the match
points scored, opponent by opponent, at any table shared, against those tied with you on
both), then, in a Swiss only, the Buchholz (the sum of the final match points of every
opponent met, once each time met; computed, but not ordered by, in a round robin).
Entrants equal on all of these share a place (1, 2, 2, 4); among them, names are listed
alphabetically, for display only. Withdrawn entrants keep their games and their place.

**Team cups** (by nation or by city): each team adds up its members' match points, score
differences and game points; ordered by match points, then score difference, then points
(equal on all three: a shared place, listed by the team's name). Entrants with no nation
(city) are in no team.

>>> from boardlight.league.tournament.model import Entrant, Result, Seating
>>> people = [Entrant(n) for n in ("Ann", "Bob", "Cy", "Dee")]
>>> seating = Seating(1, (("Ann", "Bob"), ("Cy", "Dee")))
>>> results = [Result(1, 1, ("Ann", "Bob"), (120, 80)), Result(1, 2, ("Cy", "Dee"), (90, 90))]
>>> [(s.place, s.name, s.match_points, s.score_difference)
...  for s in standings(people, [seating], results, "swiss")]
[(1, 'Ann', 1.0, 40), (2, 'Cy', 0.5, 0), (2, 'Dee', 0.5, 0), (4, 'Bob', 0.0, -40)]
>>> pairwise([5, 9, 5])
[[0.0, 0.0, 0.5], [1.0, 0.0, 1.0], [0.5, 0.0, 0.0]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from boardlight.league.tournament.model import SYSTEMS, TEAM_FIELDS, Entrant, Result, Seating, check


@dataclass(frozen=True)
class Standing:
    """One entrant's line of the standings (see the module docstring for each figure).

    `place`: shared only when every tie-break is equal; `games`: tables played (byes not
    counted); `byes`; `match_points`; `score_difference`; `head_to_head`; `buchholz`;
    `points`: the game points scored in all; `withdrawn`: the entrant has withdrawn."""

    place: int
    name: str
    games: int
    byes: int
    match_points: float
    score_difference: int
    head_to_head: float
    buchholz: float
    points: int
    withdrawn: bool


@dataclass(frozen=True)
class TeamStanding:
    """A team cup's line: the team, its members (in the entry order) and their match
    points, score differences and game points added up."""

    place: int
    team: str
    members: tuple[str, ...]
    match_points: float
    score_difference: int
    points: int


def pairwise(points: Sequence[int]) -> list[list[float]]:
    """m[i][j]: the match points seat i scores against seat j at one table (1, 1/2 or
    0; 0 against itself)."""
    return [[0.0 if i == j else 1.0 if p > q else 0.5 if p == q else 0.0
             for j, q in enumerate(points)] for i, p in enumerate(points)]


@dataclass
class _Line:
    games: int = 0
    byes: int = 0
    match_points: float = 0.0
    diff: int = 0
    points: int = 0
    met: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Table:
    lines: dict[str, _Line]
    head: dict[str, float]
    buchholz: dict[str, float]
    keys: dict[str, tuple[float, ...]]


def _table(entrants: Sequence[Entrant], seatings: Sequence[Seating], results: Sequence[Result],
           system: str) -> _Table:
    if system not in SYSTEMS:
        raise ValueError("a tournament system is swiss or round_robin, not %r" % (system,))
    check(entrants, seatings, results)
    lines = {e.name: _Line() for e in entrants}
    for s in seatings:
        for name in s.byes:
            lines[name].byes += 1
            lines[name].match_points += 1.0
    for r in results:
        m = pairwise(r.points)
        for i, name in enumerate(r.names):
            line = lines[name]
            line.games += 1
            line.points += r.points[i]
            line.match_points += sum(m[i])
            line.diff += sum(r.points[i] - q for j, q in enumerate(r.points) if j != i)
            line.met.extend(n for j, n in enumerate(r.names) if j != i)
    tied = {name: (line.match_points, line.diff) for name, line in lines.items()}
    head = {name: 0.0 for name in lines}
    for r in results:
        m = pairwise(r.points)
        for i, a in enumerate(r.names):
            head[a] += sum(m[i][j] for j, b in enumerate(r.names) if j != i and tied[a] == tied[b])
    buchholz = {name: float(sum(lines[o].match_points for o in line.met)) for name, line in lines.items()}
    swiss = system == "swiss"
    keys = {name: (-line.match_points, -line.diff, -head[name]) + ((-buchholz[name],) if swiss else ())
            for name, line in lines.items()}
    return _Table(lines, head, buchholz, keys)


def ranking(entrants: Sequence[Entrant], seatings: Sequence[Seating], results: Sequence[Result],
            system: str) -> list[str]:
    """Every entrant's name, best first by the standings' order; entrants equal on every
    tie-break in the entry order (the seeding), which is what the pairing ranks by."""
    t = _table(entrants, seatings, results, system)
    seed = {e.name: i for i, e in enumerate(entrants)}
    return sorted(t.lines, key=lambda n: (t.keys[n], seed[n]))


def standings(entrants: Sequence[Entrant], seatings: Sequence[Seating], results: Sequence[Result],
              system: str) -> list[Standing]:
    """Every entrant's standing, best first (see the module docstring); ValueError for an
    unknown system or inputs that do not fit together (`model.check`)."""
    t = _table(entrants, seatings, results, system)
    order = sorted(t.lines, key=lambda n: (t.keys[n], n))
    withdrawn = {e.name for e in entrants if e.withdrawn is not None}
    out: list[Standing] = []
    for i, name in enumerate(order):
        place = out[-1].place if i and t.keys[order[i - 1]] == t.keys[name] else i + 1
        line = t.lines[name]
        out.append(Standing(place, name, line.games, line.byes, line.match_points, line.diff,
                            t.head[name], t.buchholz[name], line.points, name in withdrawn))
    return out


def team_standings(entrants: Sequence[Entrant], table: Sequence[Standing], by: str) -> list[TeamStanding]:
    """The team cup by "nation" or "city" from the individual `table` (see the module
    docstring); ValueError for another `by`."""
    if by not in TEAM_FIELDS:
        raise ValueError("a team cup is by nation or by city, not %r" % (by,))
    lines = {s.name: s for s in table}
    teams: dict[str, list[Standing]] = {}
    for e in entrants:
        team = e.team(by)
        if team is not None and e.name in lines:
            teams.setdefault(team, []).append(lines[e.name])
    rows = [(team, tuple(s.name for s in members), sum(s.match_points for s in members),
             sum(s.score_difference for s in members), sum(s.points for s in members))
            for team, members in teams.items()]
    rows.sort(key=lambda r: (-r[2], -r[3], -r[4], r[0]))
    out: list[TeamStanding] = []
    for i, (team, members, mp, diff, points) in enumerate(rows):
        same = i > 0 and rows[i - 1][2:] == (mp, diff, points)
        out.append(TeamStanding(out[-1].place if same else i + 1, team, members, float(mp), diff, points))
    return out
