"""`boardlight play fits --layout FILE`: the players' own printed boards 2-4 in the table UI.

The layouts of boards 2-4 in boardlight are ILLUSTRATIVE (docs/rules.md): a group with the real
game scores with its own layout files. The table game keeps each file's text with the game, so
a resumed game scores the same and an export replays with the layout it carries."""

import re

import pytest

from boardcore.errors import FormatError, RuleError
from boardlight.tui import app as tui_app
from boardlight.cli import main
from boardlight.sessions.fits import FitsSession
from boardlight.sessions.registry import resume_session
from boardlight.store.gamelog import Store
from session_scripts import play_out

# Board 2 with two special spaces, neither of them on the illustrative default board 2
# (docs/rules.md: value 1 at (2,5) (4,2) (6,6) (9,3); 2 at (3,1) (7,4) (10,6); 3 at (5,3) (11,1)).
OWN_BOARD2 = """# our printed board 2
board 2
space 1 1 3
space 12 6 2
"""


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.sqlite3") as s:
        yield s


def _tally_round(session, **tally):
    session.act({"type": "deal"})
    for _ in range(16):
        session.act({"type": "turn"})
    return session.act(dict({"type": "tally", "seat": 0}, **tally))


def test_tally_scores_the_own_layout_and_a_resumed_game_keeps_it(store):
    s = FitsSession.start(store, ["Solo"], 5, {"scoring": "tally", "boards": [2],
                                               "layouts": {"2": OWN_BOARD2}})
    # Board 2: each uncovered special space scores its value, each open dot -1:
    # (1,1) worth 3 and (12,6) worth 2 uncovered, 2 dots open: 3 + 2 - 2 = 3.
    result = _tally_round(s, open_dots=2, uncovered=[[1, 1], [12, 6]])
    assert result["total"] == 3
    assert store.scores(s.row.id)["total"] == [(3, None)]
    again = resume_session(store, s.row.id)
    assert again.core.layout(2).spaces == [(1, 1, 3), (12, 6, 2)]
    assert not again.core.layout(2).illustrative


def test_the_default_layout_refuses_what_the_own_one_takes(store):
    # Without --layout, (1,1) is no special space of board 2: the same tally is refused.
    s = FitsSession.start(store, ["Solo"], 5, {"scoring": "tally", "boards": [2]})
    with pytest.raises(RuleError):
        _tally_round(s, open_dots=2, uncovered=[[1, 1], [12, 6]])


def test_a_bad_stored_layout_is_refused_before_the_game_starts(store):
    with pytest.raises(FormatError, match="layout for board 2"):
        FitsSession.start(store, ["Solo"], 5, {"layouts": {"2": "board 2\nspace 13 1 3\n"}})
    with pytest.raises(RuleError, match="layout for board 3 describes board 2"):
        FitsSession.start(store, ["Solo"], 5, {"layouts": {"3": OWN_BOARD2}})
    assert store.games() == []


def test_play_stores_the_layout_files_text(tmp_path, monkeypatch, capsys):
    own = tmp_path / "board2.txt"
    own.write_text(OWN_BOARD2)
    db = tmp_path / "log.sqlite3"
    seen = []
    monkeypatch.setattr(tui_app, "run_table",
                        lambda session, **kw: seen.append(session) or "playing")
    code = main(["play", "fits", "--players", "Ann,Bob", "--seed", "3", "--tally",
                 "--layout", str(own), "--no-device", "--db", str(db)])
    assert code == 0, capsys.readouterr().err
    with Store(db) as store:
        row = store.game(seen[0].row.id)
        assert row.options == {"scoring": "tally", "layouts": {"2": OWN_BOARD2}}


