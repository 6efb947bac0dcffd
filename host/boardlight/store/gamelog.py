"""The game log: every game and every action of it, in a local SQLite database.

The rule of this module: an action is committed durably (WAL journal, synchronous=FULL) before
`append_action` returns, and callers show an action's effect only after that. So a crash, a
closed terminal or a SIGKILL at any moment leaves either the whole action or none of it, and
replaying the log rebuilds the last state the table saw.

The database lives in the user's data folder (platformdirs) unless a path is given (`--db`).
"""

import json
import os
import sqlite3
from datetime import datetime
from pathlib import Path

import platformdirs

from boardlight.invocation import command
from boardlight.store.schema import MIGRATIONS, SCHEMA_VERSION

GAMES = ("fits", "zatre", "forbes")
STATUSES = ("playing", "finished", "abandoned")


class StoreError(Exception):
    """The database cannot be used, or a request to it makes no sense (message says which)."""


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

    def __init__(self, id, game, seed, options, status, started, updated, players,
                 damaged=None):
        self.id = id
        self.game = game
        self.seed = seed
        self.options = options
        self.status = status
        self.started = started
        self.updated = updated
        self.players = players
        self.damaged = damaged

    def __repr__(self):
        return "GameRow(%d %s %s %s)" % (self.id, self.game, self.status, ",".join(self.players))


def _writes(method):
    """A write the database cannot take (locked past the timeout, a full disk) becomes a
    StoreError that says so; the transaction has been rolled back, nothing was written."""

    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            if isinstance(exc, sqlite3.DatabaseError) and "malformed" in str(exc):
                raise _damaged(self.path, exc) from None
            if _read_only(exc):
                # Trying again cannot help: say what will.
                raise StoreError("the game log %s is read-only (%s): nothing was written;"
                                 " make it and its folder writable, or pick another file with"
                                 " --db" % (self.path, exc)) from None
            raise StoreError("the game log %s could not be written (%s): the action was not"
                             " taken; try it again" % (self.path, exc)) from None

    wrapper.__name__ = method.__name__
    wrapper.__doc__ = method.__doc__
    return wrapper


def _read_only(exc) -> bool:
    """Does this sqlite error mean the file (or its folder, for the WAL files) cannot be
    written or created, rather than a damaged file or a busy one?"""
    text = str(exc).lower()
    return "readonly" in text or "read-only" in text or "unable to open" in text


