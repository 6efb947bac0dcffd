"""FITS layout files: the defaults are docs/rules.md's (and marked illustrative), the docs'
examples load, and every malformed file gets an error naming file, line and field."""

import re

import pytest

from boardcore.errors import FormatError
from boardcore.fits.layouts import default_layout, load_layout, parse_layout
from conftest import ROOT


def test_defaults_are_the_documented_ones_and_illustrative():
    # docs/rules.md, "The special spaces of boards 2-4", as (row, column).
    two = default_layout(2)
    assert two.illustrative
    assert sorted(two.spaces) == sorted([
        (2, 5, 1), (4, 2, 1), (6, 6, 1), (9, 3, 1), (3, 1, 2), (7, 4, 2), (10, 6, 2), (5, 3, 3), (11, 1, 3)])
    three = default_layout(3)
    assert three.illustrative
    assert sorted(three.spaces) == sorted([
        (2, 2, 2), (6, 5, 2), (9, 1, 2), (4, 6, 3), (8, 3, 3), (11, 5, 4),
        (1, 4, -5), (5, 1, -5), (7, 6, -5), (10, 3, -5)])
    four = default_layout(4)
    assert four.illustrative
    assert sorted(four.spaces) == sorted([
        (2, 1, "A"), (6, 6, "A"), (3, 4, "B"), (9, 2, "B"), (5, 2, "C"), (11, 6, "C"),
        (7, 5, "D"), (12, 1, "D"), (4, 6, "E"), (10, 4, "E")])
    assert default_layout(1).spaces == []
    for n in (2, 3, 4):
        text = (ROOT / "shared" / "boardcore" / "fits" / "boards" / ("board%d.txt" % n)).read_text()
        assert "ILLUSTRATIVE" in text and "NOT the printed board" in text


def test_tokens_as_written_in_positions():
    assert default_layout(2).token(11, 1) == "3"
    assert default_layout(3).token(1, 4) == "-5"
    assert default_layout(3).token(11, 5) == "+4"
    assert default_layout(4).token(12, 1) == "D"
    assert default_layout(4).token(1, 1) is None


def test_doc_examples_load():
    doc = (ROOT / "docs" / "fits-layouts.md").read_text()
    mine, default4 = re.findall(r"```fits-layout\n(.*?)```", doc, re.S)
    lay = parse_layout(mine, "doc")
    assert lay.board == 3 and not lay.illustrative
    assert lay.spaces == [(1, 1, 4), (6, 3, -5), (8, 2, -2), (12, 6, 1)]
    assert parse_layout(default4, "doc").spaces == default_layout(4).spaces


@pytest.mark.parametrize("text,message", [
    ("space 1 1 2\n", "f.txt:1: 'space' before the 'board' line"),
    ("board 1\n", "f.txt:1: 'board' takes one number 2, 3 or 4"),
    ("board 2\nboard 2\n", "f.txt:2: second 'board' line"),
    ("board 2\n", "f.txt: no 'space' lines"),
    ("# nothing\n", "f.txt: no 'board' line"),
    ("board 2\nspace 13 2 1\n", "f.txt:2: field 2 \\(row\\): '13' is not 1..12"),
    ("board 2\nspace 3 0 1\n", "f.txt:2: field 3 \\(column\\): '0' is not 1..6"),
    ("board 2\nspace 3 x 1\n", "f.txt:2: field 3 \\(column\\): 'x' is not 1..6"),
    ("board 2\nspace 3 2 4\n", "f.txt:2: field 4 \\(value\\): board 2 values are 1, 2 or 3, not 4"),
    ("board 3\nspace 3 2 0\n", "f.txt:2: field 4 \\(value\\): board 3 values are non-zero"),
    ("board 3\nspace 3 2 five\n", "f.txt:2: field 4 \\(value\\): 'five' is not a whole number"),
    ("board 4\nspace 3 2 ab\n", "f.txt:2: field 4 \\(symbol\\): 'ab' is not one capital letter"),
    ("board 2\nspace 3 2\n", "f.txt:2: 'space' needs 3 fields"),
    ("board 2\nspace 3 2 1\nspace 3 2 2\n", "f.txt:3: row 3 column 2 already has a special space \\(line 2\\)"),
    ("board 2\nillustrative yes\n", "f.txt:2: 'illustrative' takes no fields"),
    ("board 2\ncolour red\n", "f.txt:2: unknown line 'colour'"),
    ("board 4\nspace 1 1 A\nspace 1 2 A\nspace 1 3 A\n", "symbol A appears 3 time"),
    ("board 4\nspace 1 1 A\nspace 1 2 A\n", "board 4 has 1 symbols, not 5 pairs"),
])
def test_malformed_layouts(text, message):
    with pytest.raises(FormatError, match=message):
        parse_layout(text, "f.txt")


def test_missing_file_is_a_format_error(tmp_path):
    with pytest.raises(FormatError, match="cannot read layout file"):
        load_layout(str(tmp_path / "nope.txt"))


def test_user_file_replaces_default(tmp_path):
    p = tmp_path / "mine.txt"
    p.write_text("board 2\nspace 1 1 3\n")
    lay = load_layout(str(p))
    assert lay.spaces == [(1, 1, 3)] and lay.source == str(p) and not lay.illustrative
