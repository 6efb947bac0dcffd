"""A finished game's result per seat, as the statistics read it (store.results): the final
points, the place in the finishing order and what each game keeps besides (a session's
result_detail). Written with the action that finishes the game, taken away with an undo
that reopens it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlight.sessions.base import ResultRow, Session


def places(points: list[int]) -> list[int]:
    """The place of each seat from its points, highest first; equal points share a place
    and the next place skips (1, 1, 3), as Forbes ranks a match.

    >>> places([5, 9, 5, 2])
    [2, 1, 2, 4]
    """
    return [1 + sum(1 for q in points if q > p) for p in points]


def result_rows(session: Session) -> list[ResultRow]:
    """[(seat, name, points, place, detail)] for the finished `session`."""
    points = list(session.result_points())
    ranks = places(points)
    return [(seat, name, points[seat], ranks[seat], session.result_detail(seat))
            for seat, name in enumerate(session.players)]
