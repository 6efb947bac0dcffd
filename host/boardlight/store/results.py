"""The results of finished games (schema version 3): one row per seat with its final points,
its place in the finishing order and a detail (JSON) of what the statistics keep, written in
the transaction of the action that finishes the game and removed by an undo that reopens it.

`boardlight stats` over thousands of games reads these rows alone (one query, no replay).
Each row has its own checksum over its fields and over what it takes from its game's row
(the game, its options and the time it finished), so damage to either is told, as it is
everywhere in the log; a finished game without result rows (finished before version 3)
is listed as such, for the reader to replay.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from boardlight.store.access import reads
from boardlight.store.errors import StoreError

# What a finished game writes per seat: (seat, name, points, place, detail dict).
ResultRow = tuple[int, str, int, int, Any]
# What results() and results_of() give: (results, missing game ids, [(game id, why)]).
Found = tuple[list["Result"], list[int], list[tuple[int, str]]]


def result_checksum(game_id: int, game: str, options: str, finished: str, seat: int,
                    name: str, points: int, place: int, detail: str) -> str:
    """The checksum of one result row (`options` and `detail` as stored JSON text): 128
    bits of SHA-256 over its fields, each written out and ended by a unit separator (the
    statistics check thousands of rows at a time, so no JSON here)."""
    text = "result\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f" % (
        game_id, game, options, finished, seat, name, points, place, detail)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def write_results(db: sqlite3.Connection, game_id: int, game: str, options: str,
                  finished: str, rows: Iterable[ResultRow]) -> None:
    """Store the result rows [(seat, name, points, place, detail dict)] of a game that
    finished at `finished` (inside the caller's transaction)."""
    for seat, name, points, place, detail in rows:
        text = json.dumps(detail, sort_keys=True)
        db.execute("INSERT INTO results (game_id, seat, name, points, place, detail, checksum)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (game_id, seat, name, int(points), int(place), text,
                    result_checksum(game_id, game, options, finished, seat, name, int(points),
                                    int(place), text)))


def delete_results(db: sqlite3.Connection, game_id: int) -> None:
    """Remove a game's result rows (it is no longer finished)."""
    db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))


class Result:
    """One seat of one finished game: game_id, game, options (dict), finished (when),
    seat, name, points, place, players (how many played) and detail (dict)."""

    __slots__ = ("game_id", "game", "options", "finished", "seat", "name", "points", "place",
                 "players", "detail")

    def __init__(self, game_id: int, game: str, options: dict[str, Any], finished: str,
                 seat: int, name: str, points: int, place: int, players: int,
                 detail: Any) -> None:
        self.game_id = game_id
        self.game = game
        self.options = options
        self.finished = finished
        self.seat = seat
        self.name = name
        self.points = points
        self.place = place
        self.players = players
        self.detail = detail

    def __repr__(self) -> str:
        return "Result(game %d seat %d %s %d place %d)" % (self.game_id, self.seat, self.name,
                                                           self.points, self.place)


class Results:
    """The reading side, mixed into store.gamelog.Store."""

    path: Path
    readonly: bool
    _db: sqlite3.Connection
    _schema: int

    @reads
    def results(self, game: str | None = None, since: str | None = None,
                until: str | None = None) -> Found:
        """The finished games' results, oldest finish first, as (results, missing, damaged):
        `results` a list of Result (seats of one game together, in seat order), `missing`
        the ids of finished games that have no result rows (finished before the log kept
        them: replay those), `damaged` [(game id, why)] of games whose rows do not match
        their checksums (left out). `game`: only that game; `since`, `until`: only games
        finished on or after / on or before that day ('YYYY-MM-DD')."""
        where: list[str] = []
        args: list[object] = []
        if game is not None:
            where.append("g.game = ?")
            args.append(game)
        if since is not None:
            where.append("g.updated >= ?")
            args.append(since)
        if until is not None:
            # The whole day: every time on it sorts before "YYYY-MM-DD~".
            where.append("g.updated < ?")
            args.append(until + "~")
        return self._results(where, args)

    @reads
    def results_of(self, game_ids: Iterable[int]) -> Found:
        """(results, missing, damaged) as results() gives them, of these games only."""
        ids = [int(g) for g in game_ids]
        if not ids:
            return [], [], []
        return self._results(["g.id IN (%s)" % ",".join("?" * len(ids))], ids)

    def game_results(self, game_id: int) -> list[Result]:
        """The Result rows of one finished game (seat order); StoreError when they are
        damaged; [] when it has none."""
        found, _, damaged = self.results_of([game_id])
        if damaged:
            raise StoreError(damaged[0][1])
        return found

    def _results(self, where: list[str], args: Sequence[object]) -> Found:
        condition = " AND ".join(["g.status = 'finished'"] + where)
        if self._schema < 3:
            missing = [gid for (gid,) in self._db.execute(
                "SELECT g.id FROM games g WHERE %s ORDER BY g.updated, g.id" % condition, args)]
            return [], missing, []
        rows = self._db.execute(
            "SELECT g.id, g.game, g.options, g.updated, r.seat, r.name, r.points, r.place,"
            " r.detail, r.checksum FROM games g JOIN results r ON r.game_id = g.id"
            " WHERE %s ORDER BY g.updated, g.id, r.seat" % condition, args).fetchall()
        missing = [gid for (gid,) in self._db.execute(
            "SELECT g.id FROM games g WHERE %s AND NOT EXISTS (SELECT 1 FROM results r"
            " WHERE r.game_id = g.id) ORDER BY g.updated, g.id" % condition, args)]
        damaged: list[tuple[int, str]] = []
        bad: set[int] = set()
        checked: list[Any] = []
        texts: list[str] = []
        for row in rows:
            gid, game_name, options, finished, seat, name, points, place, detail, checksum = row
            if gid in bad:
                continue
            if checksum != result_checksum(gid, game_name, options, finished, seat, name,
                                           points, place, detail):
                bad.add(gid)
                damaged.append((gid, "game %d: damaged in the game log (its results do not"
                                     " match their checksums)" % gid))
                continue
            checked.append(row)
            texts.append(detail)
        # Thousands of small JSON texts read as one list: one call instead of one each.
        details: list[Any] | None
        try:
            details = json.loads("[%s]" % ",".join(texts))
        except ValueError:
            details = None
        if details is None or len(details) != len(texts):
            details = []
            for row, text in zip(checked, texts):
                try:
                    details.append(json.loads(text))
                except ValueError as exc:
                    if row[0] not in bad:
                        bad.add(row[0])
                        damaged.append((row[0], "game %d: damaged in the game log (not JSON:"
                                                " %s)" % (row[0], exc)))
                    details.append(None)
        out: list[Result] = []
        group: list[Result] = []
        parsed: dict[str, Any] = {}
        for row, value in zip(checked, details):
            gid, game_name, options, finished, seat, name, points, place = row[:8]
            if gid in bad:
                continue
            if options not in parsed:
                try:
                    parsed[options] = json.loads(options)
                except ValueError as exc:
                    bad.add(gid)
                    damaged.append((gid, "game %d: damaged in the game log (not JSON: %s)"
                                    % (gid, exc)))
                    continue
            if group and group[0].game_id != gid:
                out.extend(_counted(group))
                group = []
            group.append(Result(gid, game_name, parsed[options], finished, seat, name,
                                points, place, 0, value))
        out.extend(_counted(group))
        if bad:
            out = [r for r in out if r.game_id not in bad]
        return out, missing, damaged


def _counted(group: list[Result]) -> list[Result]:
    for r in group:
        r.players = len(group)
    return group
