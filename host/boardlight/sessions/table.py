"""The table: the one writer of a game while it is played.

Every front end acts through one Table: the table UI (typed entries, device buttons) and
each phone's web page. An action runs under the table's lock, so one thread at a time uses
the session and its log; it is checked against the picture it was made on (`seen`: how many
actions that picture showed), so an action made on a state the game has already left gets
the log's own "moved on" refusal, as a second table on the same game does; and once it is
committed, every subscriber is told.

Readers take the same lock (`with table.lock:` or `table.read`), so that nobody draws a
state half-way through an action.
"""

from __future__ import annotations

import logging
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar

from boardlight.store.gamelog import StoreError, moved_on

if TYPE_CHECKING:
    from boardlight.sessions.base import Session
    from boardlight.sessions.undo import Action

log = logging.getLogger(__name__)

T = TypeVar("T")


class Change:
    """What subscribers are told after an action: the number of actions now in the log
    (`seq`) and who acted (`source`: "terminal", "seat 2", ... as the actor said)."""

    __slots__ = ("seq", "source")

    def __init__(self, seq: int, source: str | None) -> None:
        self.seq = seq
        self.source = source

    def __repr__(self) -> str:
        return "Change(%d, %r)" % (self.seq, self.source)


class Table:
    """The single writer of `session` (a sessions.base.Session being played)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        # Re-entrant: an entry of the table UI may take several actions under one hold.
        self.lock = threading.RLock()
        self._subscribers: list[Callable[[Change], object]] = []

    @property
    def seq(self) -> int:
        """How many actions the log holds (what a picture of the game says it shows)."""
        return self.session.seq

    @property
    def game_id(self) -> int:
        return self.session.row.id

    def act(self, action: Action, seen: int | None = None, source: str | None = None) -> Any:
        """Apply one action (the session's act: core, then the log) and tell the
        subscribers; returns the core's result. `seen`: the actions the actor's picture
        showed; if the log holds more, the action is refused and nothing changes."""
        with self.entry(seen, source):
            return self.session.act(action)

    @contextmanager
    def entry(self, seen: int | None = None, source: str | None = None) -> Iterator[Session]:
        """Hold the table for one entry that may take several actions (a Forbes placement
        without a stone drawn is a draw and a place); yields the session. The subscribers
        are told once at the end if the log moved, also when the entry then failed."""
        with self.lock:
            self._check_seen(seen)
            before = self.session.seq
            try:
                yield self.session
            finally:
                # A refused write may also have moved it: the session then reloaded the
                # log that another boardlight had written.
                if self.session.seq != before:
                    self._notify(Change(self.session.seq, source))

    def read(self, function: Callable[..., T], *args: Any) -> T:
        """function(session, *args) under the lock: a consistent picture of the game."""
        with self.lock:
            return function(self.session, *args)

    def subscribe(self, callback: Callable[[Change], object]) -> Callable[[], None]:
        """Call callback(Change) after every committed action; returns the function that
        stops it. The callback runs in the acting thread with the table held: it must
        only hand the news on (post a message, wake a loop), never wait."""
        with self.lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self.lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def _check_seen(self, seen: object) -> None:
        if seen is None:
            return
        if not isinstance(seen, int) or isinstance(seen, bool) or seen < 0:
            raise StoreError("an action says which state it was made on (a count of"
                             " actions), not %r" % (seen,))
        if seen < self.session.seq:
            raise moved_on(self.game_id, seen + 1)
        if seen > self.session.seq:
            raise StoreError("game %d has %d actions, not %d: this picture is not of this"
                             " game; reload it" % (self.game_id, self.session.seq, seen))

    def _notify(self, change: Change) -> None:
        for callback in list(self._subscribers):
            try:
                callback(change)
            except Exception:
                # The action is committed whatever a listener does; one that failed must
                # not keep the news from the others.
                log.exception("a listener of game %d failed on %r", self.game_id, change)
