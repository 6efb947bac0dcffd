"""A table's pushes to the league: stored once, checked against the chain and the rules,
all or nothing, and only for the game the round's pairing seats at that table."""

import json

import pytest

from boardlight.league.push import LeagueError
from boardlight.store.checksums import action_chain
from league_helpers import director_setup, final_points, play_game, push_body


@pytest.fixture
def one_table(league, tmp_path):
    """Ann v Bob on table T1, round 1 paired, and their game played into T1's log."""
    tid, tokens = director_setup(league, ["Ann", "Bob"], ["T1"], rounds=1)
    league.pair_next(tid)
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Bob=cpu:2"], seed=11)
    return tid, tokens["T1"], log, game


def _held(league, tid):
    with league.db.tx() as tx:
        return tx.one("SELECT count(*) FROM actions")[0], tx.one("SELECT action_count, status FROM games")


def test_a_whole_game_pushed_is_kept_with_its_points_and_locks_the_round(league, one_table):
    tid, token, log, game = one_table
    body = push_body(log, game)
    answer = league.push(token, body)
    assert answer["held"] == len(body["actions"]) and answer["status"] == "finished"
    assert answer["round_locked"] is True
    view = league.view(tid)
    assert view["rounds"][0]["tables"][0]["points"] == final_points(log, game)
    assert view["rounds"][0]["status"] == "locked"


def test_the_same_push_twice_is_stored_once(league, one_table):
    tid, token, log, game = one_table
    body = push_body(log, game)
    first = league.push(token, body)
    again = league.push(token, body)
    assert first["took"] == len(body["actions"]) and again["took"] == 0
    assert {**again, "took": None} == {**first, "took": None}
    assert _held(league, tid) == (len(body["actions"]), (len(body["actions"]), "finished"))


def test_pushes_in_overlapping_batches_store_every_action_once(league, one_table):
    tid, token, log, game = one_table
    whole = push_body(log, game)["actions"]
    n = len(whole)
    assert league.push(token, push_body(log, game, after=0, limit=10))["held"] == 10
    assert league.push(token, push_body(log, game, after=5, limit=20))["held"] == 25
    assert league.push(token, push_body(log, game, after=25))["held"] == n
    assert _held(league, tid)[0] == n


def test_a_push_that_skips_actions_is_told_where_to_start(league, one_table):
    tid, token, log, game = one_table
    league.push(token, push_body(log, game, limit=3))
    with pytest.raises(LeagueError) as refused:
        league.push(token, push_body(log, game, after=5, limit=3))
    assert refused.value.status == 409 and "send from 4" in str(refused.value)


def test_a_damaged_action_is_refused_and_nothing_of_its_push_kept(league, one_table):
    tid, token, log, game = one_table
    body = push_body(log, game, limit=8)
    # Action 6 changed on the way, its chain as it was: the digest no longer matches.
    data = json.loads(body["actions"][5]["data"])
    data["damaged"] = True
    body["actions"][5]["data"] = json.dumps(data, sort_keys=True)
    with pytest.raises(LeagueError) as refused:
        league.push(token, body)
    assert refused.value.status == 422
    assert "action 6 of the table's game %d does not match its checksum chain" % game in str(refused.value)
    assert _held(league, tid)[0] == 0


def test_a_forged_but_consistent_chain_with_an_illegal_move_is_refused(league, one_table):
    tid, token, log, game = one_table
    body = push_body(log, game, limit=40)
    # Rewrite the first turn with a tile on the edge of the board, far from the centre,
    # and chain everything after it again: the chain holds, the rules do not.
    actions = body["actions"]
    turn = next(i for i, a in enumerate(actions) if a["kind"] == "turn")
    data = json.loads(actions[turn]["data"])
    data["tiles"] = [[0, 0, data["tiles"][0][2]]]
    actions[turn]["data"] = json.dumps(data, sort_keys=True)
    previous = actions[turn - 1]["chain"] if turn else ""
    for a in actions[turn:]:
        a["chain"] = previous = action_chain(previous, game, a["seq"], a["kind"], a["data"], a["at"])
    with pytest.raises(LeagueError) as refused:
        league.push(token, body)
    assert refused.value.status == 422
    assert "action %d (turn) is not a legal move of this game" % actions[turn]["seq"] in str(refused.value)
    assert _held(league, tid)[0] == 0


def test_an_action_changed_after_it_was_pushed_is_refused(league, one_table):
    tid, token, log, game = one_table
    body = push_body(log, game, limit=6)
    league.push(token, body)
    body["actions"][2]["at"] = "2020-01-01 00:00:00.000000"
    with pytest.raises(LeagueError) as refused:
        league.push(token, body)
    assert refused.value.status == 409 and "action 3" in str(refused.value)