@pytest.mark.parametrize("files, problem", [
    ([OWN_BOARD2, OWN_BOARD2], "a second layout for board 2"),
    (["board 2\nspace 1 1 7\n"], "layout0.txt:2: field 4 (value): board 2 values are 1, 2 or 3, not 7"),
])
def test_play_refuses_bad_layout_files_and_stores_nothing(tmp_path, monkeypatch, capsys,
                                                          files, problem):
    args = []
    for i, text in enumerate(files):
        path = tmp_path / ("layout%d.txt" % i)
        path.write_text(text)
        args += ["--layout", str(path)]
    db = tmp_path / "log.sqlite3"
    monkeypatch.setattr(tui_app, "run_table", lambda session, **kw: pytest.fail("UI started"))
    code = main(["play", "fits", "--players", "Ann", "--no-device", "--db", str(db)] + args)
    err = capsys.readouterr().err
    assert code != 0 and problem in err
    if db.exists():
        with Store(db) as store:
            assert store.games() == []


def test_resume_refuses_a_new_layout(tmp_path, capsys):
    own = tmp_path / "board2.txt"
    own.write_text(OWN_BOARD2)
    code = main(["play", "fits", "--resume", "--layout", str(own), "--no-device",
                 "--db", str(tmp_path / "log.sqlite3")])
    assert code != 0 and "--layout" in capsys.readouterr().err


def test_export_carries_the_layout_and_replays_with_it(tmp_path, capsys):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        s = FitsSession.start(store, ["Ann", "Bob"], 21, {"boards": [1, 2],
                                                          "layouts": {"2": OWN_BOARD2}})
        play_out(s)
        totals = [p for p, _ in store.scores(s.row.id)["total"]]
        gid = s.row.id
    out = tmp_path / "game.txt"
    assert main(["export", str(gid), "--db", str(db), "-o", str(out)]) == 0
    text = out.read_text()
    # The layout comes back from the comment lines exactly as the file was.
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if "own layout of board 2" in line) + 1
    body = []
    for line in lines[start:]:
        if not line.startswith("#"):
            break
        body.append(re.sub(r"^# ?", "", line))
    assert "\n".join(body) + "\n" == OWN_BOARD2
    layout = tmp_path / "extracted.txt"
    layout.write_text("\n".join(body) + "\n")
    capsys.readouterr()
    assert main(["replay", "fits", str(out), "--layout", str(layout)]) == 0
    import json

    replayed = json.loads(capsys.readouterr().out)
    assert [replayed["totals"][p] for p in ("Ann", "Bob")] == totals


@pytest.mark.parametrize("flag,option", [("--tally", {"scoring": "tally"}),
                                         ("--cards", {"deal": "table"})])
def test_plain_fits_takes_the_table_flags_too(tmp_path, capsys, monkeypatch, flag, option):
    # The line-based game plays through the table's view: a quick tally and the real cards
    # work there as in the UI (they were refused, as the old line game had neither).
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    db = tmp_path / "log.sqlite3"
    code = main(["play", "fits", "--plain", flag, "--players", "Ann", "--seed", "1",
                 "--db", str(db)])
    assert code == 0, capsys.readouterr()
    with Store(db) as store:
        assert store.game(1).options == option


def test_plain_fits_takes_the_layout(tmp_path, monkeypatch):
    own = tmp_path / "board2.txt"
    own.write_text(OWN_BOARD2)
    db = tmp_path / "log.sqlite3"
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    assert main(["play", "fits", "--plain", "--players", "Ann", "--seed", "1", "--boards", "2",
                 "--layout", str(own), "--db", str(db)]) == 0
    with Store(db) as store:
        assert resume_session(store, 1).core.layout(2).spaces == [(1, 1, 3), (12, 6, 2)]


def test_a_windows_layout_file_is_kept_with_plain_line_ends(tmp_path, monkeypatch):
    own = tmp_path / "board2.txt"
    own.write_bytes(OWN_BOARD2.replace("\n", "\r\n").encode())
    db = tmp_path / "log.sqlite3"
    monkeypatch.setattr(tui_app, "run_table", lambda session, **kw: "playing")
    assert main(["play", "fits", "--players", "Ann", "--seed", "3", "--layout", str(own),
                 "--no-device", "--db", str(db)]) == 0
    with Store(db) as store:
        assert store.games()[0].options["layouts"] == {"2": OWN_BOARD2}
