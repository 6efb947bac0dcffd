"""Forbes: the table view's entries once the match is over."""

import pytest

from boardlight.sessions.forbes import ForbesSession
from boardlight.store.gamelog import Store
from boardlight.tui.forbes import ForbesView
from boardlight.tui.view import ViewError


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def test_a_cell_typed_after_the_match_ended_says_the_match_is_over(store):
    # Target 1: the first game that pays anyone anything ends the match.
    session = ForbesSession.start(store, ["Ann", "Bob"], 31, {"target_score": 1})
    view = ForbesView(session)
    while not session.core.over:
        if session.core.game is None:
            view.handle("")  # deal the next game
            continue
        i = session.core.game.board.index(".")
        view.handle("%d %d" % (i // 4, i % 4))
    with pytest.raises(ViewError) as err:
        view.handle("0 0")
    # Not "press Enter to deal the next one": there is no next game.
    assert "the match is over" in str(err.value) and "deal" not in str(err.value)
    assert "ranking: 1." in str(err.value)
