"""The league's PostgreSQL restarting under a running league server: a push meanwhile is
answered 503 with what happened (nothing of it kept), and the same push goes through once
the database is back: the table's outbox then catches up as after any outage."""

import time

import pytest

from boardlight.league import client
from league_helpers import ServedLeague, director_setup, play_game, push_body
from pg_helpers import Postgres, need_postgres

pytestmark = pytest.mark.postgres


def test_a_push_while_the_database_is_down_is_refused_then_taken(tmp_path):
    need_postgres()
    pg = Postgres()
    try:
        with ServedLeague(pg.new_database("club")) as served:
            tid, tokens = director_setup(served.league, ["Ann", "Bob"], ["T1"], rounds=1)
            served.league.pair_next(tid)
            log = tmp_path / "t1.sqlite3"
            body = push_body(log, play_game(log, ["Ann=cpu:1", "Bob=cpu:1"], seed=3))
            pg.kill()
            with pytest.raises(client.Unreachable) as down:
                client.call(served.url, "/api/push", tokens["T1"], body, timeout=60)
            assert "the league's database is out of reach: try again soon" in str(down.value)
            pg.start()
            pg.wait_ready()
            end = time.monotonic() + 30
            while True:  # the pool replaces its broken connections as they are used
                try:
                    answer = client.call(served.url, "/api/push", tokens["T1"], body, timeout=60)
                    break
                except client.Unreachable:
                    assert time.monotonic() < end
                    time.sleep(0.2)
            assert answer["status"] == "finished" and answer["took"] == len(body["actions"])
    finally:
        pg.stop()
