"""What the table shows when a game ends: how the game moved each player's rating
("Ratings: Ann 27.3 -> 28.1, Bob 25.0 -> 24.2") and, in a game night, the standings and the
seat order suggested for the next game. All of it computed from the log there and then."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlight.stats.load import load
from boardlight.stats.night import next_seats, standing_line, standings
from boardlight.stats.ratings import Ratings, change_text
from boardlight.store.gamelog import StoreError

if TYPE_CHECKING:
    from boardlight.sessions.base import Session


def closing_lines(session: Session) -> list[str]:
    """The lines for the end of `session`'s game (none while it is being played)."""
    if session.row.status != "finished":
        return []
    store = session.store
    lines: list[str] = []
    try:
        played, _problems = load(store, game=session.GAME)
        change = Ratings(played).changes.get(session.row.id)
        if change:
            lines.append("Ratings: " + change_text(change, session.players))
        night = store.night_of_game(session.row.id)
        if night is not None:
            data = standings(store, night)
            finished = sum(1 for g in data["games"] if g["status"] == "finished")
            lines.append("Night %s after %d game%s: %s" % (
                night.name, finished, "" if finished == 1 else "s", standing_line(data)))
            if night.ended is None:
                lines.append("Next game's seats: " + ", ".join(next_seats(night)))
    except StoreError as exc:
        lines.append("(no ratings: %s)" % exc)
    return lines
