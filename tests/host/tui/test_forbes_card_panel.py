"""Forbes card panel in a long match: whose turn and the stone drawn stay on top, then the
latest games that fit (6 lines beside the device's mirror). It kept the last 8 lines, so from
game 7 on the turn and the stone were dropped, and beside the mirror the newest games were
the ones cut off."""

import pytest

from boardlight.sessions.forbes import ForbesSession
from boardlight.store.gamelog import Store
from boardlight.tui.forbes import ForbesView
from session_scripts import SCRIPTS


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _games_played(store, n):
    session = ForbesSession.start(store, ["Ann", "Bob"], 21, {"target_score": 25})
    while len(session.core.history) < n:
        session.act(SCRIPTS["forbes"](session))
    session.act(SCRIPTS["forbes"](session))  # game n+1: deal
    session.act(SCRIPTS["forbes"](session))  # its first stone drawn
    return session


def test_turn_and_stone_stay_on_top_of_a_long_match(store):
    session = _games_played(store, 9)
    game = session.core.game
    assert game is not None and game.stone is not None
    view = ForbesView(session)
    history = ["game %d: Ann %d, Bob %d" % (n, a, b)
               for n, (_dealer, (a, b)) in enumerate(session.core.history, 1)]
    lines = view.card_text().splitlines()
    assert lines[0] == "To play: %s" % session.players[game.current]
    assert lines[1].startswith("Stone drawn: ")
    # 8 lines without a known panel: 2 + a summary line + the last 5 games.
    assert lines[2:] == ["games 1-4: in boardlight show"] + history[4:]
    view.card_lines = 6  # beside the device's mirror
    lines = view.card_text().splitlines()
    assert len(lines) == 6 and all(len(line) <= 36 for line in lines[2:])
    assert lines[2:] == ["games 1-6: in boardlight show"] + history[6:]
