"""The `boardlight league` commands and `play --league`, as a director and a table type
them, against `boardlight league serve` on SQLite."""

import os
import subprocess
import sys

import pytest

from boardlight.store.gamelog import Store
from league_helpers import LeagueServer

pytestmark = pytest.mark.processes


def _run(*args, env=None, check=True):
    done = subprocess.run([sys.executable, "-m", "boardlight.cli", *args], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, env=env)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.fixture
def server(tmp_path):
    served = LeagueServer(str(tmp_path / "league.sqlite3"), tmp_path).start()
    yield served
    served.stop()


def _director(server):
    return dict(os.environ, BOARDLIGHT_DIRECTOR_TOKEN=server.director)


def test_a_director_sets_up_a_night_and_a_table_plays_its_game(server, tmp_path):
    env = _director(server)
    token = _run("league", "table", "T1", "--server", server.url, env=env).stdout.strip()
    assert token.startswith("blt_")
    assert _run("league", "tournament", "--server", server.url, "--name", "Night", "--game", "zatre",
                "--rounds", "1", "--tables", "T1", env=env).stdout == "1\n"
    assert _run("league", "enter", "--server", server.url, "--tournament", "1", "Ann", "Bob",
                env=env).stdout == "Ann plays from round 1\nBob plays from round 1\n"
    assert _run("league", "pair", "--server", server.url, "--tournament", "1",
                env=env).stdout == "Round 1\n  table 1: Ann, Bob\n"
    log = tmp_path / "t1.sqlite3"
    _run("league", "join", server.url, token, "--db", str(log))
    out = _run("play", "zatre", "--players", "Ann=cpu:1,Bob=cpu:2", "--seed", "5", "--plain", "--no-device",
               "--league", server.url, "--db", str(log)).stdout
    assert "The league at %s has all of game 1." % server.url in out
    standings = _run("league", "standings", "--server", server.url, "--tournament", "1").stdout.splitlines()
    with Store(log, readonly=True) as store:
        ann, bob = [p for p, _ in store.scores(1)["total"]]
    winner = "Ann" if ann > bob else "Bob"
    assert standings[1].split()[:3] == ["1", winner, "1"]
    assert _run("league", "push", "--db", str(log)).stdout == "nothing to push: no league game waits in %s\n" % log


def test_a_game_the_league_refuses_is_not_started(server, tmp_path):
    env = _director(server)
    token = _run("league", "table", "T1", "--server", server.url, env=env).stdout.strip()
    _run("league", "tournament", "--server", server.url, "--name", "Night", "--game", "zatre",
         "--rounds", "1", "--tables", "T1", env=env)
    _run("league", "enter", "--server", server.url, "--tournament", "1", "Ann", "Bob", env=env)
    _run("league", "pair", "--server", server.url, "--tournament", "1", env=env)
    log = tmp_path / "t1.sqlite3"
    _run("league", "join", server.url, token, "--db", str(log))
    done = _run("play", "zatre", "--players", "Ann=cpu:1,Cy=cpu:2", "--plain", "--no-device",
                "--league", server.url, "--db", str(log), check=False)
    assert done.returncode == 2
    assert ("error: the league %s refuses this game: refused: this game (zatre: Ann, Cy) is not the one table T1"
            " plays now: Night round 1: Ann, Bob (zatre); no game was started" % server.url) in done.stderr
    with Store(log, readonly=True) as store:
        assert store.games() == []


@pytest.mark.parametrize("args, error", [
    (["league", "table", "T1", "--server", "http://127.0.0.1:9"],
     "error: the director's commands need the director's token in $BOARDLIGHT_DIRECTOR_TOKEN"),
    (["league", "join", "club:8750", "blt_x"], "error: a league server is http://HOST:PORT (or https://...), not 'club:8750'"),
    (["play", "zatre", "--league", "ftp://x", "--plain"], "a league server is http://HOST:PORT"),
])
def test_bad_league_input_says_what_is_wrong(args, error, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "BOARDLIGHT_DIRECTOR_TOKEN"}
    env["BOARDLIGHT_DB"] = str(tmp_path / "games.sqlite3")
    done = _run(*args, env=env, check=False)
    assert done.returncode == 2 and error in done.stderr


def test_the_director_commands_say_when_the_league_is_out_of_reach():
    env = dict(os.environ, BOARDLIGHT_DIRECTOR_TOKEN="bld_x")
    done = _run("league", "pair", "--server", "http://127.0.0.1:9", "--tournament", "1", env=env, check=False)
    assert done.returncode == 1 and "error: no answer from the league at http://127.0.0.1:9" in done.stderr
