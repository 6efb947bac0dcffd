"""Quick-tally FITS at the table: the keys (footer and `?`) give the tally entry itself for
the board being tallied, board 1 (full rows, open dots) or 2-4 (open dots, uncovered special
spaces). The key said "(? explains)" and `?` showed that same line again."""

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardlight.tui.fits import FitsView


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _help(view):
    view.handle("?")
    return view.peek


def test_tally_keys_name_the_entry_for_each_board(store):
    session = FitsSession.start(store, ["Ann"], 5, {"scoring": "tally", "boards": [1, 2]})
    view = FitsView(session)
    # Before the first deal: round 1 is on board 1.
    assert "tally P ROWS DOTS" in view.keys_text()
    assert "tally P ROWS DOTS round end, e.g. tally 1 8 4" in _help(view)
    assert "? explains" not in _help(view)
    for _ in range(17):                      # deal, then the 16 cards
        view.handle("")
    assert session.core.phase == "tally"
    assert "tally P ROWS DOTS" in view.keys_text()
    # docs/rules.md's reported board-1 round: 8 full rows, 4 open dots = 4.
    view.handle("tally 1 8 4")
    assert session.core.round_scores[0][0]["total"] == 4
    # Between rounds the keys already give board 2's entry, and so does the tally phase.
    assert session.core.phase == "deal"
    assert "tally P DOTS R,C..: open dots, uncovered specials" in view.keys_text()
    for _ in range(17):
        view.handle("")
    assert session.core.phase == "tally"
    assert "tally P DOTS R,C.. open dots, uncovered specials" in _help(view)
    # The key lines still fit the footer's two lines of 78 columns.
    lines = view.keys_text().split("\n")
    assert len(lines) == 2 and all(len(line) <= 78 for line in lines)
