"""Checksums that make damage to a game in the log detectable (schema version 2).

Every action row holds `chain`: a SHA-256 digest of the previous action's chain (empty before the
first) and of this action's stored fields, so no action can change, go missing or move
without its chain, or the next one's, disagreeing. Each game's row holds how many actions it
has (`action_count`), the chain of its last one (`chain_head`), and `checksum`: a digest of
everything else stored about the game (its row, its players, its score lines). Reading a game
recomputes them; writing one updates them in the same transaction as the change.
"""

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from typing import Any

# The columns of a games row that its checksum covers, in this order.
GAME_COLUMNS = ("id", "game", "seed", "options", "status", "started", "updated",
                "action_count", "chain_head")


def _digest(fields: list[Any]) -> str:
    # 128 bits of SHA-256: plenty to tell damage, which is all they are for. Fields are as
    # SQLite returned them; a value of a type we never store (damage can turn a number into
    # a blob) still hashes, to something no stored checksum matches.
    text = json.dumps(fields, separators=(",", ":"), ensure_ascii=True, default=repr)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def action_chain(previous: str, game_id: int, seq: int, kind: str, data: str,
                 at: str) -> str:
    """The chain value of an action row: `data` is its stored JSON text, `previous` the
    chain of action seq - 1 ('' for the first)."""
    return _digest(["action", previous, game_id, seq, kind, data, at])


def game_checksum(db: sqlite3.Connection, row: Sequence[Any]) -> str:
    """The checksum of a games row (its GAME_COLUMNS values), with its players and score
    lines as they are stored now."""
    game_id = row[0]
    players = db.execute("SELECT seat, name FROM players WHERE game_id = ? ORDER BY seat",
                         (game_id,)).fetchall()
    scores = db.execute("SELECT part, seat, points, detail FROM scores WHERE game_id = ?"
                        " ORDER BY part, seat", (game_id,)).fetchall()
    return _digest(["game", list(row), [list(p) for p in players], [list(s) for s in scores]])


def reseal(db: sqlite3.Connection, game_id: int) -> None:
    """Recompute and store the checksum of game `game_id` (inside the caller's transaction,
    after its row, players or score lines changed)."""
    row = db.execute("SELECT %s FROM games WHERE id = ?" % ", ".join(GAME_COLUMNS),
                     (game_id,)).fetchone()
    db.execute("UPDATE games SET checksum = ? WHERE id = ?", (game_checksum(db, row), game_id))


def seal_existing(db: sqlite3.Connection) -> None:
    """Chain and checksum every game already in a version 1 log, as it stands (the upgrade
    to version 2; the caller's transaction makes it all or nothing)."""
    for (game_id,) in db.execute("SELECT id FROM games").fetchall():
        chain, count = "", 0
        for seq, kind, data, at in db.execute(
                "SELECT seq, kind, data, at FROM actions WHERE game_id = ? ORDER BY seq",
                (game_id,)).fetchall():
            chain = action_chain(chain, game_id, seq, kind, data, at)
            count += 1
            db.execute("UPDATE actions SET chain = ? WHERE game_id = ? AND seq = ?",
                       (chain, game_id, seq))
        db.execute("UPDATE games SET action_count = ?, chain_head = ? WHERE id = ?",
                   (count, chain, game_id))
        reseal(db, game_id)
