"""The Zatre total kept in the game log: the score sheet's during play, with the held
tiles subtracted only when the game is over (RULES.md: "the tiles a player still holds and
could not place at the end")."""

from boardlight.session_zatre import ZatreSession
from boardlight.store import Store
from test_session_scripts import SCRIPTS, play_out


def test_mid_game_total_is_the_sheet_and_the_end_subtracts_held_tiles(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        s = ZatreSession.start(store, ["Ann", "Bob"], 7)
        s.act(SCRIPTS["zatre"](s))                       # one turn: Ann plays, Bob holds a hand
        game = s.core
        (part, totals, details), = s.score_lines()
        assert not game.over and any(game.hand(p) for p in range(2))
        assert totals == [game.sheets[0].total(), game.sheets[1].total()]
        assert [d["held"] for d in details] == [game.held(0), game.held(1)]
        play_out(s)
        (part, totals, details), = s.score_lines()
        assert game.over
        assert totals == [game.sheets[p].total() - sum(game.held(p)) for p in range(2)]
