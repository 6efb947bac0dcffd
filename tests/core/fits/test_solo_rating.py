"""The solo rating is for a solo game of all four boards (docs/rules.md); a shorter game
gets its total without a title, and says why. Nobody "wins" a solo game."""

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from tui_helpers import plain_game


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_terminal_solo_game_on_fewer_boards_says_why_it_has_no_rating(store):
    # Start tile placed at column 4 (every start tile is at most 3 wide), every card set
    # aside (Enter turns each of the 16; the pass of Ann's own start tile is refused): one
    # 5-cell tile on board 1 leaves 67 open dots and no full row: -67.
    session = FitsSession.start(store, ["Ann"], 8, {"boards": [1]})
    status, said = plain_game(session, ["", "1 4"] + ["", "pass"] * 16)
    assert status == "finished" and session.core.totals() == {"Ann": -67}
    text = " ".join(said).replace("\n", " ")
    assert ("total: Ann -67; no solo rating: it is for a solo game of all four boards"
            " (this one had 1)") in text
    assert "winner" not in text and "clean-up crew" not in text


def test_session_summary_solo_rating_on_fewer_boards(store):
    # Tally: board 1 with 8 full rows and 4 open dots: 4 points (RULES.md's reported round).
    s = FitsSession.start(store, ["Solo"], 8, {"scoring": "tally", "boards": [1]})
    s.act({"type": "deal"})
    for _ in range(16):
        s.act({"type": "turn"})
    s.act({"type": "tally", "seat": 0, "open_dots": 4, "full_rows": 8})
    lines = s.summary_lines()
    assert lines[-2:] == ["total: Solo 4", "no solo rating: it is for a solo game of all"
                                           " four boards (this one had 1)"]


def test_session_summary_solo_rating_on_all_four_boards(store):
    # Every round a tally of 8 full rows and 4 open dots on board 1, then nothing
    # uncovered and 7 open dots: 4, -7, -7 (board 4: five pairs covered, 0), -7.
    s = FitsSession.start(store, ["Solo"], 8, {"scoring": "tally", "boards": [1, 2, 3, 4]})
    tallies = [{"open_dots": 4, "full_rows": 8}] + [{"open_dots": 7, "uncovered": []}] * 3
    for tally in tallies:
        s.act({"type": "deal"})
        for _ in range(16):
            s.act({"type": "turn"})
        s.act(dict({"type": "tally", "seat": 0}, **tally))
    assert s.finished()
    assert s.summary_lines()[1:] == ["total: Solo -17", "solo rating: clean-up crew"]
