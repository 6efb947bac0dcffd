"""A game log of many finished games for the statistics benchmark (bench/stats.py) and its
test: a few real games of each kind are played through their sessions, then copied row by
row (game, players, every action, score lines, results) under other player names and
later dates, each copy with its own checksum chain and checksums, so the log is one that
play could have written: every game replays, and damage checks pass."""

import json
import random
from datetime import datetime, timedelta

from boardlight.sessions.registry import session_class
from boardlight.store.checksums import action_chain, reseal
from boardlight.store.gamelog import Store
from boardlight.store.results import result_checksum
from session_scripts import play_out

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal")
# The real games copied: (game, players, options); solo games move no rating.
SOURCES = (("fits", 2, {"scoring": "tally"}), ("fits", 3, {"scoring": "tally"}),
           ("fits", 1, {"scoring": "tally"}), ("fits", 4, {"boards": [1]}),
           ("zatre", 2, {}), ("zatre", 3, {}), ("zatre", 4, {}),
           ("forbes", 2, {"target_score": 8}), ("forbes", 3, {"target_score": 8}),
           ("forbes", 4, {"target_score": 8}))


def build_log(path, games=10000, seed=1):
    """Make the log at `path` with `games` finished games; returns how many actions it
    holds."""
    rng = random.Random(seed)
    sources = []
    with Store(path) as store:
        for k, (game, n, options) in enumerate(SOURCES):
            session = session_class(game).start(store, list(NAMES[:n]), 100 + k, options)
            play_out(session)
            sources.append(session.row.id)
        db = store._db
        rows = {}
        for gid in sources:
            rows[gid] = {
                "game": db.execute("SELECT game, seed, options FROM games WHERE id = ?",
                                   (gid,)).fetchone(),
                "players": [n for (n,) in db.execute(
                    "SELECT name FROM players WHERE game_id = ? ORDER BY seat", (gid,))],
                "actions": db.execute("SELECT seq, kind, data FROM actions WHERE game_id = ?"
                                      " ORDER BY seq", (gid,)).fetchall(),
                "scores": db.execute("SELECT part, seat, points, detail FROM scores"
                                     " WHERE game_id = ?", (gid,)).fetchall(),
                "results": db.execute("SELECT seat, points, place, detail FROM results"
                                      " WHERE game_id = ? ORDER BY seat", (gid,)).fetchall(),
            }
        start = datetime(2024, 1, 1, 18, 0)
        actions = 0
        db.execute("PRAGMA synchronous=OFF")
        db.execute("BEGIN IMMEDIATE")
        for k in range(games - len(sources)):
            source = rows[sources[k % len(sources)]]
            game, seed, options = source["game"]
            names = rng.sample(NAMES, len(source["players"]))
            when = (start + timedelta(minutes=37 * k)).isoformat(sep=" ",
                                                                 timespec="microseconds")
            gid = db.execute("INSERT INTO games (game, seed, options, status, started, updated)"
                             " VALUES (?, ?, ?, 'finished', ?, ?)",
                             (game, seed, options, when, when)).lastrowid
            db.executemany("INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
                           [(gid, seat, name) for seat, name in enumerate(names)])
            chain = ""
            batch = []
            for seq, kind, data in source["actions"]:
                chain = action_chain(chain, gid, seq, kind, data, when)
                batch.append((gid, seq, kind, data, when, chain))
            db.executemany("INSERT INTO actions (game_id, seq, kind, data, at, chain)"
                           " VALUES (?, ?, ?, ?, ?, ?)", batch)
            actions += len(batch)
            db.executemany("INSERT INTO scores (game_id, part, seat, points, detail)"
                           " VALUES (?, ?, ?, ?, ?)",
                           [(gid,) + tuple(s) for s in source["scores"]])
            db.executemany(
                "INSERT INTO results (game_id, seat, name, points, place, detail, checksum)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(gid, seat, names[seat], points, place, detail,
                  result_checksum(gid, game, options, when, seat, names[seat], points, place,
                                  detail))
                 for seat, points, place, detail in source["results"]])
            db.execute("UPDATE games SET action_count = ?, chain_head = ? WHERE id = ?",
                       (len(batch), chain, gid))
            reseal(db, gid)
        db.execute("COMMIT")
        db.execute("PRAGMA synchronous=FULL")
        return actions + sum(len(rows[g]["actions"]) for g in sources)


def describe(path):
    """How many games of each kind and players the log holds (for the benchmark's line)."""
    with Store(path, readonly=True) as store:
        counts = {}
        for (game, n) in store._db.execute("SELECT game, count(*) FROM games GROUP BY game"):
            counts[game] = n
        return json.dumps(counts, sort_keys=True)
