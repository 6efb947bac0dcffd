"""The table's side of a league, offline first: the table's own game log is the outbox.

A game played for a league (`play ... --league URL`) is listed in a small file beside the
game log (`<log>.league`, private like the log): which league, and how far the league has
acknowledged it. Pushing reads the actions after that point from the game log and sends
them; the league's answer moves the mark. So a table that loses the network keeps playing
(every action is in its log first, as always) and catches up when it can; a push whose
answer was lost is sent again and stored once; a table killed at any moment loses nothing
(`boardlight league push` sends what is left).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable

from boardlight.league import client
from boardlight.store import private
from boardlight.store.gamelog import Store, StoreError, UnknownGame

BATCH = 500
TOKEN_ENV = "BOARDLIGHT_TABLE_TOKEN"


class OutboxError(Exception):
    """The outbox file cannot be used (the message says why)."""


def outbox_path(log: str | os.PathLike[str]) -> Path:
    return Path(str(log) + ".league")


class Outbox:
    """The league games of one game log: {(server, game id): acknowledged, refusal}, and
    the table tokens given with `boardlight league join`."""

    def __init__(self, log: str | os.PathLike[str]) -> None:
        self.log = Path(log)
        self.path = outbox_path(log)
        try:
            if not self.path.exists():
                private.create(self.path)
            self._db = sqlite3.connect(str(self.path), timeout=10, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("CREATE TABLE IF NOT EXISTS games (server TEXT NOT NULL, game_id INTEGER NOT NULL,"
                             " acked INTEGER NOT NULL DEFAULT 0, refused TEXT, league_game INTEGER,"
                             " PRIMARY KEY (server, game_id))")
            self._db.execute("CREATE TABLE IF NOT EXISTS tokens (server TEXT PRIMARY KEY, token TEXT NOT NULL)")
        except (OSError, sqlite3.Error) as exc:
            raise OutboxError("cannot use the league outbox %s: %s" % (self.path, exc)) from None
        self._lock = threading.Lock()

    def close(self) -> None:
        self._db.close()

    def join(self, server: str, token: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO tokens (server, token) VALUES (?, ?) ON CONFLICT (server)"
                             " DO UPDATE SET token = excluded.token", (client.check_url(server), token))

    def token(self, server: str) -> str | None:
        """The table's token for `server`: $BOARDLIGHT_TABLE_TOKEN, else the one joined."""
        given = os.environ.get(TOKEN_ENV)
        if given:
            return given.strip()
        row = self._db.execute("SELECT token FROM tokens WHERE server = ?", (client.check_url(server),)).fetchone()
        return None if row is None else str(row[0])

    def add(self, server: str, game_id: int) -> None:
        """List a game of the log for the league (again: kept as it was)."""
        with self._lock:
            self._db.execute("INSERT INTO games (server, game_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                             (client.check_url(server), game_id))

    def entries(self, server: str | None = None) -> list[tuple[str, int, int, str | None]]:
        """(server, game id, acknowledged, refusal) of every listed game."""
        sql = "SELECT server, game_id, acked, refused FROM games"
        rows = (self._db.execute(sql + " WHERE server = ? ORDER BY game_id", (client.check_url(server),))
                if server else self._db.execute(sql + " ORDER BY server, game_id"))
        return [(r[0], int(r[1]), int(r[2]), r[3]) for r in rows]

    def drop(self, server: str, game_id: int) -> None:
        """Forget a listed game (taken out of the game log: it was never played)."""
        with self._lock:
            self._db.execute("DELETE FROM games WHERE server = ? AND game_id = ?", (server, game_id))

    def league_game(self, server: str, game_id: int) -> int | None:
        """The league's number of a listed game, once the league has taken its header."""
        row = self._db.execute("SELECT league_game FROM games WHERE server = ? AND game_id = ?",
                               (client.check_url(server), game_id)).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def mark(self, server: str, game_id: int, acked: int, refused: str | None = None,
             league_game: int | None = None) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET acked = ?, refused = ?, league_game = coalesce(?, league_game)"
                             " WHERE server = ? AND game_id = ?", (acked, refused, league_game, server, game_id))


class Report:
    """How one game's push went: `sent` actions the league took, `waiting` the ones it
    does not have yet, `problem` why (None: it has them all)."""

    def __init__(self, game_id: int, sent: int, waiting: int, problem: str | None,
                 refused: bool = False) -> None:
        self.game_id = game_id
        self.sent = sent
        self.waiting = waiting
        self.problem = problem
        self.refused = refused

    def line(self) -> str:
        if self.problem is None:
            return "game %d: the league has all of it (%d sent now)" % (self.game_id, self.sent)
        return "game %d: %d actions wait for the league: %s" % (self.game_id, self.waiting, self.problem)


def _header(store: Store, game_id: int) -> dict[str, Any]:
    row = store.game(game_id)
    return {"id": row.id, "game": row.game, "seed": row.seed, "options": row.options,
            "players": row.players, "started": row.started}


