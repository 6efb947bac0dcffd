"""Rounds as the director runs them: pairing waits for the last round to lock, late entries
and withdrawals take effect from the next round, tables of 3 and more play Forbes, and the
club rankings are the openskill ratings of the league's games."""

import pytest

from boardlight.league.push import LeagueError
from boardlight.league.rankings import rankings
from league_helpers import director_setup, final_points, play_game, push_body, push_whole


def test_the_next_round_waits_until_every_table_of_the_last_has_ended(league, tmp_path):
    tid, tokens = director_setup(league, ["Ann", "Bob", "Cy", "Dee"], ["T1", "T2"], rounds=2)
    league.pair_next(tid)
    log = tmp_path / "t1.sqlite3"
    league.push(tokens["T1"], push_body(log, play_game(log, ["Ann=cpu:1", "Bob=cpu:1"], seed=1)))
    with pytest.raises(LeagueError) as refused:
        league.pair_next(tid)
    assert refused.value.status == 409
    assert str(refused.value) == "round 1 is still being played: its results are not all in"
    log2 = tmp_path / "t2.sqlite3"
    league.push(tokens["T2"], push_body(log2, play_game(log2, ["Cy=cpu:1", "Dee=cpu:1"], seed=2)))
    assert league.view(tid)["rounds"][0]["status"] == "locked"
    assert league.pair_next(tid)["round"] == 2
    with pytest.raises(LeagueError) as refused:
        league.pair_next(tid)
    assert "round 2 is still being played" in str(refused.value)


def test_a_late_entry_and_a_withdrawal_count_from_the_next_round(league, tmp_path):
    tid, tokens = director_setup(league, ["Ann", "Bob", "Cy", "Dee"], ["T1", "T2"], rounds=2)
    league.pair_next(tid)
    assert league.enter(tid, {"name": "Eve"}) == {"name": "Eve", "joined": 2}
    assert league.withdraw(tid, "Dee") == {"name": "Dee", "withdrawn": 2}
    for no, (table, names) in enumerate((("T1", ["Ann", "Bob"]), ("T2", ["Cy", "Dee"])), 1):
        log = tmp_path / ("t%d.sqlite3" % no)
        game = play_game(log, ["%s=cpu:1" % n for n in names], seed=no)
        league.push(tokens[table], push_body(log, game))
    seating = league.pair_next(tid)
    seated = sorted(sum(seating["tables"], []) + seating["byes"])
    assert seated == ["Ann", "Bob", "Cy", "Eve"]
    view = league.view(tid)
    dee = next(s for s in view["standings"] if s["name"] == "Dee")
    assert dee["withdrawn"] is True and dee["games"] == 1  # the game played stays


def test_a_forbes_table_of_three_scores_each_opponent_beaten(league, tmp_path):
    tid, tokens = director_setup(league, ["Ann", "Bob", "Cy"], ["T1"], game="forbes", rounds=1)
    assert league.pair_next(tid)["tables"] == [["Ann", "Bob", "Cy"]]
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["Ann=cpu:1", "Bob=cpu:1", "Cy=cpu:1"], seed=4, game="forbes")
    # A Forbes match is thousands of actions: pushed in batches, as a table's outbox does.
    assert push_whole(league, tokens["T1"], log, game)["status"] == "finished"
    points = dict(zip(["Ann", "Bob", "Cy"], final_points(log, game)))
    for s in league.view(tid)["standings"]:
        mine = points[s["name"]]
        others = [p for n, p in points.items() if n != s["name"]]
        # 1 for each opponent outscored, 1/2 for each equal; the differences summed.
        assert s["match_points"] == sum(1.0 if mine > p else 0.5 if mine == p else 0.0 for p in others)
        assert s["score_difference"] == sum(mine - p for p in others)


def test_club_rankings_are_openskill_over_the_leagues_games_by_season(league, tmp_path):
    for season, names, seed in (("2025", ["Ann", "Bob"], 1), ("2026", ["Ann", "Cy"], 2)):
        table = "T" + season
        token = league.add_table(table)
        tid = league.new_tournament(dict(name="Night " + season, game="zatre", system="swiss", rounds=1,
                                         tables=[table], season=season))
        for name in names:
            league.enter(tid, {"name": name})
        league.pair_next(tid)
        log = tmp_path / (table + ".sqlite3")
        game = play_game(log, ["%s=cpu:1" % names[0], "%s=cpu:2" % names[1]], seed=seed)
        league.push(token, push_body(log, game))
        ann, other = final_points(log, game)
        assert ann != other
    # One game of a season: Plackett-Luce from mu 25, sigma 25/3 (beta 25/6): c = sqrt(2 *
    # (sigma^2 + beta^2)) = 13.176, each side's chance 1/2, so the winner gains sigma^2 / c
    # * 1/2 = 2.635 and the loser loses as much.
    only = rankings(league.finished_games("2025"))["zatre"]
    assert [(r["place"], r["rating"], r["games"]) for r in only] == [(1, 27.64, 1), (2, 22.36, 1)]
    both = rankings(league.finished_games())["zatre"]
    assert sorted(r["name"] for r in both) == ["Ann", "Bob", "Cy"]
    assert next(r for r in both if r["name"] == "Ann")["games"] == 2
