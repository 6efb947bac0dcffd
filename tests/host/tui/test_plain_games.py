"""Final review of the line-based games (issues 2-4): what a player reads at an
80-column terminal, and the Zatre sheets shown mid-game."""

from boardcore.zatre.game import Game as ZatreGame

from boardlight.plain import fits as fits_terminal
from boardlight.plain import forbes as forbes_terminal
from boardlight.plain import zatre as zatre_terminal


def _zatre_output(seed, inputs):
    game = ZatreGame(["Ann", "Bob"], seed=seed)
    lines = iter(inputs)
    out = []
    zatre_terminal.play(game, read=lambda prompt: next(lines), write=out.append)
    return game, "\n".join(out)


def test_sheets_mid_game_do_not_charge_the_hand_as_a_penalty():
    # Seed 3: Ann starts with 1 3 4 on the first turn (three tiles just drawn). RULES.md
    # subtracts held tiles only at the end of the game, so her sheet reads "total 0",
    # not "held tiles 1 3 4: -8".
    game, text = _zatre_output(3, ["sheets", "quit"])
    assert game.hand(0) == [1, 3, 4] and not game.over
    assert "held tiles" not in text
    sheet = text[text.index("Ann's sheet:"):text.index("Bob's sheet:")]
    assert sheet.rstrip().endswith("  total 0")


def _long_lines(text):
    return [line for line in text.split("\n") if len(line) > 80]


def test_help_texts_fit_an_80_column_terminal():
    assert _long_lines(zatre_terminal.HELP) == []
    assert _long_lines(fits_terminal.HELP) == []
    assert _long_lines("\n".join(forbes_terminal.HELP)) == []


def test_zatre_first_turn_prompt_fits_an_80_column_terminal():
    _, text = _zatre_output(3, ["quit"])
    assert "Ann to move; tiles: 1 3 4; bag: 118; place 3" in text
    assert "(first turn: one on the red square (7,7))" in text
    assert _long_lines(text) == []


def test_hints_with_a_count_that_is_not_a_number_says_so():
    # 'hints x' silently showed 5 turns and 'hints 0' showed nothing at all.
    _, text = _zatre_output(3, ["hints x", "hints 0", "hints 2", "quit"])
    assert text.count("'hints N' for the N best") == 2
    listed = [line for line in text.split("\n") if line.startswith("  1@7,7 ")]
    assert len(listed) == 2  # only 'hints 2' lists turns


def test_four_fits_boards_fit_an_80_column_terminal():
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
