"""Who gets in: a page opens only with its own token (at least 128 bits, new for every game),
anything else answers the same 403 and learns nothing; the answers carry the headers a
local app's pages need; a spectators' page cannot move; a page of another site cannot use
a token; the tokens never reach the game log or an exported record."""

import json
import re

import pytest

from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.registry import resume_session
from boardlight.sessions.table import Table
from boardlight.store.gamelog import Store
from boardlight.web.access import TOKEN_BYTES, Access
from boardlight.web.server import WebServer

from web_helpers import links, request, served

FORBIDDEN = b"403 forbidden\n"


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as log:
        yield log


def token_of(url):
    return re.search(r"/t/([^/]+)/", url).group(1)


def test_tokens_are_long_random_and_new_for_every_game():
    assert TOKEN_BYTES * 8 >= 128
    first, second = Access(["Ann", "Bob"]), Access(["Ann", "Bob"])
    tokens = [t for t, _a in first.pages()] + [t for t, _a in second.pages()]
    assert len(set(tokens)) == 6 and all(len(t) >= 22 for t in tokens)
    assert [a.key for _t, a in first.pages()] == ["seat 1", "seat 2", "spectator"]


def test_without_a_valid_token_every_path_and_method_is_the_same_403(store):
    with served(store, "forbes", ["Ann", "Bob"], 7) as (_table, web):
        base = "http://127.0.0.1:%d" % web.port
        real = token_of(links(web)["seat 1, Ann"])
        wrong = real[:-1] + ("A" if real[-1] != "A" else "B")
        for path in ("/", "/favicon.ico", "/t/", "/t/%s/" % wrong, "/t/%s" % wrong,
                     "/t/%s/state" % wrong, "/t/%s/app.js" % wrong, "/t/%s/live" % wrong,
                     "/t/%s/act" % wrong, "/t/%s/../%s/" % (wrong, real[:8]), "/state"):
            for method, data in (("GET", None), ("POST", {"seen": 1, "move": {"kind": "draw"}}),
                                 ("DELETE", None)):
                status, headers, body = request(base + path, data, method)
                assert (status, body) == (403, FORBIDDEN), (path, method)
                assert headers["Cache-Control"] == "no-store"
        assert store.actions(1)[-1][1] == "deal"  # nothing was drawn


def test_a_page_and_its_files_open_with_its_token_and_carry_the_headers(store):
    with served(store, "forbes", ["Ann", "Bob"], 7) as (_table, web):
        url = links(web)["seat 1, Ann"]
        for path, kind in (("", "text/html"), ("app.js", "text/javascript"),
                           ("style.css", "text/css"), ("state", "application/json")):
            status, headers, body = request(url + path)
            assert status == 200 and headers["Content-Type"].startswith(kind), path
            csp = headers["Content-Security-Policy"]
            assert "default-src 'none'" in csp and "script-src 'self'" in csp
            assert "frame-ancestors 'none'" in csp and "http" not in csp
            assert headers["Cache-Control"] == "no-store"
            assert headers["X-Content-Type-Options"] == "nosniff"
            assert headers["Referrer-Policy"] == "no-referrer"
        page = request(url)[2].decode()
        # Everything from the package: no address of another site in the page or its files.
        for path in ("", "app.js", "style.css"):
            text = request(url + path)[2].decode()
            assert not re.search(r"(src|href)=\"(https?:)?//", text), path
            assert "@import" not in text and "url(http" not in text
        assert 'src="app.js"' in page and 'href="style.css"' in page
        assert request(url[:-1])[0] == 200  # without its slash: redirected to the page
        assert request(url + "nothing.txt")[0] == 404


def test_the_spectators_page_cannot_move(store):
    with served(store, "forbes", ["Ann", "Bob"], 7) as (table, web):
        url = links(web)["spectators"]
        status, _h, body = request(url + "act", {"seen": 1, "move": {"kind": "draw"}}, "POST")
        assert status == 403 and "moves are made on a player's own page" in json.loads(body)["refused"]
        assert table.seq == 1


