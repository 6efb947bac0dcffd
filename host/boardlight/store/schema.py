"""The game log's SQLite schema and its version.

The version lives in SQLite's own `PRAGMA user_version`, so opening a database tells at once
whether it is ours, current, or written by a newer boardlight (which we refuse to touch).
"""

SCHEMA_VERSION = 1

# Version 1. Every game is a row in `games`; its seats in `players`; every action the table
# took, in order, in `actions` (seq counts from 1 without gaps, so a replay knows nothing is
# missing); `scores` holds the score lines written as rounds/games end, for quick listing
# (they are derived data: a replay of `actions` recomputes them).
SCHEMA_V1 = """
CREATE TABLE games (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game      TEXT NOT NULL CHECK (game IN ('fits', 'zatre', 'forbes')),
    seed      INTEGER NOT NULL,
    options   TEXT NOT NULL,
    status    TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
    started   TEXT NOT NULL,
    updated   TEXT NOT NULL
);
CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seat      INTEGER NOT NULL,
    name      TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE actions (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seq       INTEGER NOT NULL,
    kind      TEXT NOT NULL,
    data      TEXT NOT NULL,
    at        TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE scores (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    part      TEXT NOT NULL,
    seat      INTEGER NOT NULL,
    points    INTEGER NOT NULL,
    detail    TEXT NOT NULL,
    PRIMARY KEY (game_id, part, seat)
);
CREATE INDEX games_by_status ON games(status, updated);
"""

# Each entry upgrades the database from version (index) to version (index + 1).
MIGRATIONS = (SCHEMA_V1,)
assert len(MIGRATIONS) == SCHEMA_VERSION
