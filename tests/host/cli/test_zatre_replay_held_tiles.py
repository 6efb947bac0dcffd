"""`boardlight replay zatre`: held tiles cost only at the end.
Mid-game (tests/host/cli/test_zatre_commands.py) a hand is what was drawn for the next turn and costs
nothing; at the end the tiles still held are subtracted."""

import json

from boardcore.zatre.board import coords
from boardcore.zatre.game import Game
from boardcore.zatre.hint import legal_turns
from boardcore.zatre.record import format_record

from boardlight.cli import main


def _first_legal_game(seed):
    # Always the first legal turn the generator lists; seed 28 ends with Bob holding a 6
    # that fits nowhere (found by playing seeds 0.. this way).
    g = Game(["Ann", "Bob"], seed=seed)
    while not g.over:
        if g.must_place() == 0:
            g.play([])
            continue
        steps = next(iter(legal_turns(g.board, g.hand(), g.first_turn, g.strict)))[0]
        g.play([coords(i) + (v,) for i, v in steps])
    return g


def test_a_finished_game_subtracts_the_tiles_held_at_the_end(tmp_path, capsys):
    g = _first_legal_game(28)
    assert g.hand(0) == [] and g.hand(1) == [6]
    path = tmp_path / "game.txt"
    path.write_text(format_record(g))
    assert main(["replay", "zatre", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True
    ann, bob = out["players"]
    assert ann["held"] == [] and ann["penalty"] == 0 and ann["score"] == ann["sheet"]["total"]
    assert bob["held"] == [6] and bob["penalty"] == 6
    assert bob["score"] == bob["sheet"]["total"] - 6
    assert [ann["score"], bob["score"]] == g.final_scores()


def test_mid_game_the_hand_is_listed_but_costs_nothing(tmp_path, capsys):
    g = Game(["Ann", "Bob"], seed=28)
    steps = next(iter(legal_turns(g.board, g.hand(), True, False)))[0]
    g.play([coords(i) + (v,) for i, v in steps])
    path = tmp_path / "game.txt"
    path.write_text(format_record(g))
    assert main(["replay", "zatre", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is False
    for p, player in enumerate(out["players"]):
        assert player["held"] == g.hand(p)
        assert player["penalty"] == 0 and player["score"] == player["sheet"]["total"]
    assert out["players"][1]["held"] != []  # Bob holds the two tiles drawn for turn 2
