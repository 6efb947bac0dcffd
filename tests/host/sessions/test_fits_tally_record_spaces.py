"""Tally records (docs/fits-formats.md) name a special space ROW/COLUMN, because ',' parts
the players. Written 'uncovered 2,1' (as the table's 'tally P D r,c' entry takes it), the
replay said 'the players must be listed once each ... not Solo 1', and a tally it could not
read asked for 'uncovered R,C', the very form the record refuses."""

import pytest

from boardcore.errors import FormatError
from boardlight.sessions.fits_tally_record import read_tally_record

CARDS = "I3 L3 O4 T4 S4 L4 F L5 N P T5 U V5 W X Y"
RECORD = """FITS tally record
Players: Solo
Seed: none
Boards: 1 4

Round 1 board 1
start: Solo U
cards: %s
tally: Solo rows 8 open 4

Round 2 board 4
start: Solo P
cards: %s
tally: Solo open 7 %%s
""" % (CARDS, CARDS)


def test_the_record_as_documented_reads():
    # Board 4's default pairs A (2,1)-(6,6) both uncovered: +3; 7 open dots: -7.
    game = read_tally_record(RECORD % "uncovered 2/1 6/6", "t.txt")
    assert [r[0]["total"] for r in game.round_scores] == [8 - 4, 3 - 7]


@pytest.mark.parametrize("tally, message", [
    ("uncovered 2,1 6/6", "t.txt:14: a special space is ROW/COLUMN, e.g. 'uncovered 5/3'"
                          " (',' separates the players)"),
    ("spaces 2/1", "t.txt:14: Solo's tally: expected 'rows N', 'open N' or"
                   " 'uncovered ROW/COLUMN ...', not 'spaces 2/1'"),
])
def test_a_special_space_written_with_a_comma_is_explained(tally, message):
    with pytest.raises(FormatError) as got:
        read_tally_record(RECORD % tally, "t.txt")
    assert str(got.value) == message
