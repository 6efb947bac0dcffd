"""`boardlight analyse GAME_NUMBER|RECORD_FILE`: each move beside the engine's choice and the
expected points it lost, with exact values on hand-built games (the engine tests'
positions, or the rules' own scoring as the judge), a summary per player and the chart."""

import io
import json

import pytest

from boardcore.fits.game import Game as FitsGame
from boardcore.fits.layouts import default_layout
from boardcore.fits.record import format_record as fits_record
from boardcore.fits.score import score_board
from boardcore.zatre.board import coords
from boardcore.zatre.game import Game as ZatreGame
from boardcore.zatre.hint import legal_turns
from boardcore.zatre.record import format_record as zatre_record
from boardlight.cli import main
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store

# Ann could complete the corners for her three square cards (30 points) and puts her
# square in the middle instead (tests/core/forbes/test_engine.py's corner position).
CORNERS_MISSED = ("forbes-match 1\nplayers Ann Bob Cy\ngame dealer Ann\n"
                  "hand Ann SSSX\nhand Bob TTCC\nhand Cy XXTC\n"
                  "move Ann S 0 0\nmove Bob S 0 3\nmove Cy S 3 0\nmove Ann S 1 1\n")


def _json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_forbes_the_missed_corners_cost_thirty_points(tmp_path, capsys):
    path = tmp_path / "match.txt"
    path.write_text(CORNERS_MISSED)
    out = _json(capsys, ["analyse", str(path), "--level", "1", "--json"])
    assert out["game"] == "forbes" and out["level"] == 1
    assert [m["where"] for m in out["moves"]] == ["game 1 stone %d" % k for k in (1, 2, 3, 4)]
    last = out["moves"][-1]
    assert last == {"player": "Ann", "where": "game 1 stone 4", "played": "1 1", "best": "3 3",
                    "played_value": 0.0, "best_value": 30.0, "loss": 30.0}
    assert all(m["loss"] == 0 for m in out["moves"][:3])  # nothing completes anything yet
    ann, bob, cy = out["players"]
    assert (ann["player"], ann["moves"], ann["expected_loss"]) == ("Ann", 2, 30.0)
    assert ann["costliest"] == [last] and bob["costliest"] == [] and cy["expected_loss"] == 0
    # In words, and at levels 4-5 said to be win shares, not points.
    assert main(["analyse", str(path), "--level", "1"]) == 0
    text = capsys.readouterr().out
    assert "game 1 stone 4   Ann     1 1                3 3                30.00" in text
    assert "  Ann: 2 moves, total expected loss 30.00; costliest: game 1 stone 4 1 1 (engine: 3 3) 30.00" in text
    assert main(["analyse", str(path), "--level", "4"]) == 0
    text = capsys.readouterr().out
    assert "values in WIN SHARES, not points" in text and "summary (expected loss in win shares)" in text


def _fits_game_with_a_bad_last_drop(seed):
    """A solo game on board 1: each card dropped at its first legal place, the 16th (to
    come after it: none, so every value is the final score) at its worst."""
    game = FitsGame(["Ann"], seed=seed, boards=[1])
    game.start_round()
    o, c, _ = game.legal_drops("Ann")[0]
    game.place("Ann", game.tile_to_place("Ann"), o, c)
    worst = None
    while game.phase == "cards":
        tile = game.turn_card()
        if "Ann" not in game.waiting():
            continue  # her start tile: skipped
        drops = game.legal_drops("Ann")
        if game.turned < 16:
            if drops:
                game.place("Ann", tile, drops[0][0], drops[0][1])
            else:
                game.set_aside("Ann", tile)
            continue
        board = game.board("Ann")
        scores = {}
        for o, c, _ in drops:
            b = board.copy()
            b.drop(tile, o, c)
            scores["%s %d %d" % (tile, o, c)] = score_board(b, default_layout(1))["total"]
        scores["%s pass" % tile] = score_board(board, default_layout(1))["total"]
        worst = min(scores, key=lambda k: (scores[k], k))
        best = max(scores.values())
        if worst.endswith("pass"):
            game.set_aside("Ann", tile)
        else:
            game.place("Ann", tile, int(worst.split()[1]), int(worst.split()[2]))
    return game, worst, scores[worst], best


