"""The SQLite game log: schema version, games, actions in order, scores, bad input refused."""

import sqlite3

import pytest

from boardlight.store.gamelog import SCHEMA_VERSION, Store, StoreError


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_new_database_has_schema_version_and_durable_settings(tmp_path):
    path = tmp_path / "sub" / "log.sqlite3"
    with Store(path) as s:
        assert s.integrity() == "ok"
    db = sqlite3.connect(str(path))
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "players", "actions", "scores"} <= tables


def test_game_players_and_actions_round_trip(store):
    gid = store.new_game("zatre", ["Ann", "Bob"], 7, {"strict_adjacency": False})
    store.append_action(gid, 1, "place", {"tiles": [[7, 7, 3]]})
    store.append_action(gid, 2, "pass", {})
    row = store.game(gid)
    assert (row.game, row.seed, row.status, row.players) == ("zatre", 7, "playing", ["Ann", "Bob"])
    assert row.options == {"strict_adjacency": False}
    assert store.actions(gid) == [(1, "place", {"tiles": [[7, 7, 3]]}), (2, "pass", {})]


def test_reopening_keeps_everything(tmp_path):
    path = tmp_path / "log.sqlite3"
    with Store(path) as s:
        gid = s.new_game("fits", ["Solo"], 3)
        s.append_action(gid, 1, "drop", {"x": 1})
    with Store(path) as s:
        assert s.actions(gid) == [(1, "drop", {"x": 1})]
        assert s.last_unfinished().id == gid


def test_action_out_of_order_is_refused_and_changes_nothing(store):
    gid = store.new_game("forbes", ["A", "B"], 1)
    store.append_action(gid, 1, "place", {"cell": [0, 0]})
    with pytest.raises(StoreError, match="action 3 follows 1, expected 2"):
        store.append_action(gid, 3, "place", {"cell": [0, 1]})
    with pytest.raises(StoreError, match="action 1 is already there"):
        store.append_action(gid, 1, "place", {"cell": [0, 1]})
    assert store.actions(gid) == [(1, "place", {"cell": [0, 0]})]


def test_finished_game_takes_no_more_actions(store):
    gid = store.new_game("forbes", ["A", "B"], 1)
    store.set_status(gid, "finished")
    with pytest.raises(StoreError, match="is finished"):
        store.append_action(gid, 1, "place", {})
    assert store.last_unfinished() is None


def test_bad_game_players_and_unknown_ids(store):
    with pytest.raises(StoreError, match="unknown game 'chess'"):
        store.new_game("chess", ["A"], 1)
    with pytest.raises(StoreError, match="non-empty names"):
        store.new_game("fits", ["A", " "], 1)
    with pytest.raises(StoreError, match="no game 99"):
        store.game(99)
    with pytest.raises(StoreError, match="no game 99"):
        store.append_action(99, 1, "x", {})
    assert store.games() == []


def test_scores_lines_and_listing_order(store):
    a = store.new_game("fits", ["A", "B"], 1)
    b = store.new_game("zatre", ["C", "D"], 2)
    store.set_scores(a, "round 1", [4, -2], [{"rows": 8}, {"rows": 3}])
    store.set_scores(a, "round 1", [5, -2])   # rewritten, not duplicated
    assert store.scores(a) == {"round 1": [(5, None), (-2, None)]}
    store.append_action(a, 1, "x", {})       # touching a makes it the most recent
    ids = [g.id for g in store.games()]
    assert ids[0] == a and set(ids) == {a, b}
    assert [g.id for g in store.games(game="zatre")] == [b]


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "log.sqlite3"
    db = sqlite3.connect(str(path))
    db.execute("PRAGMA user_version=9")
    db.close()
    with pytest.raises(StoreError, match="schema version 9; this boardlight knows up to 3"):
        Store(path)


def test_foreign_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(str(path))
    db.execute("CREATE TABLE x (y)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="no boardlight schema version"):
        Store(path)
    not_db = tmp_path / "text.sqlite3"
    not_db.write_text("hello, this is not sqlite at all" * 10)
    with pytest.raises(StoreError, match="not a usable boardlight game log"):
        Store(not_db)
