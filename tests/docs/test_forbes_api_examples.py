"""Forbes: the calls docs/forbes-api.md shows exist with the names it gives."""

import inspect
import re
from pathlib import Path

from boardcore.forbes.game import Game
from boardcore.forbes.rules import Options

API = (Path(__file__).resolve().parents[2] / "docs" / "forbes-api.md").read_text()


def test_the_documented_play_keyword_is_the_real_one():
    shown = re.search(r"`game\.play\(seat, row, col, (\w+)=None\)`", API)
    assert shown, "docs/forbes-api.md no longer shows game.play"
    assert shown.group(1) in inspect.signature(Game.play).parameters
    # and the call works as the page says, at a real table (no random source)
    game = Game(["Ann", "Bob"], hands=["SSTC", "TCXX"], options=Options())
    assert game.play(0, 1, 2, **{shown.group(1): "T"}) == "T"
    assert game.board[6] == "T"
