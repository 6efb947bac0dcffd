"""The game log: every game and every action of it, in a local SQLite database.

The rule of this module: an action is committed durably (WAL journal, synchronous=FULL) before
`append_action` returns, and callers show an action's effect only after that. So a crash, a
closed terminal or a SIGKILL at any moment leaves either the whole action or none of it, and
replaying the log rebuilds the last state the table saw.

Damage is told, never read as another game: each game's actions are chained by checksums,
and its row, players and score lines carry one (store.checksums), checked on every read; a
damaged -wal file is caught before SQLite would drop the commits after the damage (store.wal).
A log opened only to read (history, show, export) is never changed, so it can be another
user's or on a read-only mount (store.readonly).

The database lives in the user's data folder (platformdirs) unless a path is given (`--db`).
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

import platformdirs

from boardlight.invocation import command
from boardlight.store import private, wal
from boardlight.store.access import reads, writes
from boardlight.store.checksums import GAME_COLUMNS, action_chain, game_checksum, reseal
from boardlight.store.errors import StoreError, cannot_write, damaged, is_busy, is_write_failure
from boardlight.store.nights import Nights
from boardlight.store.readonly import connect_to_read
from boardlight.store.results import Results, ResultRow, delete_results, write_results
from boardlight.store.schema import MIGRATIONS, SCHEMA_VERSION

__all__ = ["GAMES", "STATUSES", "SCHEMA_VERSION", "GameRow", "Store", "StoreError",
           "default_path", "open_store"]

GAMES = ("fits", "zatre", "forbes")
STATUSES = ("playing", "finished", "abandoned")
MAX_ID = (1 << 63) - 1  # SQLite's largest integer
# How many Stores of this process have each log open (by absolute path): see Store.__init__.
_OPEN_HERE: dict[str, int] = {}

# A raw games row as SQLite gives it: GAME_COLUMNS and the checksum.
Row = Sequence[Any]
# A score line an action writes: (part, points per seat, details per seat or None).
ScoreLine = tuple[str, Sequence[int], Sequence[Any] | None]


def moved_on(game_id: int, seq: int) -> StoreError:
    """The refusal of an action made on a state the game has left: action `seq` is already
    in the log (another table wrote it, or a phone's page acted on an older picture)."""
    return StoreError("game %d moved on in the game log (action %d is already there: is"
                      " another boardlight playing it?); this action was not taken, the game"
                      " is as logged" % (game_id, seq))


class UnknownGame(StoreError):
    """No game of that number in the log."""


def default_path() -> Path:
    """Where the game log lives when no --db is given."""
    return platformdirs.user_data_path("boardlight") / "games.sqlite3"


def _now() -> str:
    # Local time to the microsecond, so "most recently touched" orders actions in one second.
    return datetime.now().isoformat(sep=" ", timespec="microseconds")


class GameRow:
    """One stored game: id, game, seed, options (dict), status, started, updated, players;
    `damaged`: None, or what is damaged in its row (Store.games(damaged_ok=True) only)."""

    __slots__ = ("id", "game", "seed", "options", "status", "started", "updated", "players",
                 "damaged")

    def __init__(self, id: int, game: str, seed: int | None, options: dict[str, Any],
                 status: str, started: str, updated: str, players: list[str],
                 damaged: str | None = None) -> None:
        self.id = id
        self.game = game
        self.seed = seed
        self.options = options
        self.status = status
        self.started = started
        self.updated = updated
        self.players = players
        self.damaged = damaged

    def __repr__(self) -> str:
        return "GameRow(%d %s %s %s)" % (self.id, self.game, self.status, ",".join(self.players))


def _json(text: str, what: str) -> Any:
    """A JSON value read back from the log; a damaged one (edited, half-restored) is a
    StoreError naming what holds it, not a traceback."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as exc:
        raise StoreError("%s: damaged in the game log (not JSON: %s)" % (what, exc)) from None


def _row_missing(game_id: int) -> str:
    return "game %d: damaged in the game log (its row is missing, its players are there)" % game_id


class Store(Results, Nights):
    """An open game log. Use as a context manager or call close().

    `readonly`: only read it (history, show, export), never change, create or upgrade it,
    so a log on a read-only mount, or another user's, can still be read."""

    def __init__(self, path: str | os.PathLike[str] | None = None, timeout: float = 10.0,
                 readonly: bool = False) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.readonly = readonly
        if self.path.is_dir():
            raise StoreError("%s is a folder, not a database file" % self.path)
        self._key = str(self.path.resolve())
        if not _OPEN_HERE.get(self._key):
            # Only before this process has the log open: reading the file from Python
            # would drop SQLite's locks on it (POSIX locks belong to the process, and go
            # with the closing of any descriptor of the file), and another program's
            # last connection out would then take the -wal file that this one writes.
            self._check_wal()
        if readonly:
            self._db, self._schema = self._open_to_read(timeout)
            self._opened()
            return
        try:
            private.make_folder(self.path.parent)
            if path is None:
                private.make_private(self.path.parent)  # the default folder is boardlight's own
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                raise cannot_write(self.path, exc, "its folder cannot be made") from None
            raise StoreError("cannot make the folder %s for the game log (%s): pick a"
                             " writable place with --db" % (self.path.parent, exc.strerror or exc))
        db = None
        try:
            private.create(self.path)
            # isolation_level=None: we open and commit every transaction ourselves.
            # check_same_thread=False: the web pages act from the server's thread; a
            # sessions.table.Table lets one thread at a time use the connection.
            db = self._db = sqlite3.connect(str(self.path), isolation_level=None,
                                            timeout=timeout, check_same_thread=False)
            self._set_up(timeout)
        except (sqlite3.Error, StoreError) as exc:
            if db is not None:
                db.close()
            if isinstance(exc, StoreError):
                raise
            if is_write_failure(exc):
                # Not a damaged file: the file or its folder cannot be written (SQLite makes
                # the file and, for WAL, two files beside it), the disk is full, or busy.
                raise cannot_write(self.path, exc, "it cannot be opened for writing",
                                   "try again") from None
            raise StoreError("%s is not a usable boardlight game log: %s" % (self.path, exc))
        self._schema = SCHEMA_VERSION
        self._opened()

    def _opened(self) -> None:
        _OPEN_HERE[self._key] = _OPEN_HERE.get(self._key, 0) + 1
    def _set_up(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                private.tighten(self.path)  # the -wal and -shm files SQLite just made
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.execute("PRAGMA foreign_keys=ON")
                self._migrate()
                return
            except sqlite3.Error as exc:
                # Two boardlights making one new log can each hold the lock the other
                # waits for: SQLite then fails one at once rather than wait. Try again.
                if not is_busy(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _check_wal(self) -> None:
        # Before SQLite opens the log: once it has, the commits it dropped from a damaged
        # -wal file are gone with the next checkpoint.
        lost = wal.lost_commits(self.path)
        if lost is not None:
            frame, commits = lost
            raise StoreError(
                "the game log %s cannot be read whole: its write-ahead file %s-wal is damaged"
                " at frame %d, and %d committed change%s after it would be lost; nothing was"
                " changed: keep a copy of both files (`sqlite3 %s 'PRAGMA wal_checkpoint'`"
                " keeps what comes before the damage and drops the rest)"
                % (self.path, self.path.name, frame, commits, "" if commits == 1 else "s",
                   self.path))

    def _open_to_read(self, timeout: float) -> tuple[sqlite3.Connection, int]:
        """(connection, schema version) of a log opened only to read."""
        db = connect_to_read(self.path, timeout)
        try:
            version = self._check_version(db)
        except sqlite3.Error as exc:
            db.close()
            raise StoreError("%s is not a usable boardlight game log: %s"
                             % (self.path, exc)) from None
        except BaseException:
            db.close()
            raise
        return db, version

    def _check_version(self, db: sqlite3.Connection) -> int:
        """The log's schema version, refused if it is newer than this boardlight's or if
        the log holds tables without one. The version and the tables are read in one
        statement, so from one snapshot: read apart, another boardlight could make the
        log between the two reads, and a new log would look like a foreign one."""
        version, tables = db.execute(
            "SELECT (SELECT user_version FROM pragma_user_version),"
            " (SELECT count(*) FROM sqlite_master)").fetchone()
        if version > SCHEMA_VERSION:
            raise StoreError(
                "%s has schema version %d; this boardlight knows up to %d: upgrade boardlight"
                % (self.path, version, SCHEMA_VERSION))
        if version == 0 and tables:
            raise StoreError("%s holds tables but no boardlight schema version" % self.path)
        return int(version)

    def _migrate(self) -> None:
        version = self._check_version(self._db)
        if version == SCHEMA_VERSION:
            return  # the usual open: no write lock taken
        # Check and upgrade under one write lock: another boardlight may be making or
        # upgrading the same log at this moment, and one of them must see the other's work.
        self._db.execute("BEGIN IMMEDIATE")
        try:
            version = self._check_version(self._db)
            while version < SCHEMA_VERSION:
                sql, fill = MIGRATIONS[version]
                # Statement by statement: executescript() would commit behind our back.
                for statement in sql.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                if fill is not None:
                    fill(self._db)
                version += 1
            # PRAGMA cannot take parameters; version is our own integer.
            self._db.execute("PRAGMA user_version=%d" % version)
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        if getattr(self, "_db", None) is not None:
            self._db.close()
            self._db = None  # type: ignore[assignment]
            _OPEN_HERE[self._key] -= 1

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------------

    @writes("nothing was written")
    def new_game(self, game: str, players: Iterable[str], seed: int,
                 options: dict[str, Any] | None = None) -> int:
        """Record a new game (status 'playing') and return its id."""
        if game not in GAMES:
            raise StoreError("unknown game %r: one of %s" % (game, ", ".join(GAMES)))
        players = list(players)
        if not players or not all(isinstance(p, str) and p.strip() for p in players):
            raise StoreError("players must be non-empty names, not %r" % (players,))
        now = _now()
        with self._tx():
            cur = self._db.execute(
                "INSERT INTO games (game, seed, options, status, started, updated)"
                " VALUES (?, ?, ?, 'playing', ?, ?)",
                (game, int(seed), json.dumps(options or {}, sort_keys=True), now, now))
            game_id = cur.lastrowid
            assert game_id is not None  # set by the INSERT
            self._db.executemany(
                "INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
                [(game_id, seat, name) for seat, name in enumerate(players)])
            reseal(self._db, game_id)
        return game_id

    @writes("the action was not taken")
    def append_action(self, game_id: int, seq: int, kind: str, data: dict[str, Any],
                      scores: Iterable[ScoreLine] = (), finished: bool = False,
                      dropped: Iterable[str] = (),
                      results: Iterable[ResultRow] | None = None) -> str:
        """Append action number `seq` (1, 2, ... without gaps) and commit it durably;
        returns the time it was logged.

        `scores` [(part, points, details)], `dropped` [part] and `finished` are what the
        action changed in the score lines and the status, and `results` the finished game's
        result rows (store.results; needed when `finished`): written in the same
        transaction, so they can never disagree with the actions after a crash. Only an
        undo ("undo") may follow the action that finished a game; it opens the game again
        unless `finished`. A database that cannot take the write (locked by another
        program past the timeout, a full disk) raises StoreError and holds nothing of the
        action."""
        with self._tx():
            row = self._checked(self._fetch(game_id, "no game %d in %s"))
            status, count, head = row[4], row[7], row[8]
            if status != "playing" and not (status == "finished" and kind == "undo"):
                raise StoreError("game %d is %s: no more actions" % (game_id, status))
            last = self._db.execute("SELECT coalesce(max(seq), 0) FROM actions"
                                    " WHERE game_id = ?", (game_id,)).fetchone()[0]
            if last != count:
                raise StoreError("game %d: damaged in the game log (it holds actions up to %d,"
                                 " its row counts %d)" % (game_id, last, count))
            if seq <= count:
                # Two tables on one game (a second `play --resume` in another terminal):
                # the log moved on since this one loaded it.
                raise moved_on(game_id, seq)
            if seq != count + 1:
                raise StoreError("game %d: action %d follows %d, expected %d"
                                 % (game_id, seq, count, count + 1))
            now = _now()
            text = json.dumps(data, sort_keys=True)
            chain = action_chain(head, game_id, seq, kind, text, now)
            self._db.execute(
                "INSERT INTO actions (game_id, seq, kind, data, at, chain)"
                " VALUES (?, ?, ?, ?, ?, ?)", (game_id, seq, kind, text, now, chain))
            for part, points, details in scores:
                self._write_scores(game_id, part, points, details)
            for part in dropped:
                self._db.execute("DELETE FROM scores WHERE game_id = ? AND part = ?",
                                 (game_id, part))
            self._db.execute("UPDATE games SET updated = ?, status = ?, action_count = ?,"
                             " chain_head = ? WHERE id = ?",
                             (now, "finished" if finished else "playing", seq, chain, game_id))
            if status == "finished":
                delete_results(self._db, game_id)
            if finished:
                write_results(self._db, game_id, row[1], row[3], now, results or ())
            reseal(self._db, game_id)
        return now

    @writes("nothing was written")
    def set_scores(self, game_id: int, part: str, points: Sequence[int],
                   details: Sequence[Any] | None = None) -> None:
        """Write (or rewrite) the score line `part` (e.g. 'round 1', 'total'): points per seat."""
        with self._tx():
            self._checked(self._fetch(game_id, "no game %d in %s"))
            self._write_scores(game_id, part, points, details)
            reseal(self._db, game_id)

    def _write_scores(self, game_id: int, part: str, points: Sequence[int],
                      details: Sequence[Any] | None) -> None:
        details = details or [None] * len(points)
        self._db.execute("DELETE FROM scores WHERE game_id = ? AND part = ?", (game_id, part))
        self._db.executemany(
            "INSERT INTO scores (game_id, part, seat, points, detail) VALUES (?, ?, ?, ?, ?)",
            [(game_id, part, seat, int(p), json.dumps(d, sort_keys=True))
             for seat, (p, d) in enumerate(zip(points, details))])

    @writes("the game was not taken out of the log")
    def forget_unplayed(self, game_id: int) -> bool:
        """Take a game that has no action yet out of the log (its table could not start),
        and out of its game night; False, and nothing changed, when it has actions."""
        with self._tx():
            if self._db.execute("SELECT 1 FROM actions WHERE game_id = ? LIMIT 1",
                                (game_id,)).fetchone() is not None:
                return False
            nights = [n for (n,) in self._db.execute(
                "SELECT night_id FROM night_games WHERE game_id = ?", (game_id,))]
            for table in ("night_games", "results", "scores", "players"):
                self._db.execute("DELETE FROM %s WHERE game_id = ?" % table, (game_id,))
            for night_id in nights:
                self._reseal_night(night_id)
            return self._db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 1

    @writes("nothing was written")
    def set_status(self, game_id: int, status: str,
                   results: Iterable[ResultRow] | None = None) -> None:
        """Set a game's status; `results`: its result rows when it is now finished."""
        if status not in STATUSES:
            raise StoreError("unknown status %r" % status)
        with self._tx():
            row = self._checked(self._fetch(game_id, "no game %d in %s"))
            now = _now()
            self._db.execute("UPDATE games SET status = ?, updated = ? WHERE id = ?",
                             (status, now, game_id))
            if self._schema >= 3:
                delete_results(self._db, game_id)
                if status == "finished":
                    write_results(self._db, game_id, row[1], row[3], now, results or ())
            reseal(self._db, game_id)

    # -- reading ---------------------------------------------------------------------------

    @reads
    def game(self, game_id: int) -> GameRow:
        return self._row(self._fetch(game_id))

    @reads
    def games(self, game: str | None = None, status: str | None = None,
              limit: int | None = None, damaged_ok: bool = False) -> list[GameRow]:
        """Stored games, newest first. `damaged_ok`: a game whose row is damaged is still
        listed, with `damaged` saying why (a list must not stop at one bad game)."""
        if not self._schema:
            return []
        sql = "SELECT %s FROM games" % self._columns()
        where: list[str] = []
        args: list[object] = []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if status is not None:
            where.append("status = ?")
            args.append(status)
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY updated DESC, id DESC"
        if limit is not None:
            # Past SQLite's largest integer a limit is no limit (and not a damaged log).
            sql += " LIMIT ?"
            args.append(min(int(limit), MAX_ID))
        rows: list[GameRow] = []
        for r in self._db.execute(sql, args).fetchall():
            try:
                rows.append(self._row(r))
            except (StoreError, sqlite3.DatabaseError) as exc:
                if not damaged_ok:
                    raise
                if isinstance(exc, sqlite3.DatabaseError):
                    exc = damaged(self.path, exc)
                rows.append(GameRow(r[0], r[1], r[2], {}, r[4], r[5], r[6],
                                    self._players_or_none(r[0]), damaged=str(exc)))
        if damaged_ok and game is None and status is None:
            # A game whose row is gone (a damaged page) still has its players: say so.
            for (gid,) in self._db.execute(
                    "SELECT DISTINCT game_id FROM players WHERE game_id NOT IN"
                    " (SELECT id FROM games) ORDER BY game_id").fetchall():
                rows.append(GameRow(gid, "?", None, {}, "?", "", "", self._players_or_none(gid),
                                    damaged=_row_missing(gid)))
        return rows

    def last_unfinished(self, game: str | None = None) -> GameRow | None:
        """The most recently touched game still being played, or None."""
        rows = self.games(game=game, status="playing", limit=1)
        return rows[0] if rows else None

    @reads
    def actions(self, game_id: int, times: bool = False) -> list[tuple[Any, ...]]:
        """The game's actions in order: a list of (seq, kind, data dict), with `times` of
        (seq, kind, data dict, when it was logged). Each is checked against the game's
        checksum chain: damage is a StoreError naming the action."""
        row = self._checked(self._fetch(game_id))
        sealed = self._schema >= 2
        rows = self._db.execute(
            "SELECT seq, kind, data, at, %s FROM actions WHERE game_id = ? ORDER BY seq"
            % ("chain" if sealed else "NULL"), (game_id,)).fetchall()
        out: list[tuple[Any, ...]] = []
        previous = ""
        for i, (seq, kind, data, at, chain) in enumerate(rows):
            if seq != i + 1:
                raise StoreError("game %d: action %d is missing from the log" % (game_id, i + 1))
            what = "game %d action %d" % (game_id, seq)
            value = _json(data, what)
            if not isinstance(value, dict):
                raise StoreError("%s: damaged in the game log (not an action: %r)"
                                 % (what, value))
            if sealed:
                if chain != action_chain(previous, game_id, seq, kind, data, at):
                    raise StoreError("%s: damaged in the game log (it does not match its"
                                     " checksum)" % what)
                previous = chain
            out.append((seq, kind, value, at) if times else (seq, kind, value))
        if sealed:
            count, head = row[7], row[8]
            if len(rows) < count:
                raise StoreError("game %d: %s missing from the log (damaged: the game has %d)"
                                 % (game_id, "action %d is" % count if len(rows) + 1 == count
                                    else "actions %d to %d are" % (len(rows) + 1, count),
                                    count))
            if len(rows) > count or previous != head:
                raise StoreError("game %d action %d: damaged in the game log (the game's"
                                 " row counts %d actions)" % (game_id, len(rows), count))
        return out

    @reads
    def game_count(self, game_id: int) -> int:
        """How many actions game `game_id` has in the log."""
        return int(self._checked(self._fetch(game_id))[7])

    @reads
    def logged_actions(self, game_id: int, after: int = 0, limit: int = 500
                       ) -> list[tuple[int, str, str, str, str]]:
        """Actions after `after` as stored, at most `limit`: (seq, kind, data text, at,
        chain), for a league the table pushes them to (which checks them against the
        chain it holds; boardlight.league.push)."""
        self._checked(self._fetch(game_id))
        if self._schema < 2:
            raise StoreError("game %d: this game log has no checksum chains (schema %d): open it"
                             " with this boardlight once to upgrade it" % (game_id, self._schema))
        return [tuple(r) for r in self._db.execute(
            "SELECT seq, kind, data, at, chain FROM actions WHERE game_id = ? AND seq > ?"
            " ORDER BY seq LIMIT ?", (game_id, after, limit))]

    @reads
    def scores(self, game_id: int) -> dict[str, list[tuple[int, Any]]]:
        """{part: [(points, detail) per seat]} of the score lines written so far."""
        if not self._schema:
            return {}
        if self._schema >= 2:
            # The game's checksum covers its score lines.
            self._checked(self._fetch(game_id))
        out: dict[str, list[tuple[int, Any]]] = {}
        for part, seat, points, detail in self._db.execute(
                "SELECT part, seat, points, detail FROM scores WHERE game_id = ?"
                " ORDER BY part, seat", (game_id,)):
            out.setdefault(part, []).append(
                (points, _json(detail, "game %d score line %r" % (game_id, part))))
        return out

    @reads
    def integrity(self) -> str:
        """SQLite's own integrity check: 'ok' when the file is sound."""
        return self._db.execute("PRAGMA integrity_check").fetchone()[0]

    # -- helpers ---------------------------------------------------------------------------

    def _columns(self) -> str:
        # A version 1 log (read-only: it cannot be upgraded) has no checksums to read.
        if self._schema >= 2:
            return ", ".join(GAME_COLUMNS + ("checksum",))
        return ", ".join(GAME_COLUMNS[:7]) + ", 0, '', NULL"

    def _fetch(self, game_id: int, missing: str | None = None) -> Any:
        """The raw games row of `game_id` (GAME_COLUMNS and the checksum)."""
        if missing is None:
            missing = "no game %%s in %%s (see `%s`)" % command("history")
        if not (self._schema and 0 <= game_id <= MAX_ID):
            raise UnknownGame(missing % (game_id, self.path))
        row = self._db.execute("SELECT %s FROM games WHERE id = ?" % self._columns(),
                               (game_id,)).fetchone()
        if row is None:
            if self._db.execute("SELECT 1 FROM players WHERE game_id = ?",
                                (game_id,)).fetchone():
                raise StoreError(_row_missing(game_id))
            raise UnknownGame(missing % (game_id, self.path))
        return row

    def _checked(self, row: Row) -> Row:
        """`row`, once its checksum agrees with it, its players and its score lines."""
        if self._schema >= 2 and row[9] != game_checksum(self._db, row[:9]):
            raise StoreError("game %s: damaged in the game log (its row, players or score"
                             " lines do not match its checksum)" % (row[0],))
        return row

    def _players(self, game_id: int) -> list[str]:
        return [n for (n,) in self._db.execute(
            "SELECT name FROM players WHERE game_id = ? ORDER BY seat", (game_id,))]

    def _players_or_none(self, game_id: int) -> list[str]:
        try:
            return self._players(game_id)
        except sqlite3.DatabaseError:
            return []

    def _row(self, row: Row) -> GameRow:
        players = self._players(row[0])
        options = _json(row[3], "game %d options" % row[0])
        if not isinstance(options, dict):
            raise StoreError("game %d options: damaged in the game log (not options: %r)"
                             % (row[0], options))
        self._checked(row)
        return GameRow(row[0], row[1], row[2], options, row[4], row[5], row[6], players)

    def _tx(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception (so bad input changes nothing)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> Literal[False]:
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error:
                # A COMMIT that failed (the file busy, the disk full) leaves the
                # transaction open: end it, or the next BEGIN would fail too.
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        else:
            self._db.execute("ROLLBACK")
        return False


def open_store(path: str | os.PathLike[str] | None = None, readonly: bool = False) -> Store:
    """Open the log at `path` (or the default one); honours BOARDLIGHT_DB for tests and scripts.
    `readonly`: for commands that only print games (see Store)."""
    if path is None and os.environ.get("BOARDLIGHT_DB"):
        path = os.environ["BOARDLIGHT_DB"]
    return Store(path, readonly=readonly)
