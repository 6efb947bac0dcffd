"""The same seed plays the same Forbes match on CPython and on MicroPython (96 KB heap):
the deals, the stones and so the scores agree, game by game."""

import json

import pytest

from conftest import run_on

SCRIPT = """
import json
from boardcore.forbes.match import Match
from boardcore.forbes.rules import Options

match = Match(["Ann", "Bob", "Cy", "Dee"], Options(target_score=40), seed=31)
out = []
while not match.over:
    game = match.start_game()
    while not game.over:
        seat = game.current
        stone = game.draw(seat)
        # each symbol to its own row while there is room, else the first empty cell
        row = "STCX".index(stone)
        cells = [row * 4 + c for c in range(4) if game.board[row * 4 + c] == "."]
        i = cells[0] if cells else game.board.index(".")
        game.place(seat, i // 4, i % 4)
    hands = game.all_hands()
    match.end_game()
    out.append([game.dealer, hands, game.board, match.history[-1][1]])
print(json.dumps([out, match.totals, [r["place"] for r in match.ranking()]]))
"""


def _run(interpreter, tmp_path):
    script = tmp_path / "forbes_match.py"
    script.write_text(SCRIPT)
    proc = run_on(interpreter, script)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("interpreter", ["micropython", "micropython-96k"])
def test_a_seeded_match_is_the_same_on_micropython(interpreter, tmp_path):
    expected = _run("cpython", tmp_path)
    games, totals, places = expected
    assert len(games) >= 2 and max(totals) >= 40  # a real match, ended by the target
    assert _run(interpreter, tmp_path) == expected
