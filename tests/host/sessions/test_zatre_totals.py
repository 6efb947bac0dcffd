"""The Zatre total kept in the game log: the score sheet's during play, with the held
tiles subtracted only when the game is over (docs/rules.md: the tiles a player still holds
and could not place at the end count against them)."""

from boardlight.sessions.zatre import ZatreSession
from boardlight.store.gamelog import Store
from session_scripts import SCRIPTS, play_out


def test_mid_game_total_is_the_sheet_and_the_end_subtracts_held_tiles(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        s = ZatreSession.start(store, ["Ann", "Bob"], 7)
        s.act(SCRIPTS["zatre"](s))                       # one turn: Ann plays, Bob holds a hand
        game = s.core
        (part, totals, details), = s.score_lines()
        assert not game.over and any(game.hand(p) for p in range(2))
        assert totals == [game.sheets[0].total(), game.sheets[1].total()]
        assert [d["held"] for d in details] == [game.hand(0), game.hand(1)]
        play_out(s)
        (part, totals, details), = s.score_lines()
        assert game.over
        assert totals == [game.sheets[p].total() - sum(game.hand(p)) for p in range(2)]


def test_a_long_score_sheet_comes_in_pages_with_its_total_in_the_panel(tmp_path):
    from boardlight.tui.zatre import ZatreView

    with Store(tmp_path / "log.sqlite3") as store:
        s = ZatreSession.start(store, ["Ann", "Bob"], 7)
        sheet = s.core.sheets[0]
        for _ in range(14):
            sheet.add((1, 0, 0), 0)  # 14 rows, each a single 10 (1 point, no bonus)
        sheet.add((0, 2, 4), 0)      # row 1 gets its 11 and 12: 1 + 2 + 4 + bonus 3 = 10
        view = ZatreView(s)
        view.cmd_sheet(["Ann"])
        lines = view.peek.splitlines()
        view.cmd_sheet(["Ann", "2"])
        page = view.peek.splitlines()
    # Every row as it is on the sheet, from row 1, in pages of the panel's 12 lines; the
    # last ends with the total, 10 + 13 x 1 = 23.
    assert [line.split()[0] for line in lines[1:-1]] == [str(k) for k in range(1, 11)]
    assert lines[1].split() == ["1", "1", "2", "4", "3", "10"]
    assert lines[-1] == "more: 'sheet 1 2'" and len(lines) <= 12
    assert [line.split()[0] for line in page[1:-1]] == [str(k) for k in range(11, 15)]
    assert page[-1] == "sheet 23 (held tiles count at end)"  # mid-game: the hand is no penalty yet


def test_the_sheet_panel_subtracts_held_tiles_only_at_the_end(tmp_path):
    from boardlight.tui.zatre import ZatreView

    with Store(tmp_path / "log.sqlite3") as store:
        s = ZatreSession.start(store, ["Ann", "Bob"], 7)
        s.act(SCRIPTS["zatre"](s))
        view = ZatreView(s)
        view.cmd_sheet(["Bob"])                          # Bob holds the hand he just drew
        assert view.peek.splitlines()[-1] == "sheet %d (held tiles count at end)" % s.core.sheets[1].total()
        play_out(s)
        view.cmd_sheet(["Bob"])
        game = s.core
        assert view.peek.splitlines()[-1] == "sheet %d, held tiles -%d" % (
            game.sheets[1].total(), sum(game.hand(1)))
