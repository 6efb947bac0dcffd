"""The league's database: PostgreSQL for a club or an event (`postgresql://...`), or one
SQLite file for a single club night (any other --db value is a path).

The league's SQL is written once, in the subset both speak, with `?` placeholders; for
PostgreSQL they become psycopg's `%s`. Every change happens inside `Database.tx()`: one
transaction, committed whole or not at all, so a server killed mid-push leaves either the
whole push or none of it (PostgreSQL's own guarantee; SQLite's WAL journal with
synchronous=FULL gives the same).
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any


class LeagueDbError(Exception):
    """The league's database cannot be opened or used (the message says why)."""


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


class Tx:
    """One transaction's connection: `one`, `all` and `run` with `?` placeholders."""

    def __init__(self, conn: Any, postgres: bool) -> None:
        self._conn = conn
        self._postgres = postgres

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self._postgres else sql

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed."""
        cur = self._conn.execute(self._sql(sql), tuple(params))
        return int(cur.rowcount or 0)

    def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._conn.execute(self._sql(sql), tuple(params)).fetchone()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self._conn.execute(self._sql(sql), tuple(params)).fetchall())

    def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """An INSERT into a table with an `id` key: the new row's id."""
        row = self._conn.execute(self._sql(sql + " RETURNING id"), tuple(params)).fetchone()
        return int(row[0])

    def lock(self, table: str, key_sql: str, params: Sequence[Any]) -> None:
        """Lock rows for the rest of the transaction (PostgreSQL's FOR UPDATE; a SQLite
        write transaction already holds the whole file)."""
        if self._postgres:
            self._conn.execute(self._sql("SELECT 1 FROM %s WHERE %s FOR UPDATE" % (table, key_sql)),
                               tuple(params))


class Database:
    """An open league database (thread-safe: each transaction takes its own connection
    from a pool, PostgreSQL, or the one connection under a lock, SQLite)."""

    def __init__(self, url: str, pool_size: int = 8) -> None:
        self.url = url
        self.postgres = is_postgres(url)
        self._lock = threading.Lock()
        if self.postgres:
            try:
                import psycopg  # noqa: F401
                from psycopg_pool import ConnectionPool
            except ImportError:
                raise LeagueDbError("a league on PostgreSQL needs psycopg: pip install 'boardlight[league]'") from None
            self._pool = ConnectionPool(url, min_size=1, max_size=pool_size, open=False,
                                        kwargs={"autocommit": False})
            try:
                self._pool.open(wait=True, timeout=10)
            except Exception as exc:
                self._pool.close()
                raise LeagueDbError("cannot reach the league's PostgreSQL at %s: %s"
                                    % (_without_password(url), _first_line(exc))) from None
        else:
            path = Path(url)
            if path.parent and not path.parent.exists():
                raise LeagueDbError("no folder %s for the league database" % path.parent)
            try:
                self._sqlite = sqlite3.connect(str(path), check_same_thread=False,
                                               isolation_level=None, timeout=10)
                self._sqlite.execute("PRAGMA journal_mode=WAL")
                self._sqlite.execute("PRAGMA synchronous=FULL")
                self._sqlite.execute("PRAGMA foreign_keys=ON")
            except sqlite3.Error as exc:
                raise LeagueDbError("cannot open the league database %s: %s" % (path, exc)) from None

    @contextmanager
    def tx(self) -> Iterator[Tx]:
        """A transaction: committed when the block ends, rolled back if it raises."""
        if self.postgres:
            import psycopg

            try:
                with self._pool.connection() as conn:
                    # The pool commits on a clean exit and rolls back on an exception.
                    yield Tx(conn, True)
            except psycopg.OperationalError as exc:
                # The server went away (restarted, unreachable): nothing of this
                # transaction was committed; the caller may try again.
                raise LeagueDbError("the league's PostgreSQL is out of reach: %s" % _first_line(exc)) from None
            return
        with self._lock:
            try:
                self._sqlite.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise LeagueDbError("the league database %s is busy or unusable: %s" % (self.url, exc)) from None
            try:
                yield Tx(self._sqlite, False)
                self._sqlite.execute("COMMIT")
            except BaseException:
                if self._sqlite.in_transaction:  # a failed COMMIT too: never left open
                    self._sqlite.execute("ROLLBACK")
                raise

    def close(self) -> None:
        if self.postgres:
            self._pool.close()
        else:
            self._sqlite.close()

    def describe(self) -> str:
        """Where the league is kept, for messages (a URL without its password)."""
        return _without_password(self.url) if self.postgres else str(self.url)


def _without_password(url: str) -> str:
    return re.sub(r"//([^:/@]+):[^@/]*@", r"//\1:***@", url)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
