"""The solo titles are for a solo game of all four boards: a shorter solo game gets its
score without a title, and every front end says why in the core's words."""

import pytest

from boardcore.fits.game import Game
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from tui_helpers import plain_game

ONE_BOARD = ("no solo rating: the titles are for a solo game of all four boards, and this game"
             " had board 1 only")


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _set_aside_everything(game):
    # Start tile at column 4 (every start tile is at most 3 wide), every card set aside.
    while game.phase != "over":
        game.start_round()
        for p in game.players:
            game.place(p, game.start_tile(p), 1, 4)
        while game.phase == "cards":
            tile = game.turn_card()
            for p in game.waiting():
                game.set_aside(p, tile)
        game.finish_round()


@pytest.mark.parametrize("boards", [[1, 2, 3, 4], [4, 2, 3, 1]])
def test_a_solo_game_of_all_four_boards_earns_a_title(boards):
    g = Game(["Ann"], seed=8, boards=boards)
    _set_aside_everything(g)
    assert g.totals()["Ann"] <= 5
    assert g.solo_rating() == "clean-up crew" and g.no_title_reason() is None


@pytest.mark.parametrize("boards, had", [([1], "board 1"), ([2, 4], "boards 2 and 4"),
                                         ([3, 1, 2], "boards 1, 2 and 3")])
def test_a_shorter_solo_game_has_a_score_and_no_title(boards, had):
    g = Game(["Ann"], seed=8, boards=boards)
    _set_aside_everything(g)
    assert g.solo_rating() is None
    assert g.no_title_reason() == ("the titles are for a solo game of all four boards, and this"
                                   " game had %s only" % had)


def test_a_game_of_two_has_no_solo_title():
    g = Game(["Ann", "Bob"], seed=8)
    assert g.solo_rating() is None
    assert g.no_title_reason() == "the titles are for a solo game, and this game had 2 players"


def test_terminal_game_on_fewer_boards_says_why_there_is_no_title(store):
    # One 5-cell tile on board 1 leaves 67 open dots and no full row: -67 (Enter turns
    # each of the 16 cards; Ann sets each aside).
    session = FitsSession.start(store, ["Ann"], 8, {"boards": [1]})
    status, said = plain_game(session, ["", "1 4"] + ["", "pass"] * 16)
    assert status == "finished" and session.core.totals() == {"Ann": -67}
    text = " ".join(said).replace("\n", " ")
    assert "total: Ann -67; " + ONE_BOARD in text
    assert "winner" not in text and "clean-up crew" not in text


def test_session_summary_on_fewer_boards(store):
    # Tally: board 1 with 8 full rows and 4 open dots: 4 points (a round reported by players).
    s = FitsSession.start(store, ["Solo"], 8, {"scoring": "tally", "boards": [1]})
    s.act({"type": "deal"})
    for _ in range(16):
        s.act({"type": "turn"})
    s.act({"type": "tally", "seat": 0, "open_dots": 4, "full_rows": 8})
    assert s.summary_lines()[-2:] == ["total: Solo 4", ONE_BOARD]


def test_session_summary_on_all_four_boards(store):
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
