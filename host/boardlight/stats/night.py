"""A game night's standings: rank points for each finished game of the night (the night's
points for 1st, 2nd, ...; players sharing a place share the points of the places they
take, e.g. two tied first with points 5,3,2 get (5 + 3) / 2 = 4 each; places past the
list earn 0; a game alone earns none), totalled across FITS, Zatre and Forbes, and the seat
order suggested for the next game (the night's players, the first seat moving one place on
with every game started in the night).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from boardlight.stats.load import load

if TYPE_CHECKING:
    from boardlight.store.gamelog import Store
    from boardlight.store.nights import NightRow

DEFAULT_POINTS = (5, 3, 2, 1)


def rank_points(places: list[int], points: Sequence[int]) -> list[float]:
    """The rank points of each seat for its place (1, 1, 3: a tie for first).

    >>> rank_points([1, 1, 3], [5, 3, 2, 1])
    [4.0, 4.0, 2]
    """
    out: list[float] = []
    for place in places:
        tied = places.count(place)
        if tied == 1:
            out.append(points[place - 1] if place <= len(points) else 0)
            continue
        taken = [points[p - 1] if p <= len(points) else 0 for p in range(place, place + tied)]
        out.append(sum(taken) / tied)
    return out


def next_seats(night: NightRow) -> list[str]:
    """The seat order suggested for the night's next game."""
    players = list(night.players)
    k = len(night.games) % len(players)
    return players[k:] + players[:k]


def standings(store: Store, night: NightRow) -> dict[str, Any]:
    """The night as plain data: {"id", "name", "players", "points", "started", "ended",
    "games": [{"id", "game", "status", "players": [{"name", "score", "place",
    "rank_points"}]}], "standings": [{"name", "rank_points", "games", "wins"}] best
    first, "next_seats", "problems"}."""
    played, problems = load(store, ids=night.games)
    finished = {p.id: p for p in played}
    games: list[dict[str, Any]] = []
    table: dict[str, dict[str, Any]] = {}
    for name in night.players:
        table[name] = {"name": name, "rank_points": 0, "games": 0, "wins": 0}
    for gid in night.games:
        game = finished.get(gid)
        if game is None:
            row = store.game(gid)
            games.append({"id": gid, "game": row.game, "status": row.status,
                          "players": [{"name": n} for n in row.players]})
            continue
        earned: list[float] = ([0] * len(game.seats) if game.solo
                  else rank_points([s.place for s in game.seats], night.points))
        seats: list[dict[str, Any]] = []
        for seat, got in zip(game.seats, earned):
            entry = table.setdefault(seat.name, {"name": seat.name, "rank_points": 0,
                                                 "games": 0, "wins": 0})
            entry["rank_points"] += got
            entry["games"] += 1
            if seat.place == 1 and not game.solo:
                entry["wins"] += 1
            seats.append({"name": seat.name, "score": seat.points, "place": seat.place,
                          "rank_points": got})
        games.append({"id": gid, "game": game.game, "status": "finished", "players": seats})
    ranked = sorted(table.values(), key=lambda e: (-e["rank_points"], -e["wins"], e["name"]))
    for entry in ranked:
        entry["rank_points"] = _number(entry["rank_points"])
    return {"id": night.id, "name": night.name, "players": list(night.players),
            "points": list(night.points), "started": night.started, "ended": night.ended,
            "games": games, "standings": ranked, "next_seats": next_seats(night),
            "problems": problems}


def _number(value: float) -> float:
    # 4.0 -> 4, 2.5 stays: rank points are whole unless a tie split them.
    return int(value) if float(value).is_integer() else round(value, 2)


def standing_line(data: dict[str, Any]) -> str:
    """'Ann 9, Bob 6, Cy 5' from standings()."""
    return ", ".join("%s %s" % (e["name"], e["rank_points"]) for e in data["standings"])
