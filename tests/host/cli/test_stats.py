"""`boardlight stats` and the ratings on a small log whose every figure is worked out by
hand below; `history` shows how each game moved the ratings; an undone game leaves them."""

import json
import math

import pytest

from boardlight.cli import main
from boardlight.store import gamelog
from boardlight.store.gamelog import Store

# The Plackett-Luce update of openskill (Weng-Lin) for players new to a game: mu 25,
# sigma 25/3, beta 25/6, so sigma^2 = 69.44 and c^2 = sum over the players of sigma^2 +
# beta^2 = 86.81 each. With equal means each p is 1 over the players not ahead.
SIGMA2, BETA2 = (25 / 3) ** 2, (25 / 6) ** 2


def _step(n):
    return SIGMA2 / math.sqrt(n * (SIGMA2 + BETA2))


# Two players: the winner gains sigma^2/c * (1 - 1/2), the loser loses as much: 27.64, 22.36.
TWO = (25 + _step(2) / 2, 25 - _step(2) / 2)
# Three: first +sigma^2/c * 2/3, second * (-1/3 + 1/2), third * (-1/3 - 1/2): 27.87 25.72 21.41.
THREE = (25 + _step(3) * 2 / 3, 25 + _step(3) / 6, 25 - _step(3) * 5 / 6)


def _finished(store, monkeypatch, when, game, rows, options=None):
    """A finished game with the result rows [(name, points, place, detail)], at `when`."""
    monkeypatch.setattr(gamelog, "_now", lambda: when)
    gid = store.new_game(game, [r[0] for r in rows], 1, options or {})
    store.set_status(gid, "finished", results=[(seat, n, p, pl, d) for seat, (n, p, pl, d)
                                               in enumerate(rows)])
    return gid


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "log.sqlite3"
    with Store(path) as store:
        # 1 Zatre, 1 March: Ann 30 beats Bob 20.
        _finished(store, monkeypatch, "2025-03-01 20:00:00.000000", "zatre", [
            ("Ann", 30, 1, {"turns": 10, "sheet": 30, "rows": 1, "bonus": 3, "doublings": 2}),
            ("Bob", 20, 2, {"turns": 10, "sheet": 20, "rows": 0, "bonus": 0, "doublings": 1})])
        # 2 Zatre, 2 March: 12 each, a shared win.
        _finished(store, monkeypatch, "2025-03-02 20:00:00.000000", "zatre", [
            ("Ann", 12, 1, {"turns": 5, "sheet": 12, "rows": 0, "bonus": 0, "doublings": 0}),
            ("Bob", 12, 1, {"turns": 6, "sheet": 12, "rows": 1, "bonus": 4, "doublings": 1})])
        # 3 FITS, 2 March, boards 1 and 2: Ann 10, Bob -5, Cy 4.
        _finished(store, monkeypatch, "2025-03-02 22:00:00.000000", "fits", [
            ("Ann", 10, 1, {"rounds": [[1, 6], [2, 4]]}),
            ("Bob", -5, 3, {"rounds": [[1, -2], [2, -3]]}),
            ("Cy", 4, 2, {"rounds": [[1, 4], [2, 0]]})])
        # 4 FITS alone, 3 March, all four boards: Ann 12 ("landscaper", 11 to 15).
        _finished(store, monkeypatch, "2025-03-03 20:00:00.000000", "fits", [
            ("Ann", 12, 1, {"rounds": [[1, 3], [2, 3], [3, 3], [4, 3]]})])
        # 5 Forbes, 4 March: Bob 40, Ann 25.
        _finished(store, monkeypatch, "2025-03-04 20:00:00.000000", "forbes", [
            ("Bob", 40, 1, {"patterns": {"row": 2, "square": 1}, "games": 3, "games_won": 2}),
            ("Ann", 25, 2, {"patterns": {"row": 1}, "games": 3, "games_won": 1})])
    return path


