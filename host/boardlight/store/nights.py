"""Game nights in the log (schema version 3): a name, the players, the rank points per place,
when it started and ended, and the games played in it. At most one night is on at a time:
every game started while it is on joins it (`boardlight play`), until `night end`.

Each night's row holds a checksum over the row and its list of games, checked on every
read, so a damaged night is told rather than shown as another one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardlight.store.access import reads, writes
from boardlight.store.checksums import _digest
from boardlight.store.errors import StoreError

if TYPE_CHECKING:
    from boardlight.store.gamelog import _Transaction

_COLUMNS = "id, name, players, points, started, ended, checksum"


class NightRow:
    """One game night: id, name, players (names in the order given), points (rank points
    for 1st, 2nd, ...), started, ended (None while it is on), games (ids, in the order
    they joined)."""

    __slots__ = ("id", "name", "players", "points", "started", "ended", "games")

    def __init__(self, id: int, name: str, players: list[str], points: list[int],
                 started: str, ended: str | None, games: list[int]) -> None:
        self.id = id
        self.name = name
        self.players = players
        self.points = points
        self.started = started
        self.ended = ended
        self.games = games

    def __repr__(self) -> str:
        return "NightRow(%d %r %s)" % (self.id, self.name, "on" if self.ended is None else "ended")


def _checksum(row: Sequence[Any], games: Iterable[int]) -> str:
    return _digest(["night"] + list(row[:6]) + [list(games)])


class Nights:
    """Game nights, mixed into store.gamelog.Store."""

    path: Path
    readonly: bool
    _db: sqlite3.Connection
    _schema: int

    if TYPE_CHECKING:
        def _tx(self) -> _Transaction: ...

        def _fetch(self, game_id: int, missing: str | None = None) -> Any: ...

    def _night_games(self, night_id: int) -> list[int]:
        return [g for (g,) in self._db.execute(
            "SELECT game_id FROM night_games WHERE night_id = ? ORDER BY rowid", (night_id,))]

    def _night(self, row: Sequence[Any]) -> NightRow:
        games = self._night_games(row[0])
        if row[6] != _checksum(row, games):
            raise StoreError("game night %d: damaged in the game log (it does not match its"
                             " checksum)" % row[0])
        try:
            players, points = json.loads(row[2]), json.loads(row[3])
        except ValueError as exc:
            raise StoreError("game night %d: damaged in the game log (not JSON: %s)"
                             % (row[0], exc)) from None
        return NightRow(row[0], row[1], players, points, row[4], row[5], games)

    def _reseal_night(self, night_id: int) -> None:
        row = self._db.execute("SELECT %s FROM nights WHERE id = ?" % _COLUMNS,
                               (night_id,)).fetchone()
        self._db.execute("UPDATE nights SET checksum = ? WHERE id = ?",
                         (_checksum(row, self._night_games(night_id)), night_id))

    @reads
    def nights(self) -> list[NightRow]:
        """Every game night, the newest first."""
        if self._schema < 3:
            return []
        return [self._night(r) for r in self._db.execute(
            "SELECT %s FROM nights ORDER BY id DESC" % _COLUMNS).fetchall()]

    def night_on(self) -> NightRow | None:
        """The game night that is on (not ended), or None."""
        for night in self.nights():
            if night.ended is None:
                return night
        return None

    def night_of_game(self, game_id: int) -> NightRow | None:
        """The game night game `game_id` was played in, or None."""
        for night in self.nights():
            if game_id in night.games:
                return night
        return None

    @writes("no game night was started")
    def start_night(self, name: str, players: Iterable[str], points: Iterable[int]) -> int:
        """Start a game night (one at a time); returns its id."""
        from boardlight.store.gamelog import _now

        name = name.strip() if isinstance(name, str) else ""
        if not name:
            raise StoreError("a game night needs a name")
        players = list(players)
        if len(players) < 2 or not all(isinstance(p, str) and p.strip() for p in players):
            raise StoreError("a game night needs two or more player names, not %r" % (players,))
        if len(set(players)) != len(players):
            raise StoreError("the players of a game night must differ: %s" % ", ".join(players))
        points = [int(p) for p in points]
        if not points or any(p < 0 for p in points):
            raise StoreError("rank points are whole numbers >= 0 for 1st, 2nd, ...")
        with self._tx():
            on = self.night_on()
            if on is not None:
                raise StoreError("game night %r is still on: `boardlight night end` ends it"
                                 % on.name)
            cur = self._db.execute(
                "INSERT INTO nights (name, players, points, started, ended, checksum)"
                " VALUES (?, ?, ?, ?, NULL, '')",
                (name, json.dumps(players), json.dumps(points), _now()))
            night_id = cur.lastrowid
            assert night_id is not None  # set by the INSERT
            self._reseal_night(night_id)
        return night_id

    @writes("the game night goes on")
    def end_night(self) -> NightRow:
        """End the game night that is on; returns it as it ended."""
        from boardlight.store.gamelog import _now

        with self._tx():
            on = self.night_on()
            if on is None:
                raise StoreError("no game night is on (`boardlight night start NAME --players"
                                 " ...` starts one)")
            self._db.execute("UPDATE nights SET ended = ? WHERE id = ?", (_now(), on.id))
            self._reseal_night(on.id)
        return self._night(self._db.execute("SELECT %s FROM nights WHERE id = ?" % _COLUMNS,
                                            (on.id,)).fetchone())

    @writes("the game was not added to the game night")
    def join_night(self, night_id: int, game_id: int) -> None:
        """Add game `game_id` to game night `night_id` (which must be on)."""
        with self._tx():
            row = self._db.execute("SELECT %s FROM nights WHERE id = ?" % _COLUMNS,
                                   (night_id,)).fetchone()
            if row is None:
                raise StoreError("no game night %d in %s" % (night_id, self.path))
            night = self._night(row)
            if night.ended is not None:
                raise StoreError("game night %r has ended" % night.name)
            self._fetch(game_id)
            try:
                self._db.execute("INSERT INTO night_games (night_id, game_id) VALUES (?, ?)",
                                 (night_id, game_id))
            except sqlite3.IntegrityError:
                raise StoreError("game %d is already part of a game night" % game_id) from None
            self._reseal_night(night_id)
