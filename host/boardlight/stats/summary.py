"""The statistics of `boardlight stats`: per game (FITS, Zatre, Forbes) and player, from the
finished games (stats.load) and their ratings (stats.ratings), as plain data (JSON-ready).

For every player: games played, games alone (solo), wins (alone at the first place) and
shared wins (at the first place with others) of the games with others, the win rate (wins
and shared wins over those games), the average, best and worst final score, the rating.
FITS: the average round score per board, and the solo games over time with their title
(docs/rules.md's solo ratings, for games on all four boards). Zatre: turns, points per turn
(sheet points over turns), sheet rows completed (all three sums: they earn the bonus), bonus
points and doublings (crosses). Forbes: the patterns paid by kind, the games of the matches
played and won (a match is one game of the log: its win is a match win).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from boardlight.stats.ratings import Ratings

if TYPE_CHECKING:
    from openskill.models import PlackettLuceRating

    from boardlight.stats.load import Played
    from boardlight.store.results import Result

GAMES = ("fits", "zatre", "forbes")


def _mean(total: float, count: int) -> float | None:
    return round(total / count, 2) if count else None


def summarize(played: list[Played], names: Iterable[str] | None = None,
              ratings: Ratings | None = None) -> dict[str, Any]:
    """{"games": how many, "by_game": {game: {"games", "players": {name: stats}}}} of the
    Played games (stats.load) with the `ratings` (stats.ratings.Ratings; computed from
    `played` when None). `names`: only these players (and the games they played)."""
    if ratings is None:
        ratings = Ratings(played)
    wanted = set(names) if names else None
    by_game: dict[str, dict[str, Any]] = {}
    count = 0
    for game in played:
        seats = [s for s in game.seats if wanted is None or s.name in wanted]
        if not seats:
            continue
        count += 1
        kind = by_game.setdefault(game.game, {"games": 0, "players": {}})
        kind["games"] += 1
        for seat in seats:
            stats = kind["players"].get(seat.name)
            if stats is None:
                stats = kind["players"][seat.name] = _new(game.game)
            _add(stats, game, seat)
    for game_name, kind in by_game.items():
        for name, stats in kind["players"].items():
            _finish(stats, ratings.of(game_name, name),
                    ratings.games.get(game_name, {}).get(name, 0))
    ordered = {g: by_game[g] for g in GAMES if g in by_game}
    for g in ordered:
        ordered[g]["players"] = dict(sorted(ordered[g]["players"].items()))
    return {"games": count, "by_game": ordered}


def _new(game: str) -> dict[str, Any]:
    stats: dict[str, Any] = {"played": 0, "solo": 0, "wins": 0, "shared_wins": 0, "_with_others": 0,
             "_total": 0, "best": None, "worst": None}
    if game == "fits":
        stats.update({"_boards": {}, "solo_games": []})
    elif game == "zatre":
        stats.update({"turns": 0, "_sheet": 0, "rows": 0, "bonus": 0, "doublings": 0})
    else:
        stats.update({"patterns": {}, "match_games": 0, "match_games_won": 0})
    return stats


def _add(stats: dict[str, Any], game: Played, seat: Result) -> None:
    stats["played"] += 1
    points = seat.points
    stats["_total"] += points
    stats["best"] = points if stats["best"] is None else max(stats["best"], points)
    stats["worst"] = points if stats["worst"] is None else min(stats["worst"], points)
    if game.solo:
        stats["solo"] += 1
    else:
        stats["_with_others"] += 1
        if seat.place == 1:
            shared = sum(1 for s in game.seats if s.place == 1) > 1
            stats["shared_wins" if shared else "wins"] += 1
    detail = seat.detail
    if game.game == "fits":
        boards = stats["_boards"]
        for board, total in detail.get("rounds", ()):
            b = boards.setdefault(str(board), [0, 0])
            b[0] += total
            b[1] += 1
        if game.solo:
            from boardcore.fits.score import solo_rating

            four = len(detail.get("rounds", ())) == 4
            stats["solo_games"].append({"game": game.id, "date": game.finished[:10],
                                        "total": points,
                                        "title": solo_rating(points) if four else None})
    elif game.game == "zatre":
        stats["turns"] += detail.get("turns", 0)
        stats["_sheet"] += detail.get("sheet", points)
        stats["rows"] += detail.get("rows", 0)
        stats["bonus"] += detail.get("bonus", 0)
        stats["doublings"] += detail.get("doublings", 0)
    else:
        patterns = stats["patterns"]
        for kind, n in detail.get("patterns", {}).items():
            patterns[kind] = patterns.get(kind, 0) + n
        stats["match_games"] += detail.get("games", 0)
        stats["match_games_won"] += detail.get("games_won", 0)


def _finish(stats: dict[str, Any], rating: PlackettLuceRating | None, rated: int) -> None:
    others = stats.pop("_with_others")
    stats["win_rate"] = _mean(stats["wins"] + stats["shared_wins"], others)
    stats["average"] = _mean(stats.pop("_total"), stats["played"])
    if "_boards" in stats:
        boards = stats.pop("_boards")
        stats["per_board"] = {b: _mean(boards[b][0], boards[b][1]) for b in sorted(boards)}
    if "_sheet" in stats:
        stats["points_per_turn"] = _mean(stats.pop("_sheet"), stats["turns"])
    if "patterns" in stats:
        stats["patterns"] = dict(sorted(stats["patterns"].items()))
    stats["rating"] = None if rating is None else {
        "mu": round(rating.mu, 2), "sigma": round(rating.sigma, 2), "games": rated}