def test_another_sites_page_cannot_use_a_token(store):
    with served(store, "forbes", ["Ann", "Bob"], 7) as (table, web):
        url = links(web)["seat 1, Ann"]
        status, _h, body = request(url + "act", {"seen": 1, "move": {"kind": "draw"}}, "POST",
                                   {"Origin": "http://evil.example"})
        assert (status, body) == (403, FORBIDDEN) and table.seq == 1
        status, _h, body = request(url + "act", {"seen": 1, "move": {"kind": "draw"}}, "POST",
                                   {"Origin": "http://127.0.0.1:%d" % web.port})
        assert status == 200 and json.loads(body)["ok"] and table.seq == 2


def test_a_seat_moves_only_for_itself(store):
    with served(store, "forbes", ["Ann", "Bob"], 7) as (table, web):
        # Ann (seat 1) is to play; Bob's page asks to draw: the core refuses it.
        status, _h, body = request(links(web)["seat 2, Bob"] + "act",
                                   {"seen": 1, "move": {"kind": "draw", "seat": 0}}, "POST")
        answer = json.loads(body)
        assert status == 409 and answer["refused"] == "it is Ann's turn, not Bob's"
        assert "Your page, Bob" in answer["html"] and table.seq == 1


def test_bad_requests_are_refused_with_a_sentence(store):
    with served(store, "forbes", ["Ann", "Bob"], 7) as (table, web):
        act = links(web)["seat 1, Ann"] + "act"
        for data, status, words in ((b"not json", 400, "a move is JSON"),
                                    ({"seen": 1}, 400, "a move is"),
                                    (b"x" * 9000, 413, "a move is a few dozen bytes"),
                                    ({"seen": 1, "move": {"kind": "fly"}}, 409,
                                     "a Forbes page draws, places, deals or shows its cards"),
                                    ({"seen": 0, "move": {"kind": "draw"}}, 409,
                                     "moved on in the game log")):
            got, _h, body = request(act, data, "POST")
            assert got == status and words in json.loads(body)["refused"], data
        assert table.seq == 1 and not web.errors


def test_an_old_games_token_opens_nothing(store):
    with served(store, "forbes", ["Ann", "Bob"], 7, port=0) as (_table, web):
        old = links(web)
        port = web.port
    # The next game, and the same game resumed, on the same port: new tokens.
    for session in (ForbesSession.start(store, ["Ann", "Bob"], 7), resume_session(store, 1)):
        with WebServer(Table(session), port=port) as web:
            for label, url in old.items():
                assert request(url)[:3:2] == (403, FORBIDDEN), label
            assert all(request(url)[0] == 200 for url in links(web).values())


def test_the_tokens_never_reach_the_log_or_a_record(store, tmp_path):
    with served(store, "forbes", ["Ann", "Bob"], 7) as (table, web):
        tokens = [token_of(url) for url in links(web).values()]
        act = links(web)["seat 1, Ann"] + "act"
        assert request(act, {"seen": 1, "move": {"kind": "draw"}}, "POST")[0] == 200
        assert request(act, {"seen": 2, "move": {"kind": "place", "row": 0, "col": 0}},
                       "POST")[0] == 200
        record = table.session.record_text()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    for token in tokens:
        assert token not in record and token.encode() not in raw


def test_the_pages_listen_on_this_computer_unless_told(store):
    with served(store, "forbes", ["Ann", "Bob"], 7) as (_table, web):
        assert web.host == "127.0.0.1" and not web.lan
        assert all(url.startswith("http://127.0.0.1:%d/t/" % web.port)
                   for url in links(web).values())
    with served(store, "forbes", ["Ann", "Bob"], 7, host="0.0.0.0") as (_table, web):
        assert web.lan
        assert request("http://127.0.0.1:%d/" % web.port)[0] == 403


def test_the_live_socket_wants_the_token_and_the_pages_own_origin(store):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with served(store, "forbes", ["Ann", "Bob"], 7) as (table, web):
        live = links(web)["seat 2, Bob"].replace("http://", "ws://") + "live"
        with connect(live, origin="http://127.0.0.1:%d" % web.port) as socket:
            first = json.loads(socket.recv(timeout=5))
            assert first["seq"] == 1 and "Your page, Bob" in first["html"]
            table.act({"type": "draw", "seat": 0}, source="terminal")
            assert json.loads(socket.recv(timeout=5))["seq"] == 2
        for url, origin in ((live, "http://evil.example"),
                            (live.replace("/t/", "/t/x"), None)):
            with pytest.raises(InvalidStatus) as refused:
                connect(url, origin=origin).close()
            assert refused.value.response.status_code == 403