def test_fits_the_last_card_loses_what_the_rules_score_says(tmp_path, capsys):
    for seed in range(1, 40):
        game, worst, played, best = _fits_game_with_a_bad_last_drop(seed)
        if best > played:
            break
    assert best > played
    path = tmp_path / "game.txt"
    path.write_text(fits_record(game))
    out = _json(capsys, ["analyse", str(path), "--level", "3", "--json"])
    last = out["moves"][-1]
    assert last["where"] == "round 1 card 16" and last["played"] == worst
    assert (last["played_value"], last["best_value"], last["loss"]) == (played, best, best - played)
    assert out["players"][0]["moves"] == 16  # the start tile and 15 cards (one is her start card)
    # The chart: one line, the costliest moves marked with what they lost.
    assert main(["analyse", str(path), "--level", "3", "--svg", str(tmp_path / "pics")]) == 0
    assert "wrote %s" % (tmp_path / "pics" / "fits-analysis.svg") in capsys.readouterr().out
    svg = (tmp_path / "pics" / "fits-analysis.svg").read_text()
    assert svg.count('class="player"') == 1 and 'data-player="Ann"' in svg
    costly = [m for m in out["players"][0]["costliest"]]
    assert 1 <= svg.count('class="costly"') == len(costly) <= 3
    assert 'data-loss="%s"' % ("%g" % round(costly[0]["loss"], 2)) in svg


def test_zatre_at_level_2_a_turn_loses_its_missing_points(tmp_path, capsys):
    # Level 2's values are the immediate points: the first turn played for fewer points than
    # the best legal turn loses the difference (the rules' legal turns are the judge).
    for seed in range(1, 60):
        game = ZatreGame(["Ann", "Bob"], seed)
        turns = list(legal_turns(game.board, game.hand(), True))
        top = max(t[2] for t in turns)
        low = [t for t in turns if t[2] < top]
        if top >= 2 and low:
            break
    played = low[0]
    first = game.players[game.current]
    game.play([coords(i) + (v,) for i, v in played[0]])
    path = tmp_path / "game.txt"
    path.write_text(zatre_record(game))
    out = _json(capsys, ["analyse", str(path), "--level", "2", "--json"])
    (move,) = out["moves"]
    assert move["where"] == "turn 1" and move["player"] == first
    assert (move["played_value"], move["best_value"], move["loss"]) == (played[2], top, top - played[2])
    assert move["played"] == " ".join("%d@%d,%d" % ((v,) + coords(i)) for i, v in played[0])


def test_a_stored_game_is_analysed_once_it_is_over(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "log.sqlite3")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "fits", "--players", "Ann,cpu:2", "--plain", "--boards", "1", "--seed", "3",
                 "--db", db]) == 0
    capsys.readouterr()
    assert main(["analyse", "1", "--db", db]) == 1
    assert "game 1 is still being played: analyse it when it is over" in capsys.readouterr().err
    with Store(db) as store:
        # Ann sets every card aside (her start tile goes to the first place it fits).
        session = FitsSession.start(store, ["Ann", "CPU2"], 3, {"boards": [1], "computers": {"CPU2": 2}})
        from boardlight.tui.plain import PlainTable

        def ask(prompt):
            if "Place your start tile" in prompt and "Ann" in prompt:
                tile = session.core.tile_to_place("Ann")
                o, c, _ = session.core.board("Ann").legal_drops(tile)[0]
                return "1 %d %d" % (o, c)
            if "'P pass'" in prompt and "Ann" in prompt.split(":")[0]:
                return "1 pass"
            return ""  # deal, turn the card, confirm the computer's move

        PlainTable(session, ask=ask, say=lambda _t: None, clear=lambda: None).run()
    # The computer's moves at its own level and seed lose nothing; Ann's passes do.
    out = _json(capsys, ["analyse", "last", "--level", "2", "--json", "--db", db])
    ann, cpu = out["players"]
    assert cpu["player"] == "CPU2" and cpu["expected_loss"] == 0 and cpu["moves"] == ann["moves"]
    assert ann["expected_loss"] > 0 and len(ann["costliest"]) == 3
    assert [m["loss"] for m in ann["costliest"]] == sorted((m["loss"] for m in ann["costliest"]), reverse=True)
    assert main(["analyse", "nonsense", "--db", db]) == 2