def test_a_game_the_pairing_does_not_seat_at_that_table_is_refused(league, tmp_path):
    tid, tokens = director_setup(league, ["Ann", "Bob", "Cy", "Dee"], ["T1", "T2"], rounds=1)
    seating = league.pair_next(tid)
    assert seating["tables"] == [["Ann", "Bob"], ["Cy", "Dee"]]
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Cy=cpu:1"], seed=3)
    with pytest.raises(LeagueError) as refused:
        league.push(tokens["T1"], push_body(log, game))
    assert refused.value.status == 409
    assert "not the one table T1 plays now: Club night round 1: Ann, Bob (zatre)" in str(refused.value)


def test_a_push_without_a_table_token_is_refused(league, one_table):
    tid, token, log, game = one_table
    for wrong in (None, "", token + "x", league.director_token(renew=True)):
        with pytest.raises(LeagueError) as refused:
            league.push(wrong, push_body(log, game))
        assert refused.value.status == 401


def test_a_push_that_fails_half_way_keeps_nothing(league, one_table, monkeypatch):
    # The database refuses the last statement of the push (as a server killed at that
    # moment would never commit it): none of the actions, nor the game, stay.
    tid, token, log, game = one_table

    def fail(*args):
        raise RuntimeError("the server died here")

    monkeypatch.setattr(type(league), "_lock_if_done", fail)
    with pytest.raises(RuntimeError):
        league.push(token, push_body(log, game))
    with league.db.tx() as tx:
        assert tx.one("SELECT count(*) FROM games")[0] == 0
        assert tx.one("SELECT count(*) FROM actions")[0] == 0
    monkeypatch.undo()
    assert league.push(token, push_body(log, game))["status"] == "finished"


def test_no_action_of_a_locked_round_is_taken_not_even_an_undo(league, one_table):
    tid, token, log, game = one_table
    body = push_body(log, game)
    league.push(token, body)
    last = body["actions"][-1]
    undo = json.dumps({"type": "undo", "undoes": last["seq"], "by": "Ann"}, sort_keys=True)
    seq = last["seq"] + 1
    at = "2026-12-02 12:00:00.000000"
    body["actions"] = [{"seq": seq, "kind": "undo", "data": undo, "at": at,
                        "chain": action_chain(last["chain"], game, seq, "undo", undo, at)}]
    with pytest.raises(LeagueError) as refused:
        league.push(token, body)
    assert refused.value.status == 409 and "round 1 is locked" in str(refused.value)


def test_two_tables_ending_the_round_at_once_lock_it(league, tmp_path, monkeypatch):
    # Both last pushes reach the round check together (a barrier holds the first until
    # the second comes, or 2 s): the one after the other sees both games finished.
    import threading

    tid, tokens = director_setup(league, ["Ann", "Bob", "Cy", "Dee"], ["T1", "T2"], rounds=1)
    league.pair_next(tid)
    games = {}
    for no, (table, names) in enumerate((("T1", ["Ann", "Bob"]), ("T2", ["Cy", "Dee"])), 1):
        log = tmp_path / ("t%d.sqlite3" % no)
        game = play_game(log, ["%s=cpu:1" % n for n in names], seed=no)
        body = push_body(log, game)
        last = {**body, "actions": body["actions"][-1:]}
        league.push(tokens[table], {**body, "actions": body["actions"][:-1]})
        games[table] = last
    barrier = threading.Barrier(2, timeout=2)
    original = type(league)._lock_if_done

    def together(self, tx, t, r):
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass
        return original(self, tx, t, r)

    monkeypatch.setattr(type(league), "_lock_if_done", together)
    answers = {}
    threads = [threading.Thread(target=lambda t=t: answers.__setitem__(t, league.push(tokens[t], games[t])))
               for t in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(a["status"] for a in answers.values()) == ["finished", "finished"]
    assert league.view(tid)["rounds"][0]["status"] == "locked"


def test_a_game_that_never_had_a_move_gives_way_to_the_tables_next(league, tmp_path):
    # The table's device did not start: its game left the table's log, but the league had
    # its header. The game the table starts next for that seating is taken instead.
    tid, tokens = director_setup(league, ["Ann", "Bob"], ["T1"], rounds=1)
    league.pair_next(tid)
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Bob=cpu:1"], seed=2)
    body = push_body(log, game)
    unplayed = {"game": {**body["game"], "id": game + 100}, "actions": []}
    assert league.push(tokens["T1"], unplayed)["held"] == 0
    assert league.push(tokens["T1"], body)["status"] == "finished"
    with league.db.tx() as tx:
        assert tx.all("SELECT local_id FROM games") == [(game,)]