def _stats(capsys, db, *args):
    assert main(["stats", "--json", "--db", str(db)] + list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_the_figures_of_a_small_log(db, capsys):
    data = _stats(capsys, db)
    assert data["games"] == 5
    zatre = data["by_game"]["zatre"]["players"]
    ann, bob = zatre["Ann"], zatre["Bob"]
    # Ann: a win and a shared win in 2 games: 100 %; (30 + 12) / 2 = 21; 42 points in 15
    # turns: 2.8 a turn.
    assert (ann["played"], ann["wins"], ann["shared_wins"], ann["win_rate"]) == (2, 1, 1, 1.0)
    assert (ann["average"], ann["best"], ann["worst"]) == (21.0, 30, 12)
    assert (ann["turns"], ann["points_per_turn"], ann["rows"], ann["bonus"],
            ann["doublings"]) == (15, 2.8, 1, 3, 2)
    # Bob: the shared win only: 1 of 2; 32 points in 16 turns: 2.0.
    assert (bob["wins"], bob["shared_wins"], bob["win_rate"], bob["average"]) == (0, 1, 0.5, 16.0)
    assert (bob["points_per_turn"], bob["rows"], bob["bonus"], bob["doublings"]) == (2.0, 1, 4, 2)
    fits = data["by_game"]["fits"]["players"]
    # Ann: the 3-player game and the solo one; the solo counts for the scores, not the
    # wins. Board 1: (6 + 3) / 2 = 4.5; board 2: (4 + 3) / 2 = 3.5; boards 3 and 4: 3.
    assert (fits["Ann"]["played"], fits["Ann"]["solo"], fits["Ann"]["wins"],
            fits["Ann"]["win_rate"]) == (2, 1, 1, 1.0)
    assert fits["Ann"]["average"] == 11.0
    assert fits["Ann"]["per_board"] == {"1": 4.5, "2": 3.5, "3": 3.0, "4": 3.0}
    assert fits["Ann"]["solo_games"] == [{"game": 4, "date": "2025-03-03", "total": 12,
                                          "title": "landscaper"}]
    assert fits["Bob"]["per_board"] == {"1": -2.0, "2": -3.0} and fits["Bob"]["win_rate"] == 0.0
    forbes = data["by_game"]["forbes"]["players"]
    assert forbes["Bob"]["patterns"] == {"row": 2, "square": 1} and forbes["Bob"]["wins"] == 1
    assert (forbes["Ann"]["match_games"], forbes["Ann"]["match_games_won"]) == (3, 1)


def test_the_ratings_are_plackett_luce_worked_out_by_hand(db, capsys):
    data = _stats(capsys, db, "--until", "2025-03-02")  # games 1 to 3
    zatre = data["by_game"]["zatre"]["players"]
    # Game 1 moves them to 27.64 and 22.36; game 2, the tie, draws them together again.
    fits = data["by_game"]["fits"]["players"]
    assert fits["Ann"]["rating"]["mu"] == round(THREE[0], 2) == 27.87
    assert fits["Cy"]["rating"]["mu"] == round(THREE[1], 2) == 25.72
    assert fits["Bob"]["rating"]["mu"] == round(THREE[2], 2) == 21.41
    assert zatre["Ann"]["rating"]["games"] == 2
    assert 25 < zatre["Ann"]["rating"]["mu"] < round(TWO[0], 2)
    one = _stats(capsys, db, "--until", "2025-03-01")
    assert one["by_game"]["zatre"]["players"]["Ann"]["rating"]["mu"] == round(TWO[0], 2) == 27.64
    assert one["by_game"]["zatre"]["players"]["Bob"]["rating"]["mu"] == round(TWO[1], 2) == 22.36
    # A game alone rates nobody: Ann's FITS rating is from game 3 alone.
    assert data["by_game"]["fits"]["players"]["Ann"]["rating"]["games"] == 1
    assert _stats(capsys, db)["by_game"]["fits"]["players"]["Ann"]["rating"]["games"] == 1


def test_filters_by_player_game_and_day(db, capsys):
    data = _stats(capsys, db, "--player", "Cy")
    assert data["games"] == 1 and list(data["by_game"]) == ["fits"]
    assert list(data["by_game"]["fits"]["players"]) == ["Cy"]
    data = _stats(capsys, db, "--game", "zatre", "--since", "2025-03-02")
    assert data["games"] == 1 and data["by_game"]["zatre"]["players"]["Ann"]["average"] == 12.0
    # A rating counts every game before the range too: game 1 moved Ann's.
    assert data["by_game"]["zatre"]["players"]["Ann"]["rating"]["games"] == 2
    assert _stats(capsys, db, "--since", "2025-03-05")["games"] == 0
    assert main(["stats", "--since", "2025-3-x", "--db", str(db)]) == 2
    assert "a day is YYYY-MM-DD" in capsys.readouterr().err


def test_the_text_and_the_charts(db, capsys, tmp_path):
    assert main(["stats", "--db", str(db), "--svg", str(tmp_path / "svg")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("5 finished games: FITS 2, Zatre 2, Forbes 1\n")
    assert "  Ann alone, 2025-03-03 (game 4): 12, landscaper" in out
    assert "  Ann: 15 turns, 2.80 points a turn, 1 sheet row completed, 3 bonus points," \
           " 2 doublings" in out
    assert "  Ann, average per board: board 1 4.5, board 2 3.5, board 3 3.0, board 4 3.0" in out
    names = sorted(p.name for p in (tmp_path / "svg").iterdir())
    assert names == ["stats-fits-scores.svg", "stats-fits-spread.svg", "stats-forbes-scores.svg",
                     "stats-forbes-spread.svg", "stats-zatre-scores.svg", "stats-zatre-spread.svg"]
    chart = (tmp_path / "svg" / "stats-zatre-scores.svg").read_text()
    assert chart.count('class="point"') == 4 and 'data-player="Ann"' in chart
    spread = (tmp_path / "svg" / "stats-zatre-spread.svg").read_text()
    # Ann's 12 and 30 and Bob's 12 and 20, in bins of 5: four bars of one score each.
    assert spread.count('data-count="1"') == 4


def test_history_shows_how_each_game_moved_the_ratings(db, capsys):
    assert main(["history", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = [line for line in lines if line.split()[:2] == ["1", "zatre"]][0]
    assert first.endswith("ratings Ann 25.0 -> 27.6, Bob 25.0 -> 22.4")
    solo = [line for line in lines if line.split()[:2] == ["4", "fits"]][0]
    assert "ratings" not in solo


def test_a_game_undone_after_its_end_leaves_the_ratings(tmp_path, capsys):
    from boardlight.sessions.registry import session_class
    from session_scripts import play_out

    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        session = session_class("zatre").start(store, ["Ann", "Bob"], 3)
        play_out(session)
        assert main(["stats", "--json", "--db", str(db)]) == 0
        before = json.loads(capsys.readouterr().out)
        assert before["games"] == 1
        session.undo("terminal")  # the last turn: the game is being played again
        assert main(["stats", "--json", "--db", str(db)]) == 0
        assert json.loads(capsys.readouterr().out) == {"games": 0, "by_game": {}}
