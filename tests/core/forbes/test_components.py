"""Positions and records hold no more than the game's components: 12 stones of each
symbol, 5 cards of each symbol across the hands, 4 cards a hand, 2 to 5 players. The
refusal names the line that asks for one too many."""

import pytest

from boardcore.errors import FormatError
from boardcore.forbes.position import parse_position
from boardcore.forbes.record import parse_record, score_record

HEAD = "forbes-position 1\n"


def test_thirteen_stones_of_one_symbol_are_refused_at_the_board_line():
    text = HEAD + "board TTTT\n" * 3 + "board T...\nhand Ann TTSC\n"
    with pytest.raises(FormatError) as caught:
        parse_position(text, "pos.txt")
    assert str(caught.value) == "pos.txt:5: 13 T stones on the board, but there are only 12"


def test_twelve_stones_of_one_symbol_are_a_position():
    # Rows 0-2 all T, per T card: 3 rows x 2, the 5 squares of rows 0-2 (not the centre
    # block) x 4, the centre 8: 34; Ann holds 2 T cards: 68.
    text = HEAD + "board TTTT\n" * 3 + "board SCX.\nhand Ann TTSC\n"
    assert parse_position(text, "pos.txt").score()["players"]["Ann"]["total"] == 68


def test_a_sixth_card_of_a_symbol_is_refused_at_its_hand_line():
    text = HEAD + "board ....\n" * 4 + "hand Ann SSSS\nhand Bob TCXX\nhand Cy SSTC\n"
    with pytest.raises(FormatError) as caught:
        parse_position(text, "pos.txt")
    assert str(caught.value) == "pos.txt:8: 6 cards of S dealt, but there are only 5"


def test_six_hands_are_refused_at_the_sixth():
    hands = ["hand P%d STCX\n" % (i + 1) for i in range(6)]
    with pytest.raises(FormatError, match=r"^pos\.txt:11: more than 5 hands$"):
        parse_position(HEAD + "board ....\n" * 4 + "".join(hands), "pos.txt")


RECORD = ["forbes-match 1", "players Ann Bob", "game dealer Ann", "hand Ann SSTC", "hand Bob TCXX"]


def _replay(lines):
    return score_record(parse_record("\n".join(lines) + "\n", "m.txt"))


def test_a_thirteenth_stone_in_a_record_is_refused_at_its_move():
    moves = ["move %s T %d %d" % ("Ann" if i % 2 == 0 else "Bob", i // 4, i % 4) for i in range(13)]
    with pytest.raises(FormatError) as caught:
        _replay(RECORD + moves)
    assert str(caught.value) == "m.txt:18: all 12 T stones are already on the board"


def test_a_hand_of_five_cards_in_a_record_is_refused_at_its_line():
    lines = RECORD[:4] + ["hand Bob TCXXS", "move Ann S 0 0"]
    with pytest.raises(FormatError) as caught:
        _replay(lines)
    assert str(caught.value) == "m.txt:5: Bob's hand 'TCXXS' must be 4 cards of S, T, C, X"


def test_six_players_in_a_record_are_refused_at_the_players_line():
    with pytest.raises(FormatError, match=r"^m\.txt:2: Forbes takes at most 5 players"):
        _replay(["forbes-match 1", "players A B C D E F", "game dealer A"])
