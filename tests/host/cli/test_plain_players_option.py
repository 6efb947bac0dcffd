"""`play fits|forbes --plain --players`: a name with a space is refused, not split into
extra players; names by commas or spaces; the header names the rule options."""

import io

import pytest

from boardlight.cli import main


@pytest.mark.parametrize("game", ["fits", "forbes"])
def test_a_name_with_a_space_is_refused_not_two_players(game, monkeypatch, capsys):
    # "Mary Ann,Bob" is two players by the commas; it used to start a 3-player game
    # (Mary, Ann, Bob). The cores refuse names with spaces (records are space-separated).
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", game, "--plain", "--players", "Mary Ann,Bob", "--seed", "1"]) == 2
    captured = capsys.readouterr()
    assert "'Mary Ann'" in captured.err
    assert "Mary, Ann" not in captured.out


@pytest.mark.parametrize("players", ["Ann,Bob", "Ann Bob", "Ann, Bob"])
def test_fits_names_by_commas_or_spaces(players, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "fits", "--plain", "--players", players, "--seed", "1"]) == 0
    assert "Playing FITS game #1 for Ann, Bob, seed 1." in capsys.readouterr().out


@pytest.mark.parametrize("players", ["Ann,Bob,Cy", "Ann Bob Cy"])
def test_forbes_names_by_commas_or_spaces(players, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "forbes", "--plain", "--players", players, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Playing Forbes game #1 for Ann, Bob, Cy, seed 1." in out
    assert "To play: Ann" in out  # Ann deals and plays first
    assert "> Ann     0\n  Bob     0\n  Cy      0" in out  # three players, Ann to play


def test_forbes_plain_header_fits_80_columns_and_names_the_options(monkeypatch, capsys):
    # The header was one 101-column line ("Options: centre_also_square=False, ...").
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "forbes", "--plain", "--players", "Ann,Bob", "--seed", "3",
                 "--centre-also-square", "--target", "50"]) == 0
    out = capsys.readouterr().out
    assert out.split("\n")[:2] == [
        "Playing Forbes game #1 for Ann, Bob, seed 3.",
        "Options: centre also square on, target score 50.",
    ]
    assert all(len(line) <= 80 for line in out.split("\n")[:2])


def test_forbes_end_of_game_lines_say_when_a_pattern_is_paid_once():
    # With pay_once_per_player a row of squares pays a holder of 3 square cards 2 points,
    # printed as "S x3 cards = 2"; per card (the default) it is "S x3 cards = 6".
    from boardcore.forbes.rules import Options
    from boardcore.forbes.score import score_board

    from boardlight.render.text.forbes import score_lines

    board = "SSSS" + "TCXT" + "CXTC" + "XTCX"
    hands = ["SSST", "SCXX"]
    once = score_lines(["Ann", "Bob"], hands, score_board(board, hands, Options(pay_once_per_player=True)))
    assert once == [
        "Ann holds S S S T  (square, square, square, triangle): 2 points",
        "    row0         row      S 3 cards, paid once = 2",
        "Bob holds S C X X  (square, circle, star, star): 2 points",
        "    row0         row      S x1 card = 2",
    ]
    each = score_lines(["Ann", "Bob"], hands, score_board(board, hands, Options()))
    assert each[:2] == [
        "Ann holds S S S T  (square, square, square, triangle): 6 points",
        "    row0         row      S x3 cards = 6",
    ]
