"""The league checks every pushed move with the same rules core as the table: each game is
replayed in a Session over a read-only stand-in for the table's log, action by action as
the pushes come. Live sessions are kept in memory (rebuilt from the database after a
restart, or after a push that was refused half-way), so a push costs the replay of its
own actions only.
"""

from __future__ import annotations

import threading
from typing import Any

from boardlight.sessions.base import Session
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import GameRow


class _Log:
    """Just enough of store.gamelog.Store for Session.resume(record=False): the game's row
    and no actions (they are replayed one by one with Session.replay_action)."""

    def __init__(self, row: GameRow) -> None:
        self._row = row

    def game(self, game_id: int) -> GameRow:
        return self._row

    def actions(self, game_id: int, times: bool = False) -> list[tuple[Any, ...]]:
        return []


def new_session(game_id: int, game: str, seed: int, options: dict[str, Any],
                players: list[str], started: str) -> Session:
    """A session of this game before its first action (RuleError, StoreError: the game
    cannot be played so, e.g. an unknown option)."""
    cls = session_class(game)
    cls.check_computers(list(players), options)
    row = GameRow(game_id, game, seed, options, "playing", started, started, list(players))
    return cls.resume(_Log(row), game_id, record=False)  # type: ignore[arg-type]


class Sessions:
    """The league games being replayed, by league game id (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._live: dict[int, Session] = {}

    def take(self, game_id: int) -> Session | None:
        """The live session of a game, taken out (the caller puts it back with `keep`
        once its push is committed; a push that fails leaves none, so the next one
        rebuilds the session from what the database holds)."""
        with self._lock:
            return self._live.pop(game_id, None)

    def keep(self, game_id: int, session: Session) -> None:
        with self._lock:
            self._live[game_id] = session