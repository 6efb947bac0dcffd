"""A table's outbox: the game log is the outbox, so a table plays on without the league,
catches up when it is back, and a push whose answer was lost is stored once."""

import pytest

from boardlight.league.outbox import Outbox, Pusher, push_all
from boardlight.store.gamelog import Store
from league_helpers import ServedLeague, play_game


@pytest.fixture
def served(league_url):
    with ServedLeague(league_url) as served:
        yield served


def _setup(served, names, tables=("T1",)):
    league = served.league
    tokens = {t: league.add_table(t) for t in tables}
    tid = league.new_tournament(dict(name="Night", game="zatre", system="swiss", rounds=1, tables=list(tables)))
    for name in names:
        league.enter(tid, {"name": name})
    league.pair_next(tid)
    return tid, tokens


def _joined(log, url, token, game=None):
    """The table joins the league at `url` (and lists `game` for it)."""
    outbox = Outbox(log)
    outbox.join(url, token)
    if game is not None:
        outbox.add(url, game)
    outbox.close()


def _count(log, game):
    with Store(log, readonly=True) as store:
        return store.game_count(game)


def test_a_game_played_while_the_league_was_away_is_pushed_when_it_is_back(served, tmp_path):
    tid, tokens = _setup(served, ["Ann", "Bob"])
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Bob=cpu:1"], seed=4)
    _joined(log, "http://127.0.0.1:9", tokens["T1"], game)  # a port where nothing answers
    _joined(log, served.url, tokens["T1"], game)
    reports = {r.game_id: r for r in push_all(log, "http://127.0.0.1:9")}
    assert reports[game].waiting == _count(log, game) and reports[game].problem.startswith("no answer from the league")
    (report,) = push_all(log, served.url)
    assert report.problem is None and report.sent == _count(log, game)
    assert served.league.view(tid)["rounds"][0]["status"] == "locked"
    # Nothing is left to push: the outbox knows the league has it all.
    assert push_all(log, served.url) == []


def test_an_outbox_that_lost_its_marks_asks_the_league_and_sends_nothing_twice(served, tmp_path):
    tid, tokens = _setup(served, ["Ann", "Bob"])
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Bob=cpu:1"], seed=4)
    _joined(log, served.url, tokens["T1"], game)
    assert push_all(log)[0].problem is None
    # The outbox file is lost (a new laptop with the old log): listed again from zero.
    Outbox(log).path.unlink()
    _joined(log, served.url, tokens["T1"], game)
    (report,) = push_all(log)
    assert report.problem is None and report.sent == 0
    with served.league.db.tx() as tx:
        assert tx.one("SELECT count(*) FROM actions")[0] == _count(log, game)


def test_a_refused_game_says_why_and_is_not_pushed_in_a_loop(served, tmp_path):
    tid, tokens = _setup(served, ["Ann", "Bob"])
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Cy=cpu:1"], seed=4)
    _joined(log, served.url, tokens["T1"])
    pusher = Pusher(log, served.url, game)
    report = pusher.push_now()
    assert report.refused and "not the one table T1 plays now" in report.problem
    assert pusher.start().stop(wait=1).refused


def test_a_pusher_follows_the_game_and_its_last_push_sends_the_rest(served, tmp_path):
    tid, tokens = _setup(served, ["Ann", "Bob"])
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Bob=cpu:1"], seed=6)
    _joined(log, served.url, tokens["T1"])
    pusher = Pusher(log, served.url, game, interval=0.05).start()
    said = []
    report = pusher.stop(wait=10, say=said.append)
    assert report.problem is None
    assert said == ["The league at %s has all of game %d." % (served.url, game)]
    assert served.league.held(tokens["T1"], game)["held"] == _count(log, game)


def test_a_refusal_is_read_by_its_fields_not_its_words(served, tmp_path):
    # A tournament named so that a refusal's text holds "send from": still one refusal.
    import threading

    league = served.league
    token = league.add_table("T1")
    tid = league.new_tournament(dict(name="Night (send from here)", game="zatre", system="swiss", rounds=1,
                                     tables=["T1"]))
    for name in ("Ann", "Bob"):
        league.enter(tid, {"name": name})
    league.pair_next(tid)
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Cy=cpu:1"], seed=4)
    _joined(log, served.url, token, game)
    reports = []
    worker = threading.Thread(target=lambda: reports.extend(push_all(log)), daemon=True)
    worker.start()
    worker.join(20)
    assert not worker.is_alive(), "the push went on asking"
    (report,) = reports
    assert report.refused and "send from here" in report.problem


def test_a_pusher_whose_game_is_refused_stops_pushing(served, tmp_path):
    tid, tokens = _setup(served, ["Ann", "Bob"])
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Cy=cpu:1"], seed=4)
    _joined(log, served.url, tokens["T1"])
    pusher = Pusher(log, served.url, game, interval=0.05).start()
    pusher._thread.join(10)
    assert not pusher._thread.is_alive() and pusher.last.refused


def test_a_game_taken_out_of_the_log_ends_its_pusher_quietly(served, tmp_path):
    # A table whose device did not start takes its new game out of the log again.
    from boardlight.sessions.registry import session_class

    tid, tokens = _setup(served, ["Ann", "Bob"])
    log = tmp_path / "t1.sqlite3"
    _joined(log, served.url, tokens["T1"])
    with Store(log) as store:
        session = session_class("zatre").start(store, ["Ann", "Bob"], 5)
        pusher = Pusher(log, served.url, session.row.id, interval=0.05)
        assert pusher.push_now().problem is None
        assert store.forget_unplayed(session.row.id)
    said = []
    pusher.start().stop(wait=2, say=said.append)
    assert said == [] and pusher.gone
    assert push_all(log) == []  # and the outbox forgets it too
