"""Who sits where in the next round: Swiss or round robin, at 2-player tables (Zatre) or
at tables of 3 to 5 (Forbes, FITS).

The rules, as the director reads them:

- **Who is seated**: only the entrants who play in the round: a late entry from the
  round it joined (starting on 0 points), a withdrawal no more from the round it took
  effect (its past games stay in the standings). The round must be the next one (round
  1, then one more than the rounds seated so far), and at least `fewest` players must
  play in it.
- **Table sizes** (`tables.table_sizes`): the split into tables of `fewest` to `most`
  players with the fewest seats away from the preferred size, then the most tables of
  exactly the preferred size, then the fewest tables; largest table first. At (3, 4, 5):
  6 -> 3 + 3, 7 -> 4 + 3, 9 -> 5 + 4, 10 -> 4 + 3 + 3, 11 -> 4 + 4 + 3.
- **Byes**: when no split seats everybody (an odd count at 2-player tables, or a count the
  sizes cannot make), the fewest players that leave a count that splits sit out: each the
  lowest-ranked of those with the fewest byes so far, so nobody has a second bye while
  another player of the round has had none. In a round robin of 2-player tables the
  circle's schedule gives the byes (one each, in an odd count).
- **Swiss, 2-player tables** (the Monrad system): the players are ranked by the
  standings (round 1: the entry order, the seeding; players equal on every tie-break
  also by the entry order) and paired top-down: the highest-ranked player still free
  with the next one below, so that each score group is paired within itself as far as it
  can be. A search (backtracking, with memory) finds the pairing with the fewest
  rematches (none whenever a pairing without one exists), and among those, with
  `avoid_teammates`, the fewest team-mates paired together: **avoiding a rematch comes
  before keeping team-mates apart**. Among equally good pairings it keeps the one closest
  to the plain top-down order (the first player's partner as high as it can be, then the
  next player's, ...). The search is exact within `SEARCH_STEPS` (100,000) steps, far
  more than a field where a pairing without rematches exists needs; beyond them (nearly
  every pair met already) each player still free takes their cheapest partner.
- **Swiss, tables of 3 to 5**: the tables are filled top-down from the ranking (table 1
  the leaders), then players are swapped between neighbouring tables while a swap lowers
  the repeat meetings (pairs at one table who shared a table before, counted once for
  each earlier table shared), and after them, with `avoid_teammates`, the pairs of
  team-mates at one table. Each step takes the swap that gains most, and of those the
  swap of the two players closest in the ranking.
- **Round robin, 2-player tables**: the circle (Berger) method on the entry order: n - 1
  rounds for an even count, n for an odd one (a bye a round, everybody once); a round
  beyond that is refused ("a round robin of 6 has 5 rounds"). If the players change
  during the event (a late entry, a withdrawal), the schedule no longer holds: each round
  then pairs the players of the round, in the entry order, by the fewest earlier meetings
  (the Swiss search above, on the entry order instead of the standings); the number of
  rounds is then the director's.
- **Round robin, tables of 3 to 5**: the round's order is the entry order turned by the
  round (round 2 starts with the second entrant). Each table is started by the first
  player still free and filled one by one with the free player who met the fewest of
  those already there (team-mates after that, when asked; ties by the order); then players
  are swapped between any two tables while a swap lowers the repeat meetings (and then
  team-mates), as in a Swiss; two for two when no swap of one player gains.
- **Seat order** (seat 1 starts): seat 1 goes to the player at the table most behind
  their fair share of first seats (their tables so far, each 1/size, minus the times they
  sat first), the higher-ranked when equal; the others follow in the ranking. At a
  2-player table the two so take turns: whoever sat first less often than second sits
  first.
- **Tables**: in the ranking's order (table 1 the top pairing or group).

Everything is deterministic: the same inputs give the same seating; nothing is random.

>>> from boardlight.league.tournament.model import Entrant, Result, Seating
>>> people = [Entrant(n) for n in ("Ann", "Bob", "Cy", "Dee", "Eve")]
>>> seat_round("swiss", people, 1, [], [], (2, 2, 2))
Seating(round=1, tables=(('Ann', 'Bob'), ('Cy', 'Dee')), byes=('Eve',))
>>> seat_round("round_robin", people[:4], 1, [], [], (2, 2, 2)).tables
(('Ann', 'Dee'), ('Bob', 'Cy'))
>>> seat_round("swiss", people, 2, [], [], (2, 2, 2))
Traceback (most recent call last):
...
boardlight.league.tournament.pairing.PairingError: round 2 cannot be paired: 0 rounds are seated, so the next is round 1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import combinations

from boardlight.league.tournament.model import SYSTEMS, TEAM_FIELDS, Entrant, Result, Seating, check
from boardlight.league.tournament.standings import ranking
from boardlight.league.tournament.tables import byes_needed, check_sizes, pick_byes, table_sizes

Meetings = Mapping[frozenset[str], int]

#: The 2-player search's steps (sets of players paired) before it settles, for the rest, on
#: each first player's cheapest partner: reached only when nearly every pair met already.
SEARCH_STEPS = 100_000


class PairingError(ValueError):
    """A round that cannot be paired; the message says why."""


def seat_round(system: str, entrants: Sequence[Entrant], round_no: int,
               previous: Sequence[Seating], results: Sequence[Result],
               sizes: tuple[int, int, int], avoid_teammates: str | None = None) -> Seating:
    """The seating of round `round_no` (see the module docstring for the rules).

    `system`: "swiss" or "round_robin"; `entrants` in the entry order (the seeding);
    `previous`: the seatings of rounds 1 to round_no - 1; `results`: the finished tables
    of those rounds; `sizes`: (fewest, preferred, most) players a table, (2, 2, 2) for
    Zatre; `avoid_teammates`: None, "nation" or "city". PairingError says what is wrong."""
    if system not in SYSTEMS:
        raise PairingError("a tournament system is swiss or round_robin, not %r" % (system,))
    if avoid_teammates is not None and avoid_teammates not in TEAM_FIELDS:
        raise PairingError("team-mates are kept apart by nation or by city, not %r" % (avoid_teammates,))
    try:
        check_sizes(sizes)
        check(entrants, previous, results)
    except ValueError as exc:
        raise PairingError(str(exc)) from None
    if round_no != len(previous) + 1:
        raise PairingError("round %d cannot be paired: %d round%s seated, so the next is round %d" % (
            round_no, len(previous), " is" if len(previous) == 1 else "s are", len(previous) + 1))
    active = [e.name for e in entrants if e.plays_in(round_no)]
    if len(active) < sizes[0]:
        raise PairingError("%d entrant%s in round %d: a table needs at least %d" % (
            len(active), " plays" if len(active) == 1 else "s play", round_no, sizes[0]))
    met = meetings(previous)
    teams = {e.name: e.team(avoid_teammates) for e in entrants}
    two = sizes[2] == 2

    if system == "round_robin" and two and _schedule_holds(entrants, previous, round_no):
        pairs, byes = circle(active, round_no)
        order = active
    else:
        if system == "swiss":
            playing = set(active)
            order = [n for n in ranking(entrants, previous, results, "swiss") if n in playing]
        elif two:
            order = active
        else:
            turn = (round_no - 1) % len(active)
            order = active[turn:] + active[:turn]
        byes_so_far = {n: sum(n in s.byes for s in previous) for n in order}
        byes = pick_byes(order, byes_so_far, byes_needed(len(order), sizes))
        seated = [n for n in order if n not in byes]
        if two:
            pairs = pair_two(seated, met, teams)
        else:
            split = table_sizes(len(seated), sizes)
            assert split is not None  # the byes leave a count that splits
            if system == "swiss":
                groups, at = [], 0
                for size in split:
                    groups.append(seated[at:at + size])
                    at += size
                pairs = improve(groups, seated, met, teams, neighbours_only=True)
            else:
                pairs = improve(fill(seated, split, met, teams), seated, met, teams, neighbours_only=False)
    rank = {name: i for i, name in enumerate(order)}
    return Seating(round_no, tuple(seat_order(g, rank, previous) for g in pairs), tuple(byes))


def meetings(previous: Sequence[Seating]) -> dict[frozenset[str], int]:
    """How many times each pair of entrants shared a table (from the seatings: a table
    whose game has no result yet met too).

    >>> meetings([Seating(1, (("A", "B", "C"),))])[frozenset(("A", "C"))]
    1
    """
    out: dict[frozenset[str], int] = {}
    for s in previous:
        for table in s.tables:
            for a, b in combinations(table, 2):
                key = frozenset((a, b))
                out[key] = out.get(key, 0) + 1
    return out


def _schedule_holds(entrants: Sequence[Entrant], previous: Sequence[Seating], round_no: int) -> bool:
    """Whether the same players played every round so far and play this one too."""
    first = {e.name for e in entrants if e.plays_in(1)}
    return (all({e.name for e in entrants if e.plays_in(r)} == first for r in range(1, round_no + 1))
            and all(set(s.seated()) | set(s.byes) == first for s in previous))


def circle(order: Sequence[str], round_no: int) -> tuple[list[tuple[str, ...]], list[str]]:
    """(pairs, byes) of round `round_no` of the circle method over `order`: the first
    player stays, the others turn one place a round; an odd count adds an empty seat
    (whoever meets it has the bye). PairingError beyond the last round.

    >>> circle(["A", "B", "C"], 1)
    ([('B', 'C')], ['A'])
    """
    players: list[str | None] = list(order) + ([None] if len(order) % 2 else [])
    n = len(players)
    if not 1 <= round_no <= n - 1:
        raise PairingError("a round robin of %d has %d rounds" % (len(order), n - 1))
    rest = players[1:]
    turn = (round_no - 1) % (n - 1)
    rest = rest[len(rest) - turn:] + rest[:len(rest) - turn]
    line = [players[0]] + rest
    pairs: list[tuple[str, ...]] = []
    byes: list[str] = []
    for i in range(n // 2):
        a, b = line[i], line[n - 1 - i]
        if a is None or b is None:
            byes.extend(x for x in (a, b) if x is not None)
        else:
            pairs.append((a, b))
    return pairs, byes


def pricer(players: Sequence[str], met: Meetings, teams: Mapping[str, str | None]) -> Callable[[str, str], int]:
    """The cost of seating two players together, as one number that orders, in turn:
    whether they met before (a repeat), how many times before beyond the first, and
    whether they are team-mates. Each weighs more than all of the next together at the
    tables of `players`.

    >>> price = pricer(["A", "B", "C"], {frozenset(("A", "B")): 1}, {"B": "CZ", "C": "CZ"})
    >>> price("A", "B") > price("B", "C") > price("A", "C") == 0
    True
    """
    n = len(players)
    team_weight = 1
    extra_weight = n * n + 1
    most = max(met.values(), default=0)
    repeat_weight = extra_weight * (max(most - 1, 0) * n * n + 1)

    def price(a: str, b: str) -> int:
        times = met.get(frozenset((a, b)), 0)
        team = teams.get(a)
        return (repeat_weight * (times > 0) + extra_weight * max(times - 1, 0)
                + team_weight * (team is not None and team == teams.get(b)))

    return price


def pair_two(ranking: Sequence[str], met: Meetings, teams: Mapping[str, str | None]) -> list[tuple[str, ...]]:
    """The pairs of an even `ranking` (best first): the fewest rematches, then the fewest
    team-mates paired, then the closest to 1-2, 3-4, ... (see the module docstring).
    Exact (a search over the players still free, remembering each set's best) within
    `SEARCH_STEPS`; beyond them, deterministic.

    >>> pair_two(["A", "B", "C", "D"], {frozenset(("A", "B")): 1}, {})
    [('A', 'C'), ('B', 'D')]
    """
    n = len(ranking)
    assert n % 2 == 0
    price = pricer(ranking, met, teams)
    cost = [[price(a, b) for b in ranking] for a in ranking]
    # Half the sum of every free player's cheapest free partner: a bound no pairing of
    # them can beat.
    cheapest = [sorted((cost[i][j], j) for j in range(n) if j != i) for i in range(n)]
    bounds: dict[int, int] = {}
    memo: dict[int, tuple[int, int]] = {}
    budget = [SEARCH_STEPS]

    def bound(free: int) -> int:
        known = bounds.get(free)
        if known is None:
            total, bits, i = 0, free, 0
            while bits:
                if bits & 1:
                    total += next(c for c, j in cheapest[i] if free >> j & 1)
                bits >>= 1
                i += 1
            known = bounds[free] = (total + 1) // 2
        return known

    def best(free: int) -> int:
        # The least cost of pairing the players of the bit set `free`; memo[free] also
        # keeps the partner of its first player.
        if not free:
            return 0
        known = memo.get(free)
        if known is not None:
            return known[0]
        budget[0] -= 1
        i = (free & -free).bit_length() - 1
        rest = free & ~(1 << i)
        if budget[0] < 0:
            # Out of steps: the cheapest partner, the highest-ranked of those.
            c, j = next((c, j) for c, j in cheapest[i] if rest >> j & 1)
            memo[free] = (c + best(rest & ~(1 << j)), j)
            return memo[free][0]
        floor = bound(free)
        top, choice = -1, -1
        for j in range(i + 1, n):
            if not rest >> j & 1:
                continue
            child = rest & ~(1 << j)
            if top >= 0 and cost[i][j] + (bound(child) if child else 0) >= top:
                continue
            total = cost[i][j] + best(child)
            if top < 0 or total < top:
                top, choice = total, j
                if top == floor:
                    break  # nothing can do better
        memo[free] = (top, choice)
        return top

    free = (1 << n) - 1
    best(free)
    out: list[tuple[str, ...]] = []
    while free:
        i = (free & -free).bit_length() - 1
        j = memo[free][1]
        out.append((ranking[i], ranking[j]))
        free &= ~((1 << i) | (1 << j))
    return out


def _cost(group: Sequence[str], price: Callable[[str, str], int]) -> int:
    return sum(price(a, b) for a, b in combinations(group, 2))


def fill(order: Sequence[str], split: Sequence[int], met: Meetings,
         teams: Mapping[str, str | None]) -> list[list[str]]:
    """The round robin's first seating of tables of `split` sizes: each table started by
    the first player still free, then filled with the free player who met the fewest of
    those already there (then the fewest team-mates; then the first in `order`)."""
    price = pricer(order, met, teams)
    left = list(order)
    groups: list[list[str]] = []
    for size in split:
        group = [left.pop(0)]
        while len(group) < size:
            pick = min(left, key=lambda n: (_cost(group + [n], price), order.index(n)))
            left.remove(pick)
            group.append(pick)
        groups.append(group)
    return groups


def improve(groups: Sequence[Sequence[str]], order: Sequence[str], met: Meetings,
            teams: Mapping[str, str | None], neighbours_only: bool) -> list[tuple[str, ...]]:
    """Swap players between tables while a swap lowers the repeat meetings, then the
    team-mates at one table: each step the swap that gains most, of those the players
    closest in `order`, then the first found. A Swiss (`neighbours_only`) swaps one player
    for one between neighbouring tables; a round robin, any two tables, one for one, or
    two for two when no swap of one gains."""
    price = pricer(order, met, teams)
    rank = {n: i for i, n in enumerate(order)}
    tables = [list(g) for g in groups]
    costs = [_cost(g, price) for g in tables]
    while True:
        best: tuple[int, int, int, int, tuple[int, ...], tuple[int, ...], int, int] | None = None
        for k in ((1,) if neighbours_only else (1, 2)):
            for t in range(len(tables)):
                for u in range(t + 1, min(t + 2, len(tables)) if neighbours_only else len(tables)):
                    now = costs[t] + costs[u]
                    for out in combinations(range(len(tables[t])), k):
                        for into in combinations(range(len(tables[u])), k):
                            here = [n for i, n in enumerate(tables[t]) if i not in out] + [tables[u][j] for j in into]
                            there = [n for j, n in enumerate(tables[u]) if j not in into] + [tables[t][i] for i in out]
                            new_here, new_there = _cost(here, price), _cost(there, price)
                            gain = now - new_here - new_there
                            if gain <= 0:
                                continue
                            distance = sum(abs(rank[tables[t][i]] - rank[tables[u][j]]) for i, j in zip(out, into))
                            key = (-gain, distance, t, u, out, into, new_here, new_there)
                            if best is None or key < best:
                                best = key
            if best is not None:
                break
        if best is None:
            return [tuple(g) for g in tables]
        _, _, t, u, out, into, costs[t], costs[u] = best
        for i, j in zip(out, into):
            tables[t][i], tables[u][j] = tables[u][j], tables[t][i]


def seat_order(group: Sequence[str], rank: Mapping[str, int], previous: Sequence[Seating]) -> tuple[str, ...]:
    """The table's seat order: seat 1 the player most behind their fair share of first
    seats (the higher-ranked when equal), then the others in the ranking.

    >>> seat_order(["A", "B"], {"A": 0, "B": 1}, [Seating(1, (("A", "B"),))])
    ('B', 'A')
    """
    share = {n: Fraction(0) for n in group}
    firsts = {n: 0 for n in group}
    for s in previous:
        for table in s.tables:
            for n in table:
                if n in share:
                    share[n] += Fraction(1, len(table))
            if table[0] in firsts:
                firsts[table[0]] += 1
    ranked = sorted(group, key=lambda n: rank[n])
    first = min(ranked, key=lambda n: (firsts[n] - share[n], rank[n]))
    return (first,) + tuple(n for n in ranked if n != first)
