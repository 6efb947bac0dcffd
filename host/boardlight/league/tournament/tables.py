"""How a round's players are split into tables, and who sits out (a bye) when no split
seats them all.

**Table sizes**, for `sizes` = (fewest, preferred, most) players a table: of the splits
into tables of `fewest` to `most` players that seat everybody, the one with

1. the fewest seats away from the preferred size (the sum over the tables of
   |size - preferred|), then
2. the most tables of exactly the preferred size, then
3. the fewest tables;

listed largest table first (table 1 the largest). At (3, 4, 5): 6 -> 3 + 3, 7 -> 4 + 3,
9 -> 5 + 4 (one seat off, where 3 + 3 + 3 is three), 10 -> 4 + 3 + 3 (two seats off
like 5 + 5, but one table of 4), 11 -> 4 + 4 + 3, 13 -> 5 + 4 + 4.

**Byes**: when no split seats everybody (an odd count at 2-player tables; a count
`fewest` to `most` cannot make), the fewest players that leave a count that splits sit
out, each the lowest-ranked of those with the fewest byes so far: nobody gets a second bye
while another player of the round has had none.

>>> table_sizes(9, (3, 4, 5))
[5, 4]
>>> table_sizes(7, (2, 2, 2)) is None
True
>>> byes_needed(7, (2, 2, 2))
1
>>> pick_byes(["Ann", "Bob", "Cy"], {"Cy": 1}, 1)
['Bob']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def check_sizes(sizes: tuple[int, int, int]) -> None:
    """ValueError unless `sizes` is (fewest, preferred, most) with 2 <= fewest <= preferred <= most."""
    if (not isinstance(sizes, tuple) or len(sizes) != 3 or not all(isinstance(s, int) for s in sizes)
            or not 2 <= sizes[0] <= sizes[1] <= sizes[2]):
        raise ValueError("table sizes are (fewest, preferred, most) players with 2 <= fewest <= preferred"
                         " <= most, not %r" % (sizes,))


def _split(players: int, tables: int, sizes: tuple[int, int, int]) -> list[int] | None:
    """The best split of `players` into exactly `tables` tables (None: there is none):
    every table on the same side of the preferred size, the surplus (or the shortfall)
    gathered in as few tables as possible."""
    fewest, preferred, most = sizes
    if not fewest * tables <= players <= most * tables:
        return None
    off = players - preferred * tables
    if off == 0:
        return [preferred] * tables
    step = most - preferred if off > 0 else preferred - fewest
    full, part = divmod(abs(off), step)
    edge = most if off > 0 else fewest
    out = [edge] * full + ([preferred + part if off > 0 else preferred - part] if part else [])
    out += [preferred] * (tables - len(out))
    return sorted(out, reverse=True)


def table_sizes(players: int, sizes: tuple[int, int, int]) -> list[int] | None:
    """The sizes of the tables that seat `players` (largest first; see the module
    docstring), or None when no split seats them all."""
    check_sizes(sizes)
    fewest, preferred, most = sizes
    best: tuple[tuple[int, int, int], list[int]] | None = None
    for tables in range(max(1, -(-players // most)), players // fewest + 1):
        split = _split(players, tables, sizes)
        if split is None:
            continue
        key = (sum(abs(s - preferred) for s in split), -split.count(preferred), tables)
        if best is None or key < best[0]:
            best = (key, split)
    return None if best is None else best[1]


def byes_needed(players: int, sizes: tuple[int, int, int]) -> int:
    """The fewest players who must sit out so that the others split into tables
    (ValueError: fewer players than a table needs)."""
    for byes in range(players - sizes[0] + 1):
        if table_sizes(players - byes, sizes) is not None:
            return byes
    raise ValueError("%d players: a table needs %d" % (players, sizes[0]))


def pick_byes(ranking: Sequence[str], byes_so_far: Mapping[str, int], count: int) -> list[str]:
    """The `count` players of `ranking` (best first) who sit out: one by one, the
    lowest-ranked of those with the fewest byes so far. In the ranking's order."""
    left = list(ranking)
    out: list[str] = []
    for _ in range(count):
        fewest = min(byes_so_far.get(n, 0) for n in left)
        pick = next(n for n in reversed(left) if byes_so_far.get(n, 0) == fewest)
        left.remove(pick)
        out.append(pick)
    return [n for n in ranking if n in out]
