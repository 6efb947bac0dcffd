"""`boardlight play GAME --web`, `play --resume --web` and `--web-lan`: the links of every
page as text and as a QR code; the pages work while the table runs and act through the
table's own writer; no listener at all without --web."""

import json
import re

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from boardlight.web.links import qr_text
from boardlight.web.server import WebServer

from web_helpers import request


@pytest.fixture
def runs(monkeypatch, capsys):
    """The full-screen UI replaced by one that opens every page printed so far and makes a
    move from the Forbes player's page whose turn it is, as a phone would while the table
    runs."""
    from boardlight.tui import app as tui_app

    done = []

    def run_table(session, port=None, no_device=False, direct=None, table=None):
        out = capsys.readouterr().out
        urls = re.findall(r"http://\S+/t/\S+/", out)
        opened = [request(url)[0] for url in urls]
        move = None
        if session.GAME == "forbes" and table is not None:
            status, _h, body = request(urls[session.core.game.current] + "act",
                                       {"seen": table.seq, "move": {"kind": "draw"}}, "POST")
            move = (status, json.loads(body)["ok"])
        done.append({"game": session.GAME, "table": table, "urls": urls, "opened": opened,
                     "move": move, "out": out})
        return session.row.status

    monkeypatch.setattr(tui_app, "run_table", run_table)
    return done


def test_play_web_prints_every_link_and_its_qr_code_and_the_pages_work(tmp_path, runs):
    db = str(tmp_path / "log.sqlite3")
    assert main(["play", "forbes", "--players", "Ann,Bob", "--no-device", "--web",
                 "--db", db]) == 0
    run, = runs
    assert len(run["urls"]) == 3 and run["opened"] == [200, 200, 200]
    assert "this computer only (127.0.0.1" in run["out"]
    for label, url in zip(("seat 1, Ann", "seat 2, Bob", "spectators"), run["urls"]):
        assert "%s: %s" % (label, url) in run["out"]
        assert qr_text(url) in run["out"]
    assert run["move"] == (200, True)
    with Store(db) as store:
        assert [kind for _s, kind, _d in store.actions(1)] == ["deal", "draw"]
    # Once the table is left, nothing listens any more.
    assert request(run["urls"][0])[0] is None


def test_play_resume_web_gives_new_links(tmp_path, runs):
    db = str(tmp_path / "log.sqlite3")
    with Store(db) as store:
        session_class("zatre").start(store, ["Ann", "Bob"], 5)
    assert main(["play", "--resume", "--web", "--no-device", "--db", db]) == 0
    assert main(["play", "zatre", "--resume", "--web", "--no-device", "--db", db]) == 0
    first, second = runs
    assert first["game"] == second["game"] == "zatre"
    assert first["opened"] == second["opened"] == [200, 200, 200]
    assert not set(first["urls"]) & set(second["urls"])


def test_web_lan_says_so_and_listens_on_the_network(tmp_path, runs, monkeypatch):
    monkeypatch.setattr("boardlight.web.links.lan_addresses", lambda: [])
    hosts = []
    start = WebServer.start

    def recording_start(self, *a, **kw):
        hosts.append(self.host)
        return start(self, *a, **kw)

    monkeypatch.setattr(WebServer, "start", recording_start)
    db = str(tmp_path / "log.sqlite3")
    assert main(["play", "fits", "--players", "Ann", "--no-device", "--web-lan",
                 "--db", db]) == 0
    run, = runs
    assert hosts == ["0.0.0.0"]
    assert "listen on the LOCAL NETWORK (--web-lan)" in run["out"]
    assert "THIS-COMPUTER" in run["out"]


def test_no_listener_without_web(tmp_path, runs, monkeypatch):
    def refuse(self, *a, **kw):
        raise AssertionError("a web server was started")

    monkeypatch.setattr(WebServer, "start", refuse)
    db = str(tmp_path / "log.sqlite3")
    assert main(["play", "forbes", "--players", "Ann,Bob", "--no-device", "--db", db]) == 0
    run, = runs
    assert run["urls"] == [] and run["table"] is None


def test_web_is_not_for_the_plain_game(tmp_path, runs, capsys):
    db = str(tmp_path / "log.sqlite3")
    assert main(["play", "zatre", "--plain", "--web", "--db", db]) == 2
    assert runs == []


def test_web_before_the_game_is_refused_not_dropped(tmp_path, runs, capsys):
    assert main(["play", "--web", "fits", "--db", str(tmp_path / "log.sqlite3")]) == 2
    assert runs == []
