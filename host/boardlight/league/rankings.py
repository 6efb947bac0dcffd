"""Club rankings: the openskill ratings of boardlight's statistics (stats.ratings), computed
from every finished game of the league, one season or all of them, oldest finish first.
Nothing is stored: a ranking is recomputed whenever it is asked for, so it always agrees
with the games the league holds.
"""

from __future__ import annotations

from typing import Any

from boardlight.sessions.results import places
from boardlight.stats.load import Played
from boardlight.stats.ratings import Ratings
from boardlight.store.results import Result


def _played(game: dict[str, Any]) -> Played:
    ranks = places(list(game["points"]))
    seats = [Result(game["id"], game["game"], {}, game["finished"], seat, name, points, rank,
                    len(game["players"]), {})
             for seat, (name, points, rank) in enumerate(zip(game["players"], game["points"], ranks))]
    return Played(game["id"], game["game"], {}, game["finished"], seats)


def rankings(games: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """{game: [{place, name, rating, sigma, games}]}, highest rating first (its mean mu;
    equal means share a place), from League.finished_games()."""
    ratings = Ratings(_played(g) for g in games)
    out: dict[str, list[dict[str, Any]]] = {}
    for game, table in sorted(ratings.current.items()):
        rows = sorted(table.items(), key=lambda item: (-item[1].mu, item[0]))
        listed = []
        for name, rating in rows:
            place = 1 + sum(1 for other in table.values() if round(other.mu, 6) > round(rating.mu, 6))
            listed.append({"place": place, "name": name, "rating": round(rating.mu, 2),
                           "sigma": round(rating.sigma, 2), "games": ratings.games[game][name]})
        out[game] = listed
    return out