def _json(text, what):
    """A JSON value read back from the log; a damaged one (edited, half-restored) is a
    StoreError naming what holds it, not a traceback."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as exc:
        raise StoreError("%s: damaged in the game log (not JSON: %s)" % (what, exc)) from None


def _damaged(path, exc):
    return StoreError("the game log %s is damaged (%s): the games in it that can still be read"
                      " can be saved with `sqlite3 %s .recover`; or pick another file with --db"
                      % (path, exc, path))


def _reads(method):
    """A read that meets a damaged file (a bad page found only now) becomes a StoreError
    saying so, not a sqlite3 traceback."""

    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise _damaged(self.path, exc) from None

    wrapper.__name__ = method.__name__
    wrapper.__doc__ = method.__doc__
    return wrapper


class Store:
    """An open game log. Use as a context manager or call close()."""

    def __init__(self, path=None, timeout=10.0):
        self.path = Path(path) if path is not None else default_path()
        if self.path.is_dir():
            raise StoreError("%s is a folder, not a database file" % self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError("cannot make the folder %s for the game log (%s): pick a"
                             " writable place with --db" % (self.path.parent, exc.strerror or exc))
        try:
            # isolation_level=None: we open and commit every transaction ourselves.
            self._db = sqlite3.connect(str(self.path), isolation_level=None, timeout=timeout)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            if _read_only(exc):
                # Not a damaged file: the file or its folder cannot be written (SQLite makes
                # the file and, for WAL, two files beside it).
                raise StoreError("the game log %s cannot be opened for writing (%s): make the"
                                 " file and its folder writable, or pick another file with --db"
                                 % (self.path, exc))
            raise StoreError("%s is not a usable boardlight game log: %s" % (self.path, exc))

    def _migrate(self):
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                "%s has schema version %d; this boardlight knows up to %d: upgrade boardlight"
                % (self.path, version, SCHEMA_VERSION))
        if version == 0 and self._db.execute(
                "SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise StoreError("%s holds tables but no boardlight schema version" % self.path)
        while version < SCHEMA_VERSION:
            self._db.execute("BEGIN IMMEDIATE")
            # Statement by statement: executescript() would commit behind our back.
            for statement in MIGRATIONS[version].split(";"):
                if statement.strip():
                    self._db.execute(statement)
            version += 1
            # PRAGMA cannot take parameters; version is our own integer.
            self._db.execute("PRAGMA user_version=%d" % version)
            self._db.execute("COMMIT")

    def close(self):
        self._db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- writing ---------------------------------------------------------------------------

    @_writes
    def new_game(self, game: str, players, seed: int, options=None) -> int:
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
            self._db.executemany(
                "INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
                [(game_id, seat, name) for seat, name in enumerate(players)])
        return game_id

    @_writes
    def append_action(self, game_id: int, seq: int, kind: str, data: dict, scores=(),
                      finished=False):
        """Append action number `seq` (1, 2, ... without gaps) and commit it durably.

        `scores` [(part, points, details)] and `finished` are what the action changed in the
        score lines and the status: written in the same transaction, so they can never
        disagree with the actions after a crash. A database that cannot take the write
        (locked by another program past the timeout, a full disk) raises StoreError and
        holds nothing of the action."""
        with self._tx():
            row = self._db.execute(
                "SELECT status, (SELECT coalesce(max(seq), 0) FROM actions WHERE game_id = ?)"
                " FROM games WHERE id = ?", (game_id, game_id)).fetchone()
            if row is None:
                raise StoreError("no game %d in %s" % (game_id, self.path))
            if row[0] != "playing":
                raise StoreError("game %d is %s: no more actions" % (game_id, row[0]))
            if seq <= row[1]:
                # Two tables on one game (a second `play --resume` in another terminal):
                # the log moved on since this one loaded it.
                raise StoreError("game %d moved on in the game log (action %d is already"
                                 " there: is another boardlight playing it?); this action was"
                                 " not taken, the game is as logged" % (game_id, seq))
            if seq != row[1] + 1:
                raise StoreError("game %d: action %d follows %d, expected %d"
                                 % (game_id, seq, row[1], row[1] + 1))
            now = _now()
            self._db.execute(
                "INSERT INTO actions (game_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, kind, json.dumps(data, sort_keys=True), now))
            for part, points, details in scores:
                self._write_scores(game_id, part, points, details)
            self._db.execute("UPDATE games SET updated = ?, status = ? WHERE id = ?",
                             (now, "finished" if finished else "playing", game_id))

    @_writes
    def set_scores(self, game_id: int, part: str, points, details=None):
        """Write (or rewrite) the score line `part` (e.g. 'round 1', 'total'): points per seat."""
        with self._tx():
            self._write_scores(game_id, part, points, details)

    def _write_scores(self, game_id, part, points, details):
        details = details or [None] * len(points)
        self._db.execute("DELETE FROM scores WHERE game_id = ? AND part = ?", (game_id, part))
        self._db.executemany(
            "INSERT INTO scores (game_id, part, seat, points, detail) VALUES (?, ?, ?, ?, ?)",
            [(game_id, part, seat, int(p), json.dumps(d, sort_keys=True))
             for seat, (p, d) in enumerate(zip(points, details))])

    @_writes
    def forget_unplayed(self, game_id: int) -> bool:
        """Take a game that has no action yet out of the log (its table could not start);
        False, and nothing changed, when it has actions."""
        with self._tx():
            if self._db.execute("SELECT 1 FROM actions WHERE game_id = ? LIMIT 1",
                                (game_id,)).fetchone() is not None:
                return False
            for table in ("scores", "players"):
                self._db.execute("DELETE FROM %s WHERE game_id = ?" % table, (game_id,))
            return self._db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 1

    @_writes
    def set_status(self, game_id: int, status: str):
        if status not in STATUSES:
            raise StoreError("unknown status %r" % status)
        with self._tx():
            cur = self._db.execute("UPDATE games SET status = ?, updated = ? WHERE id = ?",
                                   (status, _now(), game_id))
            if cur.rowcount != 1:
                raise StoreError("no game %d in %s" % (game_id, self.path))

    # -- reading ---------------------------------------------------------------------------

    @_reads
    def game(self, game_id: int) -> GameRow:
        row = self._db.execute(
            "SELECT id, game, seed, options, status, started, updated FROM games WHERE id = ?",
            (game_id,)).fetchone()
        if row is None:
            raise UnknownGame("no game %s in %s (see `%s`)" % (game_id, self.path, command("history")))
        return self._row(row)

    @_reads
    def games(self, game=None, status=None, limit=None, damaged_ok=False):
        """Stored games, newest first. `damaged_ok`: a game whose row is damaged is still
        listed, with `damaged` saying why (a list must not stop at one bad game)."""
        sql = "SELECT id, game, seed, options, status, started, updated FROM games"
        where, args = [], []
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
            sql += " LIMIT %d" % int(limit)
        rows = []
        for r in self._db.execute(sql, args).fetchall():
            try:
                rows.append(self._row(r))
            except StoreError as exc:
                if not damaged_ok:
                    raise
                rows.append(GameRow(r[0], r[1], r[2], {}, r[4], r[5], r[6],
                                    self._players(r[0]), damaged=str(exc)))
        return rows

    def last_unfinished(self, game=None):
        """The most recently touched game still being played, or None."""
        rows = self.games(game=game, status="playing", limit=1)
        return rows[0] if rows else None

    @_reads
    def actions(self, game_id: int):
        """The game's actions in order: a list of (seq, kind, data dict)."""
        rows = self._db.execute(
            "SELECT seq, kind, data FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,)).fetchall()
        for i, (seq, _kind, _data) in enumerate(rows):
            if seq != i + 1:
                raise StoreError("game %d: action %d is missing from the log" % (game_id, i + 1))
        out = []
        for seq, kind, data in rows:
            what = "game %d action %d" % (game_id, seq)
            value = _json(data, what)
            if not isinstance(value, dict):
                raise StoreError("%s: damaged in the game log (not an action: %r)"
                                 % (what, value))
            out.append((seq, kind, value))
        return out

    @_reads
    def scores(self, game_id: int):
        """{part: [(points, detail) per seat]} of the score lines written so far."""
        out = {}
        for part, seat, points, detail in self._db.execute(
                "SELECT part, seat, points, detail FROM scores WHERE game_id = ?"
                " ORDER BY part, seat", (game_id,)):
            out.setdefault(part, []).append(
                (points, _json(detail, "game %d score line %r" % (game_id, part))))
        return out

    @_reads
    def integrity(self) -> str:
        """SQLite's own integrity check: 'ok' when the file is sound."""
        return self._db.execute("PRAGMA integrity_check").fetchone()[0]

    # -- helpers ---------------------------------------------------------------------------

    def _players(self, game_id):
        return [n for (n,) in self._db.execute(
            "SELECT name FROM players WHERE game_id = ? ORDER BY seat", (game_id,))]

    def _row(self, row) -> GameRow:
        players = self._players(row[0])
        options = _json(row[3], "game %d options" % row[0])
        if not isinstance(options, dict):
            raise StoreError("game %d options: damaged in the game log (not options: %r)"
                             % (row[0], options))
        return GameRow(row[0], row[1], row[2], options, row[4], row[5], row[6], players)

    def _tx(self):
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception (so bad input changes nothing)."""

    def __init__(self, db):
        self._db = db

    def __enter__(self):
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type, exc, tb):
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


def open_store(path=None) -> Store:
    """Open the log at `path` (or the default one); honours BOARDLIGHT_DB for tests and scripts."""
    if path is None and os.environ.get("BOARDLIGHT_DB"):
        path = os.environ["BOARDLIGHT_DB"]
    return Store(path)
