"""`render ... -o DIR` and `show GAME --svg DIR` with a folder that cannot be made: one line
naming it, exit 1, instead of a FileNotFoundError/NotADirectoryError traceback."""

from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from session_scripts import SCRIPTS

ZATRE_RECORD = ("zatre record\nplayers: Ann, Bob\nseed: 3\n"
                "options: strict_adjacency=off centre_doubles=off\n1 Ann: 4@7,7 3@7,8 1@6,7\n")


def test_render_into_a_folder_that_cannot_be_made(tmp_path, capsys):
    record = tmp_path / "z.txt"
    record.write_text(ZATRE_RECORD)
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    out = blocker / "pictures"
    assert main(["render", "record", "zatre", str(record), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "cannot make the folder %s for the pictures" % out in err
    assert "Traceback" not in err
    # The same record renders into a folder that can be made.
    good = tmp_path / "pictures"
    assert main(["render", "record", "zatre", str(record), "-o", str(good)]) == 0
    assert sorted(p.name for p in good.iterdir()) == [
        "zatre-board.svg", "zatre-sheet-Ann.svg", "zatre-sheet-Bob.svg"]


def test_show_svg_into_a_folder_that_cannot_be_made(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        s = session_class("forbes").start(store, ["Ann", "Bob"], 4, {})
        for _ in range(3):
            s.act(SCRIPTS["forbes"](s))
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    code = main(["show", "1", "--db", str(db), "--svg", str(blocker / "svg")])
    captured = capsys.readouterr()
    assert code == 1 and "Traceback" not in captured.err
    assert "cannot make the folder %s for the pictures" % (blocker / "svg") in captured.err
