"""The game log's SQLite schema and its version.

The version lives in SQLite's own `PRAGMA user_version`, so opening a database tells at once
whether it is ours, current, or written by a newer boardlight (which we refuse to touch).
A new log is made by applying every migration in turn, so it is the same as an upgraded one.
"""

from boardlight.store.checksums import seal_existing

SCHEMA_VERSION = 3

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

# Version 2: checksums (boardlight.store.checksums) over each game's actions (a chain), and
# over its row, players and score lines; the upgrade computes them for the games already
# there, so a log written by an older boardlight keeps working.
SCHEMA_V2 = """
ALTER TABLE games ADD COLUMN action_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN chain_head TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN checksum TEXT NOT NULL DEFAULT '';
ALTER TABLE actions ADD COLUMN chain TEXT NOT NULL DEFAULT '';
"""

# Version 3: `results`, one row per seat of each finished game (its final points, its place
# and what the statistics keep of it, store.results), written with the action that finishes
# the game and taken away by an undo that opens it again: `boardlight stats` reads these
# rows alone. Games finished before the upgrade have none; the statistics replay them.
# `nights` and `night_games`: the game nights (store.nights). Each row has a checksum.
SCHEMA_V3 = """
CREATE TABLE results (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seat      INTEGER NOT NULL,
    name      TEXT NOT NULL,
    points    INTEGER NOT NULL,
    place     INTEGER NOT NULL,
    detail    TEXT NOT NULL,
    checksum  TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE nights (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    name      TEXT NOT NULL,
    players   TEXT NOT NULL,
    points    TEXT NOT NULL,
    started   TEXT NOT NULL,
    ended     TEXT,
    checksum  TEXT NOT NULL
);
CREATE TABLE night_games (
    night_id  INTEGER NOT NULL REFERENCES nights(id),
    game_id   INTEGER NOT NULL UNIQUE REFERENCES games(id),
    PRIMARY KEY (night_id, game_id)
);
CREATE INDEX games_by_game ON games(game, status, updated);
"""

# Each entry upgrades the database from version (index) to version (index + 1): its SQL
# statements, then a function of the connection that fills in what they added (or None).
MIGRATIONS = ((SCHEMA_V1, None), (SCHEMA_V2, seal_existing), (SCHEMA_V3, None))
assert len(MIGRATIONS) == SCHEMA_VERSION
