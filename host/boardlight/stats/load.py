"""The finished games as the statistics read them: one Played per game, from the log's
result rows (store.results) in one query; a game finished before the log kept them is
replayed once to make its rows in memory."""

from __future__ import annotations

from typing import Any, Collection

from boardlight.store.gamelog import Store, StoreError
from boardlight.store.results import Result


class Played:
    """One finished game: id, game, options, finished (when, text), seats (Result in seat
    order)."""

    __slots__ = ("id", "game", "options", "finished", "seats")

    def __init__(self, id: int, game: str, options: dict[str, Any], finished: str,
                 seats: list[Result]) -> None:
        self.id = id
        self.game = game
        self.options = options
        self.finished = finished
        self.seats = seats

    @property
    def names(self) -> list[str]:
        return [r.name for r in self.seats]

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    def winners(self) -> list[str]:
        """The names at the first place (more than one: a shared win)."""
        return [r.name for r in self.seats if r.place == 1]

    def __repr__(self) -> str:
        return "Played(%d %s %s)" % (self.id, self.game, self.names)


def replayed_results(store: Store, game_id: int) -> list[Result]:
    """The Result rows of a finished game made by replaying it (read only)."""
    from boardlight.sessions.registry import resume_session

    session = resume_session(store, game_id, record=False)
    row = session.row
    return [Result(game_id, row.game, row.options, row.updated, seat, name, points, place,
                   len(row.players), detail)
            for seat, name, points, place, detail in session.result_rows()]


def load(store: Store, game: str | None = None, since: str | None = None,
         until: str | None = None, ids: Collection[int] | None = None
         ) -> tuple[list[Played], list[str]]:
    """(played, problems): the finished games, oldest finish first (`game`, `since`,
    `until` as store.results takes them; `ids`: only these games), and one line for each
    game left out because it is damaged."""
    if ids is not None:
        rows, missing, damaged = store.results_of(ids)
    else:
        rows, missing, damaged = store.results(game=game, since=since, until=until)
    problems = [why for _gid, why in damaged]
    for gid in missing:
        try:
            rows.extend(replayed_results(store, gid))
        except StoreError as exc:
            problems.append(str(exc))
    games: dict[int, Played] = {}
    for r in rows:
        played = games.get(r.game_id)
        if played is None:
            played = games[r.game_id] = Played(r.game_id, r.game, r.options, r.finished, [])
        played.seats.append(r)
    ordered = list(games.values())  # the log's order: oldest finish first
    if missing:
        ordered.sort(key=lambda p: (p.finished, p.id))
    return ordered, problems
