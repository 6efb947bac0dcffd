"""The league's web app: tokens, refusals that say what was wrong, exports and pages that
show names as typed (markup included) and a spreadsheet cannot run."""

import csv
import http.client
import io
import json
from urllib.parse import urlsplit

import pytest

from league_helpers import ServedLeague, director_setup, play_game, push_body


class Answer:
    def __init__(self, status, body):
        self.status_code = status
        self.text = body.decode("utf-8")

    def json(self):
        return json.loads(self.text)


class Client:
    """Plain HTTP requests to the served app, bodies sent exactly as given."""

    def __init__(self, url):
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port

    def _send(self, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            if response.getheader("content-type", "").startswith("text/event-stream"):
                return Answer(response.status, b"")
            return Answer(response.status, response.read())
        finally:
            conn.close()

    def get(self, path):
        return self._send("GET", path)

    def post(self, path, json=None, content=None, headers=None):
        import json as _json

        body = content if content is not None else _json.dumps(json).encode()
        return self._send("POST", path, body, dict(headers or {}, **{"Content-Type": "application/json"}))


@pytest.fixture
def app(league_url):
    with ServedLeague(league_url) as served:
        yield Client(served.url), served.league, served.director


def _auth(token):
    return {"Authorization": "Bearer %s" % token}


def test_admin_calls_need_the_directors_token(app):
    client, league, director = app
    for headers in ({}, _auth("bld_wrong"), _auth("")):
        answer = client.post("/api/tables", json={"name": "T1"}, headers=headers)
        assert answer.status_code == 401
        assert answer.json() == {"error": "this needs the tournament director's token"}
    answer = client.post("/api/tables", json={"name": "T1"}, headers=_auth(director))
    assert answer.status_code == 201 and answer.json()["token"].startswith("blt_")
    # A table's token is no director's.
    table = answer.json()["token"]
    assert client.post("/api/tables", json={"name": "T2"}, headers=_auth(table)).status_code == 401


@pytest.mark.parametrize("body, status, error", [
    (b"not json", 400, "the body is not JSON"),
    (b"[]", 400, "a push is a JSON object with `game` and `actions`"),
    (b'{"game": {"id": "7"}, "actions": []}', 400, "game: 'id' is missing or not a int"),
    (b'{"game": {"id": 1, "game": "chess"}, "actions": []}', 400, "game: 'chess' is not one of fits, zatre, forbes"),
    (b'{"game": {"id": 1, "game": "zatre", "seed": 1180591620717411303424}, "actions": []}', 400,
     "game: seed 1180591620717411303424 is not a seed of a table's log"),
    (b"[" * 200_000, 400, "the body is nested too deep to be a push or a request"),
])
def test_a_malformed_push_is_refused_saying_what_is_wrong(app, body, status, error):
    client, league, director = app
    token = league.add_table("T1")
    answer = client.post("/api/push", content=body, headers=_auth(token))
    assert answer.status_code == status
    assert answer.json()["error"].startswith(error)


def test_a_game_number_past_any_log_is_refused_not_failed(app):
    client, league, director = app
    token = league.add_table("T1")
    answer = client._send("GET", "/api/held?game=9999999999999999999", headers=_auth(token))
    assert answer.status_code == 400 and answer.json()["error"] == "held?game=N: N is the table's game number"


def test_a_body_larger_than_any_push_is_refused_unread(app):
    client, league, director = app
    token = league.add_table("T1")
    answer = client.post("/api/push", content=b"x" * (4 * 1024 * 1024 + 1), headers=_auth(token))
    assert answer.status_code == 413


def test_an_unknown_tournament_is_a_404_on_every_page(app):
    client, league, director = app
    for path in ("/api/t/9", "/t/9", "/t/9/print", "/t/9/results.csv", "/api/t/9/events", "/t/abc"):
        assert client.get(path).status_code == 404, path


def test_names_that_look_like_markup_show_as_typed(app, tmp_path):
    client, league, director = app
    evil = "<img src=x onerror=alert(1)>"
    league.add_table(evil)
    tid = league.new_tournament(dict(name="<b>Cup</b>", game="zatre", system="swiss", rounds=1, tables=[evil]))
    league.enter(tid, {"name": "Ann", "nation": "<script>x()</script>", "city": evil})
    league.enter(tid, {"name": "Bob"})
    league.pair_next(tid)
    for path in ("/t/%d" % tid, "/t/%d/print" % tid, "/"):
        page = client.get(path).text
        assert "<img" not in page and "<b>" not in page and "<script>x" not in page, path
    page = client.get("/t/%d" % tid).text
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and "&lt;b&gt;Cup&lt;/b&gt;" in page


def test_an_entrant_is_a_name_a_game_can_seat(app):
    client, league, director = app
    tid, _ = director_setup(league, [], ["T1"], rounds=1)
    answer = client.post("/api/t/%d/entrants" % tid, json={"name": "Ann Lee"}, headers=_auth(director))
    assert answer.status_code == 400
    assert answer.json()["error"] == ("player name 'Ann Lee' may only use letters (of any script), digits,"
                                      " '_' and '-', in one word: not ' '")


def test_the_csv_export_holds_every_seat_and_no_formula(app, tmp_path):
    client, league, director = app
    tid, tokens = director_setup(league, ["-Ann", "Bob"], ["T1"], rounds=1)
    league.pair_next(tid)
    log = tmp_path / "t1.sqlite3"
    game = play_game(log, ["-Ann=cpu:1", "Bob=cpu:1"], seed=5)
    points = league.push(tokens["T1"], push_body(log, game))
    assert points["status"] == "finished"
    rows = list(csv.reader(io.StringIO(client.get("/t/%d/results.csv" % tid).text)))
    games = [r for r in rows if r and r[0] == "game"]
    assert [r[4] for r in games] == ["'-Ann", "Bob"]
    view = league.view(tid)
    assert [int(r[5]) for r in games] == view["rounds"][0]["tables"][0]["points"]
    assert client.get("/t/%d/results.json" % tid).json()["standings"] == view["standings"]
    # The club rankings over the one game: its winner first.
    winner = max(zip(view["rounds"][0]["tables"][0]["points"], ["-Ann", "Bob"]))[1]
    assert client.get("/api/rankings").json()["zatre"][0]["name"] == winner
    assert client.get("/rankings?season=1999").text.count("No finished game yet.") == 1
