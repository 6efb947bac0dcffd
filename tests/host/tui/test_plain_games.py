"""The line-based games (tui.plain) as a player reads them at an 80-column terminal, and the
Zatre sheets shown mid-game."""

import pytest

from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from boardlight.tui.view import view_for
from tui_helpers import plain_game


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _zatre_output(store, seed, inputs):
    session = session_class("zatre").start(store, ["Ann", "Bob"], seed)
    _, said = plain_game(session, inputs)
    return session.core, said


def test_sheets_mid_game_do_not_charge_the_hand_as_a_penalty(store):
    # Seed 3: Ann starts with 1 3 4 on the first turn (three tiles just drawn). Held tiles
    # are subtracted only at the end of the game, so her sheet reads 0, not "-8".
    game, said = _zatre_output(store, 3, ["sheet Ann", "quit"])
    assert game.hand(0) == [1, 3, 4] and not game.over
    sheet = said[said.index("Showing Ann's score sheet.") + 1].split("\n")
    assert sheet[-1] == "sheet 0 (held tiles count at end)"


def _long_lines(text):
    return [line for line in text.split("\n") if len(line) > 80]


@pytest.mark.parametrize("game,players", [("fits", ["Ann"]), ("zatre", ["Ann"]),
                                          ("forbes", ["Ann", "Bob"])])
def test_help_texts_fit_an_80_column_terminal(store, game, players):
    session = session_class(game).start(store, players, 1)
    _, said = plain_game(session, ["help", "quit"])
    assert _long_lines("\n".join(said)) == []
    view = view_for(session)
    assert _long_lines("\n".join(view.help_lines() + view.legend_lines())) == []


def test_zatre_first_turn_prompt_fits_an_80_column_terminal(store):
    _, said = _zatre_output(store, 3, ["quit"])
    text = "\n".join(said)
    assert "To move: Ann  hand 1 3 4, place 3" in text and "Zatre #1 · turn 1 · bag 118" in text
    assert said[-1] == ("? Ann: place 3 of 1 3 4 as VALUE@ROW,COL ... (first turn: one on the"
                        " red square\n7,7)\n> ")
    assert _long_lines(text) == []


def test_a_hint_page_that_is_not_a_number_says_so(store):
    # 'hint x' and 'hint 0' are refused with the entry that works; 'hint' lists turns.
    _, said = _zatre_output(store, 3, ["hint x", "hint 0", "hint", "quit"])
    assert said.count("'hint', or 'hint N' for page N of a long hint") == 2
    hint = said[said.index("Hint for Ann shown.") + 1].split("\n")
    listed = [line for line in hint if line.startswith("  1@7,7 ")]
    assert len(listed) == 4  # the four best turns


def test_four_fits_boards_fit_an_80_column_terminal(store):
    # Four boards side by side were 92 columns: an 80-column terminal wrapped every row.
    from boardcore.fits.board import Board
    from boardcore.fits.layouts import empty_layout

    from boardlight.render.text.fits import board_lines, side_by_side

    boards = [Board() for _ in range(4)]
    boards[3].drop("O4", 1, 5)
    text = side_by_side([board_lines(b, empty_layout()) for b in boards], ["Ann", "Bob", "Cy", "Dee"])
    lines = text.split("\n")
    assert _long_lines(text) == []
    # Ann, Bob and Cy in a first band of 14 lines (titles, rows 12..1, column numbers),
    # a blank line, then Dee's board with her O4 in columns 5-6 of rows 1-2.
    assert lines[0].split() == ["Ann", "Bob", "Cy"]
    assert lines[14] == ""
    assert lines[15] == "Dee"
    assert lines[-2].split() == ["1", ".", ".", ".", ".", "O4", "O4"]
    assert lines[-4].split() == ["3", ".", ".", ".", ".", ".", "."]
    # Two boards still sit side by side on one band.
    two = side_by_side([board_lines(b, empty_layout()) for b in boards[:2]], ["Ann", "Bob"])
    assert two.split("\n")[0].split() == ["Ann", "Bob"] and len(two.split("\n")) == 14
    # The line-based game draws its boards with the same renderer, within 80 columns.
    session = session_class("fits").start(store, ["Ann", "Bob", "Cy", "Dee"], 1, {"boards": [3]})
    _, said = plain_game(session, ["", "quit"])
    text = "\n".join(said)
    assert _long_lines(text) == [] and "-5" in text  # board 3's values keep their sign
