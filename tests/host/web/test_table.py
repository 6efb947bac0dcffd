"""The table, the one writer of a game while it is played: a stale action gets the log's own
"moved on" refusal and changes nothing; the subscribers hear of every committed action, and
only of those; two threads acting at once are served one after the other."""

import threading

import pytest

from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.table import Table
from boardlight.store.gamelog import Store, StoreError


@pytest.fixture
def table(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        yield Table(ForbesSession.start(store, ["Ann", "Bob"], 7))


def test_an_action_made_on_an_older_picture_is_refused_as_two_tables_are(table):
    seen = table.seq
    table.act({"type": "draw", "seat": 0}, seen=seen, source="terminal")
    before = table.session.snapshot()
    with pytest.raises(StoreError, match=r"game 1 moved on in the game log \(action 2 is"
                                         r" already there: is another boardlight playing it\?\);"
                                         r" this action was not taken"):
        table.act({"type": "place", "seat": 0, "row": 0, "col": 0}, seen=seen)
    assert table.session.snapshot() == before
    assert [seq for seq, _k, _d in table.session.store.actions(table.game_id)] == [1, 2]


def test_a_picture_from_no_state_of_this_game_is_refused(table):
    with pytest.raises(StoreError, match="game 1 has 1 actions, not 5"):
        table.act({"type": "draw", "seat": 0}, seen=5)
    with pytest.raises(StoreError, match="not 'one'"):
        table.act({"type": "draw", "seat": 0}, seen="one")
    assert table.seq == 1


def test_subscribers_hear_of_committed_actions_only(table):
    heard = []
    stop = table.subscribe(heard.append)
    table.act({"type": "draw", "seat": 0}, source="Ann's page")
    with pytest.raises(Exception):
        table.act({"type": "draw", "seat": 0}, source="Ann's page")  # drew already
    with table.entry(seen=table.seq, source="terminal") as session:
        session.act({"type": "place", "seat": 0, "row": 1, "col": 1})
        session.act({"type": "draw", "seat": 1})
    assert [(c.seq, c.source) for c in heard] == [(2, "Ann's page"), (4, "terminal")]
    stop()
    table.act({"type": "place", "seat": 1, "row": 2, "col": 2})
    assert len(heard) == 2


def test_a_failing_listener_does_not_keep_the_news_from_the_others(table):
    heard = []

    def broken(_change):
        raise RuntimeError("a closed loop")

    table.subscribe(broken)
    table.subscribe(heard.append)
    assert table.act({"type": "draw", "seat": 0}) in "STCX"
    assert [c.seq for c in heard] == [2]


def test_two_writers_at_once_one_wins_the_other_is_told(table):
    # Both pictures show action 1; both try the next action at the same moment.
    results = []
    start = threading.Barrier(2)

    def writer():
        start.wait()
        try:
            table.act({"type": "draw", "seat": 0}, seen=1)
            results.append("taken")
        except StoreError as exc:
            results.append(str(exc))

    threads = [threading.Thread(target=writer) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results)[1] == "taken" and "moved on in the game log" in sorted(results)[0]
    assert table.seq == 2


def test_readers_see_a_whole_state(table):
    picture = table.read(lambda session: (session.seq, session.core.game.stone))
    assert picture == (1, None)
