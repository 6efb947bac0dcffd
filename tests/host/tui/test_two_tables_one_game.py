"""Two tables on one game (a second `play --resume` in another terminal): the second one's
action is refused with a message that says the log moved on (it said "game 1: action 1
follows 1, expected 2"), nothing is written twice, and that table then shows the game as
logged."""

import pytest

from boardlight.sessions.fits import FitsSession
from boardlight.sessions.registry import resume_session
from boardlight.store.gamelog import Store, StoreError
from boardlight.tui.fits import FitsView


def test_the_second_table_is_told_and_catches_up(tmp_path):
    db = tmp_path / "log.sqlite3"
    with Store(db) as first_log, Store(db) as second_log:
        first = FitsSession.start(first_log, ["Ann"], 3, {})
        second = resume_session(second_log, first.row.id)
        first_view, second_view = FitsView(first), FitsView(second)
        assert first_view.handle("").startswith("Round 1 on board 1.")  # the deal
        with pytest.raises(StoreError, match="game 1 moved on in the game log .action 1 is "
                                             "already there: is another boardlight playing"):
            second_view.handle("")  # the same deal, from the stale table
        assert [seq for seq, _k, _d in first_log.actions(first.row.id)] == [1]
        # The second table now stands where the log does.
        assert second.seq == 1 and second.snapshot() == first.snapshot()
