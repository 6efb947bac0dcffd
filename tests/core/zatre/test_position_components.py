"""A Zatre position holds no more than the game's components and its rules allow: 21 ones
and 20 of each other value, 121 tiles in all, a cross only for a tile on a grey square,
an entry no bigger than one turn can score. The refusal names the line."""

import pytest

from boardcore.errors import FormatError
from boardcore.zatre.game import Game
from boardcore.zatre.position import format_position, parse_position


def _position():
    game = Game(["Ann", "Bob"], seed=7)
    game.play([(7, 7, 2), (6, 7, 2), (7, 6, 4)])
    return format_position(game).split("\n")  # line k + 1 is element k


def _refusal(lines):
    with pytest.raises(FormatError) as caught:
        parse_position("\n".join(lines), "pos.txt")
    return str(caught.value)


def test_the_line_with_a_21st_six_is_named():
    lines = _position()
    # Twenty 6s beside each other would break the rules; the count comes first here.
    lines[10] = "....666666....."  # board row 4
    lines[11] = "....666666....."
    lines[12] = ".......2666666."
    lines[13] = "-.....42666...-"  # the 21st six, with Ann's 6 in hand: 22 of 20
    assert _refusal(lines) == "pos.txt:14: 21 tiles of value 6 on the board and in hands; the game has 20"


def test_a_hand_that_takes_one_tile_too_many_is_named():
    lines = _position()
    lines[10] = "....666666....."
    lines[11] = "....666666....."
    lines[12] = ".......2666666."
    lines[13] = "-.....4266....-"  # twenty 6s on the board; Ann's 6 is the 21st
    assert _refusal(lines) == "pos.txt:22: 21 tiles of value 6 on the board and in hands; the game has 20"


def test_a_bag_that_does_not_add_up_is_named_at_its_line():
    lines = _position()
    lines[4] = "bag: 117"
    assert _refusal(lines) == ("pos.txt:5: board and hands hold 5 tiles and the bag 117: together"
                               " they must make 121")


def test_a_cross_needs_a_tile_on_a_grey_square():
    lines = _position()
    lines[24] = "sheet Bob: crosses=1 10= 11= 12="
    assert _refusal(lines) == ("pos.txt:25: the sheets hold 1 crosses, but only 0 tiles stand on"
                               " grey squares (a cross is a tile on a grey square)")


def test_an_entry_bigger_than_a_turn_scores_is_named():
    lines = _position()
    lines[23] = "sheet Ann: crosses=0 10=5 11= 12="
    assert _refusal(lines) == ("pos.txt:24: sheet column 10: 5 points is more than one turn"
                               " scores there (at most 4)")
    lines[23] = "sheet Ann: crosses=0 10=4 11=8 12=16"
    assert parse_position("\n".join(lines), "pos.txt").sheets[0].e12 == [16]
