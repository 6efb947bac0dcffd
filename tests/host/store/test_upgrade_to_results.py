"""A log of schema version 2 (before result rows and game nights) keeps working: read only,
its finished games are counted by replaying them; the first open that may write upgrades it
to version 3, the checksum chains as they were; the games finished before have no result
rows and are replayed for the statistics, those finished after have theirs."""

import json
import shutil
import sqlite3

from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from session_scripts import play_out


def _version_2(path):
    """Turn a current log back into what schema version 2 wrote."""
    con = sqlite3.connect(str(path))
    with con:
        for table in ("results", "night_games", "nights"):
            con.execute("DROP TABLE %s" % table)
        con.execute("DROP INDEX games_by_game")
    con.execute("PRAGMA user_version=2")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file, for a copy
    con.close()


def _stats(capsys, db):
    assert main(["stats", "--json", "--db", str(db)]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_version_2_log_is_counted_read_only_then_upgraded(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        for game, players in (("zatre", ["Ann", "Bob"]), ("fits", ["Ann"])):
            play_out(session_class(game).start(store, players, 9,
                                               {"scoring": "tally"} if game == "fits" else {}))
    expected = _stats(capsys, db)
    assert expected["games"] == 2
    chains = sqlite3.connect(str(db)).execute(
        "SELECT game_id, seq, chain FROM actions ORDER BY game_id, seq").fetchall()
    _version_2(db)
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(db, copy)
    # Read only: nothing is upgraded, and the games are replayed to count them.
    assert _stats(capsys, copy) == expected
    assert sqlite3.connect(str(copy)).execute("PRAGMA user_version").fetchone()[0] == 2
    with Store(db) as store:  # may write: upgraded
        assert store.game_results(1) == []  # finished before: no rows, replayed
        later = session_class("zatre").start(store, ["Bob", "Cy"], 4)
        play_out(later)
        assert [r.name for r in store.game_results(later.row.id)] == ["Bob", "Cy"]
    con = sqlite3.connect(str(db))
    assert con.execute("PRAGMA user_version").fetchone()[0] == 3
    assert con.execute("SELECT game_id, seq, chain FROM actions WHERE game_id < 3"
                       " ORDER BY game_id, seq").fetchall() == chains
    con.close()
    after = _stats(capsys, db)
    assert after["games"] == 3
    assert after["by_game"]["fits"] == expected["by_game"]["fits"]
