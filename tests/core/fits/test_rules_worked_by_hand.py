"""The FITS rules core: cases worked by hand from the rules (docs/rules.md)."""

import pytest

from boardcore.errors import FormatError
from boardcore.fits.layouts import parse_layout
from boardcore.fits.tiles import TILE_IDS

BOARD4 = "board 4\n" + "".join(
    "space %d 1 %s\nspace %d 2 %s\n" % (r, s, r, s) for r, s in zip(range(1, 6), "ABCDE"))


def test_board_4_symbols_that_are_tile_ids_are_refused():
    # A symbol X would read back from a position as "covered by tile X": an open X pair
    # (+3) would score as covered (0), and a cell covered by tile X would read as open.
    assert set("FNPUWXY") == {t for t in TILE_IDS if len(t) == 1}
    for letter in "FNPUWXY":
        with pytest.raises(FormatError, match="f.txt:2: field 4 \\(symbol\\): %s is also a tile id" % letter):
            parse_layout(BOARD4.replace(" A\n", " %s\n" % letter), "f.txt")
    lay = parse_layout(BOARD4.replace(" A\n", " Q\n"), "f.txt")  # any other letter is fine
    assert sorted(set(v for _, _, v in lay.spaces)) == ["B", "C", "D", "E", "Q"]



def test_a_record_with_more_rounds_than_boards_says_so():
    # Two rounds recorded but "Boards: 2": the old message blamed round 1 ("starts before
    # round 1 ended (phase over)") although round 1 was complete.
    from boardcore.fits.errors import RecordError
    from boardcore.fits.game import Game
    from boardcore.fits.record import format_record, parse_record, replay

    g = Game(["Ann"], seed=5, boards=[2, 3])
    for _ in range(2):
        g.start_round()
        g.place("Ann", g.start_tile("Ann"), 1, 1)
        while g.phase == "cards":
            tile = g.turn_card()
            if g.waiting():
                g.set_aside("Ann", tile)
        g.finish_round()
    text = format_record(g).replace("Boards: 2 3", "Boards: 2")
    with pytest.raises(RecordError, match="r.txt:\\d+: round 2, but the Boards header has only 1 board"):
        replay(parse_record(text, "r.txt"))
