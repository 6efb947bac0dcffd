"""Final review: the worked example in boardcore.fits.game's docstring is what the core
does (issue 2: a docstring claim must be true)."""

import re

from boardcore.fits import game as fits_game
from boardcore.fits.game import Game


def test_fits_game_docstring_example_runs_as_written():
    doc = fits_game.__doc__
    assert 'Game(["Ann", "Bob"], seed=7)' in doc
    starts = re.search(r'start_round\(\)\s+# -> \[("[^"]+"), ("[^"]+")\]', doc)
    claimed = [starts.group(1).strip('"'), starts.group(2).strip('"')]
    g = Game(["Ann", "Bob"], seed=7)
    assert g.start_round() == claimed
    # Each start tile placed as the docstring places it: it must be that player's tile.
    for name, tile, o, c in re.findall(r'g\.place\("(\w+)", "(\w+)", (\d), (\d)\)', doc):
        assert g.place(name, tile, int(o), int(c)) == 1  # an empty board: row 1
    assert g.phase == "cards"