def push_game(outbox: Outbox, store: Store, server: str, game_id: int, token: str,
              timeout: float = 10.0) -> Report:
    """Send what the league lacks of one game, in batches, until it has it all or a
    batch fails; the outbox keeps how far it got."""
    server = client.check_url(server)
    entry = next((e for e in outbox.entries(server) if e[1] == game_id), None)
    acked = entry[2] if entry is not None else 0
    known = outbox.league_game(server, game_id) is not None  # the league has the game's header
    asked = False
    sent = 0
    header = _header(store, game_id)
    total = store.game_count(game_id)
    while True:
        rows = store.logged_actions(game_id, after=acked, limit=BATCH)
        if not rows and (acked > 0 or known):
            outbox.mark(server, game_id, acked)
            return Report(game_id, sent, 0, None)
        body = {"game": header, "actions": [{"seq": s, "kind": k, "data": d, "at": a, "chain": c}
                                            for s, k, d, a, c in rows]}
        try:
            answer = client.call(server, "/api/push", token, body, timeout=timeout)
        except client.Unreachable as exc:
            return Report(game_id, sent, total - acked, str(exc))
        except client.Refused as exc:
            held = exc.details.get("held")
            if exc.status == 409 and isinstance(held, int) and not isinstance(held, bool) and not asked:
                # The league holds more or less than this outbox thought (an answer was
                # lost, or the outbox file is new): go on from what it holds, once.
                asked = True
                acked = max(0, held)
                continue
            outbox.mark(server, game_id, acked, refused=str(exc))
            return Report(game_id, sent, total - acked, "refused: %s" % exc, refused=True)
        sent += int(answer["took"])
        acked = int(answer["held"])
        outbox.mark(server, game_id, acked, league_game=int(answer["game"]))
        if not rows:
            return Report(game_id, sent, 0, None)


def push_all(log: str | os.PathLike[str], server: str | None = None, timeout: float = 10.0,
             retry_refused: bool = True) -> list[Report]:
    """Push every listed game of the log that the league lacks (of one server, or all)."""
    outbox = Outbox(log)
    reports: list[Report] = []
    try:
        with Store(log, readonly=True) as store:
            for srv, game_id, acked, refused in outbox.entries(server):
                if refused and not retry_refused:
                    continue
                try:
                    store.game(game_id)
                except UnknownGame:
                    outbox.drop(srv, game_id)  # a game that never started (forget_unplayed)
                    continue
                token = outbox.token(srv)
                if token is None:
                    reports.append(Report(game_id, 0, store.game_count(game_id) - acked,
                                          "no table token for %s: `boardlight league join %s TOKEN`, or set $%s"
                                          % (srv, srv, TOKEN_ENV)))
                    continue
                if acked >= store.game_count(game_id) and acked > 0 and not refused:
                    continue
                reports.append(push_game(outbox, store, srv, game_id, token, timeout))
    finally:
        outbox.close()
    return reports


class Pusher:
    """Pushes one game as it is played, from a thread of its own: every `interval` seconds
    what the log holds that the league lacks, whatever the table is doing; a league out of reach is tried
    again, backing off to `slowest` seconds, and never stops the game."""

    def __init__(self, log: str | os.PathLike[str], server: str, game_id: int,
                 interval: float = 0.3, slowest: float = 5.0) -> None:
        self.log = log
        self.server = client.check_url(server)
        self.game_id = game_id
        self.interval = interval
        self.slowest = slowest
        self.last: Report | None = None
        self.gone = False  # the game left the log (never played): nothing to say of it
        self._wake = threading.Event()
        self._stop = threading.Event()
        outbox = Outbox(log)
        try:
            outbox.add(self.server, game_id)
            self.token = outbox.token(self.server)
        finally:
            outbox.close()
        if self.token is None:
            raise OutboxError("no table token for %s: `boardlight league join %s TOKEN` once, or set $%s"
                              % (self.server, self.server, TOKEN_ENV))
        self._thread = threading.Thread(target=self._run, name="league-pusher", daemon=True)

    def start(self) -> Pusher:
        self._thread.start()
        return self

    def push_now(self, timeout: float = 5.0) -> Report:
        """One push, here and now (before the thread starts: the table learns at once
        whether the league takes the game)."""
        self.last = self._once(timeout)
        return self.last

    def _once(self, timeout: float) -> Report:
        outbox = Outbox(self.log)
        try:
            with Store(self.log, readonly=True) as store:
                assert self.token is not None
                return push_game(outbox, store, self.server, self.game_id, self.token, timeout)
        except UnknownGame:
            # Taken out of the log (its table could not start): nothing is left to push.
            self.gone = True
            return Report(self.game_id, 0, 0, None)
        except (StoreError, OutboxError, sqlite3.Error) as exc:
            return Report(self.game_id, 0, -1, str(exc))
        finally:
            outbox.close()

    def _run(self) -> None:
        delay = self.interval
        while not self._stop.is_set():
            self.last = self._once(timeout=5.0)
            if self.last.refused:
                return  # the same push would be refused again: `league push` retries it
            delay = self.interval if self.last.problem is None else min(self.slowest, delay * 2)
            self._wake.wait(delay)
            self._wake.clear()

    def stop(self, wait: float = 5.0, say: Callable[[str], object] | None = None) -> Report | None:
        """Stop, after one last push (at most `wait` seconds); says how it stands."""
        self._stop.set()
        self._wake.set()
        self._thread.join(wait)
        if wait > 0 and (self.last is None or not self.last.refused):
            self.last = self._once(timeout=min(wait, 5.0))
        if say is not None and self.last is not None and not self.gone:
            if self.last.problem is None:
                say("The league at %s has all of game %d." % (self.server, self.game_id))
            else:
                say("League %s: %s" % (self.server, self.last.line()))
        return self.last
