"""The league's tables, for PostgreSQL and SQLite alike, and their version.

- `meta`: the schema version and the director's token (a hash of it).
- `tables`: the physical tables of the club, each with its own token (a hash of it).
- `tournaments`, `entrants`, `tournament_tables` (which tables an event plays on, in
  order: table 1 of a round's pairing is the first of them), `rounds`, `seats` and `byes`
  (each round's pairing), as the director made them.
- `games` and `actions`: what the tables pushed, action by action with each table's own
  checksum chain (store.checksums), and what the league's replay of them found (status,
  points). A game is known by (table, the table's own game number): a push of an action
  already held is stored once.
"""

from __future__ import annotations

from boardlight.league.db import Tx

SCHEMA_VERSION = 1

_DDL = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    id {id},
    name TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournaments (
    id {id},
    name TEXT NOT NULL,
    game TEXT NOT NULL CHECK (game IN ('fits', 'zatre', 'forbes')),
    system TEXT NOT NULL CHECK (system IN ('swiss', 'round_robin')),
    rounds INTEGER NOT NULL,
    fewest INTEGER NOT NULL,
    preferred INTEGER NOT NULL,
    most INTEGER NOT NULL,
    avoid TEXT CHECK (avoid IS NULL OR avoid IN ('nation', 'city')),
    season TEXT NOT NULL,
    options TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    name TEXT NOT NULL,
    entry INTEGER NOT NULL,
    nation TEXT,
    city TEXT,
    joined INTEGER NOT NULL,
    withdrawn INTEGER,
    PRIMARY KEY (tournament_id, name)
);
CREATE TABLE IF NOT EXISTS tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    table_no INTEGER NOT NULL,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    PRIMARY KEY (tournament_id, table_no),
    UNIQUE (tournament_id, table_id)
);
CREATE TABLE IF NOT EXISTS rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    round INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'locked')),
    paired TEXT NOT NULL,
    locked TEXT,
    PRIMARY KEY (tournament_id, round)
);
CREATE TABLE IF NOT EXISTS seats (
    tournament_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, table_no, seat),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds(tournament_id, round)
);
CREATE TABLE IF NOT EXISTS byes (
    tournament_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, name),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds(tournament_id, round)
);
CREATE TABLE IF NOT EXISTS games (
    id {id},
    table_id INTEGER NOT NULL REFERENCES tables(id),
    local_id BIGINT NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    game TEXT NOT NULL,
    seed BIGINT NOT NULL,
    options TEXT NOT NULL,
    players TEXT NOT NULL,
    started TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'finished')),
    action_count INTEGER NOT NULL,
    chain_head TEXT NOT NULL,
    points TEXT,
    finished TEXT,
    UNIQUE (table_id, local_id),
    UNIQUE (tournament_id, round, table_no)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL,
    chain TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX IF NOT EXISTS games_by_round ON games (tournament_id, round);
"""


def create(tx: Tx, postgres: bool) -> None:
    """Make every table that is not there yet and check the version of a league already
    made (a newer boardlight's league is refused, not changed)."""
    key = "BIGSERIAL PRIMARY KEY" if postgres else "INTEGER PRIMARY KEY AUTOINCREMENT"
    for statement in _DDL.replace("{id}", key).split(";"):
        if statement.strip():
            tx.run(statement)
    row = tx.one("SELECT value FROM meta WHERE key = 'schema'")
    if row is None:
        tx.run("INSERT INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
    elif int(row[0]) > SCHEMA_VERSION:
        from boardlight.league.db import LeagueDbError

        raise LeagueDbError("this league was made by a newer boardlight (schema %s; this one"
                            " knows %d): upgrade boardlight" % (row[0], SCHEMA_VERSION))
