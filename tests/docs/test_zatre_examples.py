"""The examples in docs/zatre-formats.md are real: the record replays to the position shown."""

import re

from boardcore.zatre.position import format_position, parse_position
from boardcore.zatre.record import parse_record, replay
from conftest import ROOT

DOC = (ROOT / "docs" / "zatre-formats.md").read_text()


def _block(kind):
    return re.search(r"```%s\n(.*?)```" % kind, DOC, re.S).group(1)


def test_record_example_replays_to_the_position_example():
    game = replay(parse_record(_block("zatre-record"), "zatre-formats.md"))
    assert format_position(game) == _block("zatre-position")


def test_position_example_reads():
    pos = parse_position(_block("zatre-position"))
    # Ann: 12 column holds 4; Bob: 11 column holds 2 (worked in the doc's last paragraph).
    assert pos.sheets[0].e12 == [4] and pos.sheets[1].e11 == [2]
    assert pos.hands == [[2, 6], []] and pos.bag == 110
