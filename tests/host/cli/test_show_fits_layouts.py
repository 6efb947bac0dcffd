"""`boardlight show` of a FITS game says which boards were scored on ILLUSTRATIVE layouts
(not the printed boards), as the table does."""

from boardlight.cli import main
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store

OWN_BOARD2 = "board 2\nspace 1 1 3\nspace 12 6 2\n"


def test_show_names_the_boards_with_illustrative_layouts(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        default = FitsSession.start(store, ["Ann", "Bob"], 4).row.id
        own = FitsSession.start(store, ["Ann"], 4, {"boards": [1, 2, 3],
                                                    "layouts": {"2": OWN_BOARD2}}).row.id
        plain = FitsSession.start(store, ["Ann"], 4, {"boards": [1]}).row.id
    assert main(["show", str(default), "--db", str(db)]) == 0
    assert ("scoring: full replay of the drops; boards 1 2 3 4 (2, 3 and 4: ILLUSTRATIVE"
            " layouts, not the printed boards)") in capsys.readouterr().out
    assert main(["show", str(own), "--db", str(db)]) == 0
    assert "boards 1 2 3 (3: ILLUSTRATIVE layout, not the printed board)" in \
        capsys.readouterr().out
    assert main(["show", str(plain), "--db", str(db)]) == 0
    assert "ILLUSTRATIVE" not in capsys.readouterr().out
