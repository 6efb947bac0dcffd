"""`boardlight export --all --format csv|json`: every play with its players, scores,
winners, dates and options; and `show`/`export` of a game with an undo, whose record
`boardlight replay` reads back."""

import csv
import io
import json

from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from session_scripts import play_out


def _log(tmp_path):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        done = session_class("fits").start(store, ["Ann", "Bob"], 7,
                                           {"scoring": "tally", "boards": [1]})
        play_out(done)
        playing = session_class("zatre").start(store, ["Cy", "Dee"], 3)
    return db, done, playing


def test_every_play_as_json_and_csv(tmp_path, capsys):
    db, done, playing = _log(tmp_path)
    totals = done.core.totals()
    assert main(["export", "--all", "--format", "json", "--db", str(db)]) == 0
    plays = json.loads(capsys.readouterr().out)
    assert [p["id"] for p in plays] == [done.row.id, playing.row.id]
    first = plays[0]
    assert first["game"] == "fits" and first["status"] == "finished"
    assert first["players"] == [{"name": "Ann", "score": totals["Ann"]},
                                {"name": "Bob", "score": totals["Bob"]}]
    best = max(totals.values())
    assert first["winners"] == [n for n in ("Ann", "Bob") if totals[n] == best]
    assert first["options"] == {"boards": [1], "scoring": "tally"}
    assert first["finished"] is not None and plays[1]["finished"] is None
    assert plays[1]["winners"] == [] and plays[1]["status"] == "playing"
    assert main(["export", "--all", "--format", "csv", "--db", str(db)]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["id", "game", "status", "started", "finished", "players", "scores",
                       "winners", "options"]
    assert rows[1][5:] == ["Ann;Bob", "%d;%d" % (totals["Ann"], totals["Bob"]),
                           ";".join(first["winners"]), '{"boards": [1], "scoring": "tally"}']
    assert rows[2][2] == "playing" and rows[2][4] == "" and rows[2][5] == "Cy;Dee"


def test_export_takes_a_game_or_all_not_both(tmp_path, capsys):
    db, done, _ = _log(tmp_path)
    assert main(["export", str(done.row.id), "--all", "--db", str(db)]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["export", "--db", str(db)]) == 2
    assert "export --all" in capsys.readouterr().err


def test_show_and_export_keep_what_was_taken_back(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        session = session_class("zatre").start(store, ["Ann", "Bob"], 3)
        session.act({"type": "turn", "seat": 0, "tiles": [[7, 7, 1], [6, 7, 3], [7, 6, 4]]})
        session.undo("terminal")
        session.act({"type": "turn", "seat": 0, "tiles": [[7, 7, 4], [7, 8, 3], [7, 9, 1]]})
        gid = session.row.id
    assert main(["show", str(gid), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "undone: action 1 (Ann's turn (1@7,7 3@6,7 4@7,6)), by terminal at " in out
    assert main(["show", str(gid), "--json", "--db", str(db)]) == 0
    (undone,) = json.loads(capsys.readouterr().out)["undone"]
    assert (undone["seq"], undone["undoes"], undone["by"]) == (2, 1, "terminal")
    record = tmp_path / "game.txt"
    assert main(["export", str(gid), "--reveal", "-o", str(record), "--db", str(db)]) == 0
    text = record.read_text()
    assert "1 Ann: 1@7,7 3@6,7 4@7,6\n# taken back by terminal at " in text
    assert text.endswith("undo\n1 Ann: 4@7,7 3@7,8 1@7,9\n")
    assert main(["replay", "zatre", str(record)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["turns"] == 1 and replayed["tiles_on_board"] == 3
