"""A game night over three games: `night start`, each `play` joining it (seated as the
night suggests), the standings with rank points worked out by hand, `night show` as text,
JSON and SVG, `night end`; and what the table shows when a game of the night ends."""

import json

from boardlight.cli import main
from boardlight.store.gamelog import Store


def _finished(store, game, rows):
    gid = store.new_game(game, [r[0] for r in rows], 1, {})
    store.set_status(gid, "finished", results=[(seat, n, p, pl, {}) for seat, (n, p, pl)
                                               in enumerate(rows)])
    return gid


def test_three_games_make_the_standings(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    assert main(["night", "start", "Friday", "--players", "Ann,Bob,Cy", "--points", "3,2,1",
                 "--db", str(db)]) == 0
    assert "Game night Friday is on for Ann, Bob, Cy" in capsys.readouterr().out
    with Store(db) as store:
        night = store.night_on()
        # FITS: Ann 10 first (3); Bob and Cy tie for second and share 2 + 1: 1.5 each.
        a = _finished(store, "fits", [("Ann", 10, 1), ("Bob", 5, 2), ("Cy", 5, 2)])
        # Zatre: Bob 3, Cy 2, Ann 1.
        b = _finished(store, "zatre", [("Bob", 30, 1), ("Cy", 20, 2), ("Ann", 10, 3)])
        # Forbes: Cy and Ann tie first and share 3 + 2: 2.5 each; Bob 1.
        c = _finished(store, "forbes", [("Cy", 40, 1), ("Ann", 40, 1), ("Bob", 0, 3)])
        for gid in (a, b, c):
            store.join_night(night.id, gid)
    assert main(["night", "show", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    # Ann 3 + 1 + 2.5 = 6.5, Cy 1.5 + 2 + 2.5 = 6, Bob 1.5 + 3 + 1 = 5.5.
    assert [(e["name"], e["rank_points"], e["games"], e["wins"]) for e in data["standings"]] == [
        ("Ann", 6.5, 3, 2), ("Cy", 6, 3, 1), ("Bob", 5.5, 3, 1)]
    assert [g["id"] for g in data["games"]] == [a, b, c]
    assert [s["rank_points"] for s in data["games"][0]["players"]] == [3, 1.5, 1.5]
    # Three games started: the first seat has gone round once.
    assert data["next_seats"] == ["Ann", "Bob", "Cy"]
    assert main(["night", "show", "--db", str(db), "--svg", str(tmp_path / "svg")]) == 0
    out = capsys.readouterr().out
    assert "  Ann       6.5     3    2" in out
    assert "  game %d, forbes: 1. Cy 40 (+2.5), 1. Ann 40 (+2.5), 3. Bob 0 (+1)" % c in out
    svg = (tmp_path / "svg" / ("night-%d.svg" % data["id"])).read_text()
    assert svg.count('class="bar"') == 3 and 'data-points="6.5"' in svg
    assert main(["night", "end", "--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith("Game night Friday has ended.")
    assert main(["night", "end", "--db", str(db)]) == 1
    assert "no game night is on" in capsys.readouterr().err


def test_only_one_night_at_a_time_and_bad_points_are_refused(tmp_path, capsys):
    db = str(tmp_path / "log.sqlite3")
    assert main(["night", "start", "A", "--players", "Ann,Bob", "--db", db]) == 0
    assert main(["night", "start", "B", "--players", "Ann,Bob", "--db", db]) == 1
    assert "game night 'A' is still on: `boardlight night end` ends it" in capsys.readouterr().err
    assert main(["night", "start", "C", "--players", "Ann", "--points", "3,x", "--db", db]) == 2
    assert "rank points are whole numbers" in capsys.readouterr().err


def test_each_play_joins_the_night_seated_in_turn(tmp_path, monkeypatch, capsys):
    from boardlight.tui import app as tui_app
    from session_scripts import play_out

    db = str(tmp_path / "log.sqlite3")
    played = []

    def run_table(session, port=None, no_device=False, direct=None):
        played.append(list(session.players))
        play_out(session)
        return session.row.status

    monkeypatch.setattr(tui_app, "run_table", run_table)
    assert main(["night", "start", "Friday", "--players", "Ann,Bob,Cy", "--db", db]) == 0
    for game in ("fits", "zatre", "forbes"):
        extra = ["--boards", "1"] if game == "fits" else (
            ["--target", "20"] if game == "forbes" else [])
        assert main(["play", game, "--no-device", "--seed", "4", "--db", db] + extra) == 0
    assert played == [["Ann", "Bob", "Cy"], ["Bob", "Cy", "Ann"], ["Cy", "Ann", "Bob"]]
    out = capsys.readouterr().out
    assert out.count("is part of game night Friday") == 3
    with Store(db) as store:
        night = store.night_on()
        assert len(night.games) == 3
        from boardlight.stats.night import standings

        data = standings(store, night)
        # Default points 5, 3, 2, 1: three players share 5 + 3 + 2 = 10 in each game.
        assert sum(e["rank_points"] for e in data["standings"]) == 30
        assert all(g["status"] == "finished" for g in data["games"])


def test_the_end_of_a_game_of_the_night_shows_ratings_standings_and_seats(tmp_path):
    from boardlight.sessions.registry import session_class
    from boardlight.stats.closing import closing_lines
    from session_scripts import play_out

    with Store(tmp_path / "log.sqlite3") as store:
        store.start_night("Friday", ["Ann", "Bob"], [3, 1])
        night = store.night_on()
        session = session_class("zatre").start(store, ["Ann", "Bob"], 3)
        store.join_night(night.id, session.row.id)
        assert closing_lines(session) == []  # while it is played
        play_out(session)
        winner = session.core.winners()
        lines = closing_lines(session)
        # Two new players: the winner goes to 27.6, the other to 22.4 (tests/host/cli/
        # test_stats.py works it out).
        first, second = ("Ann", "Bob") if winner == [0] else ("Bob", "Ann")
        assert lines[0].startswith("Ratings: ")
        assert "%s 25.0 -> 27.6" % first in lines[0] and "%s 25.0 -> 22.4" % second in lines[0]
        assert lines[1] == "Night Friday after 1 game: %s 3, %s 1" % (first, second)
        assert lines[2] == "Next game's seats: Bob, Ann"


def test_a_table_ui_shows_the_closing_lines_when_the_game_ends(tmp_path):
    import asyncio

    from boardlight.sessions.registry import session_class
    from boardlight.tui.app import TableApp

    with Store(tmp_path / "log.sqlite3") as store:
        session = session_class("fits").start(store, ["Ann", "Bob"], 5, {"boards": [1],
                                                                          "scoring": "tally"})
        from session_scripts import SCRIPTS

        while True:
            action = SCRIPTS["fits"](session)
            if action["type"] == "tally" and len(session.core.waiting()) == 1:
                break
            session.act(action)
        app = TableApp(session)
        seen = {}

        async def main_():
            async with app.run_test(size=(80, 24)):
                app.enter("tally %d 8 6" % (session.core.players.index(
                    session.core.waiting()[0]) + 1))
                seen["peek"] = app.view.peek

        asyncio.run(main_())
    assert session.row.status == "finished"
    assert seen["peek"].startswith("Ratings: Ann 25.0 -> ")


def test_a_huge_player_count_for_a_night_is_refused_at_once(tmp_path, capsys):
    # A count makes the names P1..Pn: a count no game takes is refused before any is made.
    assert main(["night", "start", "Friday", "--players", "99999999",
                 "--db", str(tmp_path / "log.sqlite3")]) == 2
    assert "no game here takes 99999999 players (the most is 6, in Zatre)" in capsys.readouterr().err
