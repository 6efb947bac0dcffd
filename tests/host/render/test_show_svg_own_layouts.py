"""`boardlight show GAME --svg DIR` of a FITS game played with the players' own layout
(`play fits --layout FILE`, kept with the game): the pictures are drawn and scored with that
layout. They were drawn from the record with the ILLUSTRATIVE defaults, whose replay
disagreed with the game's own score lines, so `show --svg` stopped with
"score line says ... was the game played with --layout?" and wrote nothing."""

import re

from boardlight.cli import main
from boardlight.commands.params import LayoutFile
from boardlight.commands.play import layouts_option
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from session_scripts import play_out

# Board 2 with two special spaces (the default board 2 has nine): value 3 at row 1,
# column 1 and value 2 at row 12, column 6.
OWN_BOARD_2 = "board 2\nspace 1 1 3\nspace 12 6 2\n"


def test_show_svg_draws_the_games_own_layout(tmp_path, capsys):
    layout = tmp_path / "my-board2.txt"
    layout.write_text(OWN_BOARD_2)
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        session = FitsSession.start(store, ["Ann"], 3,
                                    {"boards": [2], "layouts": layouts_option(
                                        [LayoutFile().convert(str(layout), None, None)])})
        play_out(session)
        assert session.row.status == "finished"
        total = store.scores(session.row.id)["total"][0][0]
    out = tmp_path / "svg"
    capsys.readouterr()
    assert main(["show", "1", "--db", str(db), "--svg", str(out)]) == 0, capsys.readouterr().err
    board = (out / "fits-round1-Ann.svg").read_text()
    # Every special space is drawn, open or under a tile: the own layout's two.
    markers = re.findall(r'class="special(?:-covered)?"[^>]*data-value="(\d)"', board)
    assert sorted(markers) == ["2", "3"]
    assert "ILLUSTRATIVE" not in board.upper()
    # The chart shows the score the game logged (scored with the same layout).
    assert "Ann %d<" % total in (out / "fits-scores.svg").read_text()
