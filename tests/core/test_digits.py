"""Whole numbers typed by people are ASCII digits: "²" passes str.isdigit() but int()
refuses it, so every reader must refuse it as bad input, never crash on it."""

import json

import pytest

from boardcore.digits import is_digits
from boardlight.cli import main


@pytest.mark.parametrize("text, ok", [
    ("0", True), ("42", True), ("007", True),
    ("", False), ("²", False), ("1²", False), ("-1", False), ("+1", False), (" 1", False),
    ("1.0", False), ("٣", False), (None, False), (3, False),
])
def test_is_digits(text, ok):
    assert is_digits(text) is ok


def test_a_superscript_seed_in_a_forbes_record_is_a_format_error(tmp_path, capsys):
    path = tmp_path / "match.txt"
    path.write_text("forbes-match 1\nplayers Ann Bob\nseed \u00b2\n")
    assert main(["replay", "forbes", str(path)]) == 2
    assert "match.txt:3: a seed line is 'seed N' with N a whole number" in capsys.readouterr().err


def test_a_superscript_target_score_is_a_format_error(tmp_path, capsys):
    path = tmp_path / "match.txt"
    path.write_text("forbes-match 1\nplayers Ann Bob\noption target_score \u00b2\n")
    assert main(["replay", "forbes", str(path)]) == 2
    assert "target_score must be a positive whole number" in capsys.readouterr().err


def test_a_tally_record_with_odd_numbers_is_refused_not_crashed(tmp_path, capsys):
    path = tmp_path / "tally.txt"
    path.write_text("FITS tally record\nPlayers: Ann\nSeed: \u00b2\n")
    assert main(["replay", "fits", str(path)]) == 2
    assert "Seed: '\u00b2' is not a whole number" in capsys.readouterr().err


def test_a_virtual_board_heap_of_superscripts_is_refused():
    from boardlight.vboard.board import VirtualBoardError, heap_bytes

    with pytest.raises(VirtualBoardError, match="a number of bytes"):
        heap_bytes("\u00b2k")
