"""`boardlight history`, `show GAME` (text, JSON, --svg) and `play ... --resume` on the game
log, through the real CLI entry point (the UI itself is replaced by a recorder here)."""

import json

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import resume_session, session_class
from boardlight.store.gamelog import Store
from session_scripts import SCRIPTS, play_out


@pytest.fixture
def db(tmp_path):
    return tmp_path / "log.sqlite3"


def _game(db, game, actions=None, options=None, players=("Ann", "Bob"), seed=4):
    with Store(db) as store:
        s = session_class(game).start(store, list(players), seed, options)
        if actions is None:
            play_out(s)
        else:
            for _ in range(actions):
                s.act(SCRIPTS[game](s))
        return s.row.id


def test_history_lists_games_with_players_status_and_totals(db, capsys):
    assert main(["history", "--db", str(db)]) == 0
    assert "no games stored" in capsys.readouterr().out
    a = _game(db, "fits", options={"scoring": "tally", "boards": [1]})
    b = _game(db, "zatre", actions=3)
    assert main(["history", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["#", "game", "status", "started"]
    # Newest first. The tally game: the script tallies Ann 8 rows 4 dots (+4), Bob 8 rows
    # 5 dots (+3) on board 1.
    assert lines[1].split()[:3] == [str(b), "zatre", "playing"]
    assert lines[2].split()[:3] == [str(a), "fits", "finished"]
    # And what the game did to the ratings: two new players, the winner 25 -> 27.6, the other
    # 25 -> 22.4 (docs/stats.md).
    assert lines[2].endswith("Ann, Bob (4 3)  ratings Ann 25.0 -> 27.6, Bob 25.0 -> 22.4")
    assert main(["history", "--game", "fits", "--db", str(db)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_show_prints_the_breakdown(db, capsys):
    gid = _game(db, "fits", options={"scoring": "tally", "boards": [1, 2]})
    assert main(["show", str(gid), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "game %d: fits, finished, seed 4" % gid in out  # over: the seed is shown
    assert "scoring: quick tally; boards 1 2" in out
    # Round 1 (board 1): Ann 8 rows, 4 dots: +4 (rows 8, dots -4); Bob 8 rows, 5 dots: +3.
    assert "  Ann     4  (board 1, dots -4, rows 8)" in out
    assert "  Bob     3  (board 1, dots -5, rows 8)" in out
    # Round 2 (board 2): both tally 5 open dots, no special space uncovered: -5 each.
    assert "  Ann    -5  (board 2, dots -5, specials 0)" in out
    assert out.index("round 1:") < out.index("round 2:") < out.index("total:")
    # Totals: Ann 4 - 5 = -1, Bob 3 - 5 = -2.
    assert "winner: Ann with -1" in out


def test_show_json_and_last(db, capsys):
    gid = _game(db, "forbes", actions=10)
    assert main(["show", "last", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    # A new Forbes session logs its first deal itself: 1 + 10 actions.
    assert (data["id"], data["game"], data["status"], data["actions"]) == \
        (gid, "forbes", "playing", 11)
    assert data["state"]["game"]["dealer"] == 0
    # The seed would tell every hand and stone to come: hidden while the game is played.
    assert data["seed"] is None
    assert main(["show", str(gid), "--db", str(db)]) == 0
    assert "seed hidden until the game is over" in capsys.readouterr().out


def test_show_svg_writes_the_pictures(db, tmp_path, capsys):
    gid = _game(db, "zatre", actions=4)
    out_dir = tmp_path / "pics"
    assert main(["show", str(gid), "--svg", str(out_dir), "--db", str(db)]) == 0
    written = sorted(p.name for p in out_dir.iterdir())
    assert written == ["zatre-board.svg", "zatre-sheet-Ann.svg", "zatre-sheet-Bob.svg"]
    assert "wrote %s" % (out_dir / "zatre-board.svg") in capsys.readouterr().out


def test_bad_game_reference(db, capsys):
    Store(db).close()
    assert main(["show", "seven", "--db", str(db)]) == 2  # bad input
    assert "GAME is a game number from `boardlight history` or 'last'" in capsys.readouterr().err


@pytest.fixture
def recorded_tables(monkeypatch):
    """Replace the full-screen UI by a recorder of what it would have been given."""
    runs = []
    from boardlight.tui import app as tui_app

    def fake_run_table(session, port=None, no_device=False, direct=None):
        runs.append((session.GAME, session.row.id, session.seq, session.snapshot(), no_device))
        return session.row.status

    monkeypatch.setattr(tui_app, "run_table", fake_run_table)
    return runs


def test_play_resume_continues_the_last_unfinished_game(db, recorded_tables, capsys):
    first = _game(db, "zatre", actions=5)
    _game(db, "forbes")                                  # finished: never resumed
    with Store(db) as store:
        expected = session_class("zatre").resume(store, first).snapshot()
    assert main(["play", "--resume", "--no-device", "--db", str(db)]) == 0
    assert recorded_tables == [("zatre", first, 5, expected, True)]
    # The game is in the log given with --db: the line to continue it says so.
    assert capsys.readouterr().out == \
        "Game %d is saved: `boardlight play --resume --db %s` continues it.\n" % (first, db)
    assert main(["play", "forbes", "--resume", "--db", str(db), "--no-device"]) == 2  # nothing to resume
    assert "no unfinished forbes game to resume" in capsys.readouterr().err
    assert main(["play", "zatre", "--resume", str(first), "--db", str(db), "--no-device"]) == 0
    assert recorded_tables[-1][:3] == ("zatre", first, 5)


def test_play_starts_a_stored_game_with_players_and_seed(db, recorded_tables, capsys):
    assert main(["play", "fits", "--players", "Ann,Bob", "--seed", "12", "--tally",
                 "--no-device", "--db", str(db)]) == 0
    (game, gid, seq, _snap, _nd), = recorded_tables
    with Store(db) as store:
        row = store.game(gid)
    assert (game, row.players, row.seed, row.options, seq) == \
        ("fits", ["Ann", "Bob"], 12, {"scoring": "tally"}, 0)
    assert main(["play", "fits", "--players", "Ann,ann", "--no-device", "--db", str(db)]) == 2
    assert "two players have the same name" in capsys.readouterr().err
    assert main(["play", "fits", "--port", "/dev/ttyACM0", "--no-device", "--db", str(db)]) == 2
    assert "choose one" in capsys.readouterr().err
    assert main(["play", "forbes", "--players", "Solo", "--no-device", "--db", str(db)]) == 2
    assert "Forbes needs at least 2 players" in capsys.readouterr().err
    with Store(db) as store:
        assert len(store.games()) == 1                    # refused games are not stored


def test_play_resume_picks_from_the_list(db, recorded_tables, monkeypatch):
    from click.testing import CliRunner

    from boardlight.cli import cli
    from boardlight.commands import play as play_commands

    older = _game(db, "forbes", actions=3)
    newer = _game(db, "zatre", actions=2)
    monkeypatch.setattr(play_commands, "_interactive", lambda: True)
    result = CliRunner().invoke(cli, ["play", "--resume", "--no-device", "--db", str(db)],
                                input="%d\n" % older)
    assert result.exit_code == 0, result.output
    # Newest first, each by its game number; the player typed the Forbes game's number.
    assert "  #%d zatre, Ann, Bob" % newer in result.output
    assert "  #%d forbes, Ann, Bob" % older in result.output
    assert ")" not in result.output.split("unfinished games:")[1].split("continue")[0]
    assert recorded_tables[-1][:3] == ("forbes", older, 4)   # its deal + 3 actions


def test_play_resume_reads_the_number_typed_as_the_game_number(db, recorded_tables,
                                                                monkeypatch):
    # Game #2 listed first and game #1 second: typing 2 opened game #1 (the second line).
    from click.testing import CliRunner

    from boardlight.cli import cli
    from boardlight.commands import play as play_commands

    older = _game(db, "forbes", actions=3)
    newer = _game(db, "zatre", actions=2)
    monkeypatch.setattr(play_commands, "_interactive", lambda: True)
    runner = CliRunner()
    args = ["play", "--resume", "--no-device", "--db", str(db)]
    result = runner.invoke(cli, args, input="%d\n" % newer)
    assert result.exit_code == 0, result.output
    assert recorded_tables[-1][:2] == ("zatre", newer)
    # "#1" too; a number not listed is asked again, naming those that are.
    result = runner.invoke(cli, args, input="7\n#%d\n" % older)
    assert result.exit_code == 0, result.output
    assert "type the number of a game listed: #%d, #%d" % (newer, older) in result.output
    assert recorded_tables[-1][:2] == ("forbes", older)
    # Enter alone: the newest.
    result = runner.invoke(cli, args, input="\n")
    assert result.exit_code == 0, result.output
    assert recorded_tables[-1][:2] == ("zatre", newer)


@pytest.mark.parametrize("game", ["fits", "zatre", "forbes"])
def test_plain_games_are_kept_in_the_log(game, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    exe = Path(sys.executable).with_name("boardlight")
    db = tmp_path / "log.sqlite3"
    proc = subprocess.run([str(exe), "play", game, "--plain", "--players", "Ann,Bob",
                           "--seed", "3", "--db", str(db)],
                          input="quit\n", capture_output=True, text=True, timeout=30)
    name = {"fits": "FITS", "zatre": "Zatre", "forbes": "Forbes"}[game]
    assert proc.stdout.splitlines()[0] == "Playing %s game #1 for Ann, Bob, seed 3." % name, \
        proc.stdout + proc.stderr
    with Store(db) as store:
        row = store.game(1)
    assert (row.game, row.players, row.seed, row.status) == (game, ["Ann", "Bob"], 3, "playing")


def test_play_resume_continues_a_plain_game(db, monkeypatch, capsys):
    # A plain game is a game of the log: `play --resume` continues it, at the table UI or
    # line by line again with --plain, from the action it stopped at.
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("\n1@7,7 3@6,7 4@7,6\nquit\n"))
    assert main(["play", "zatre", "--plain", "--players", "Ann,Bob", "--seed", "3",
                 "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Game 1 is saved: `boardlight play --resume --plain --db %s` continues it." % db in out
    monkeypatch.setattr("sys.stdin", io.StringIO("1@5,7 1@7,5\nquit\n"))
    assert main(["play", "--resume", "--plain", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Continuing Zatre game #1 for Ann, Bob.")
    # Bob's new tiles are shown once he draws them (until then Ann's turn can be taken
    # back); he may play them at once.
    assert "Bob: press Enter to draw your tiles ('undo' takes back Ann's turn)." in out
    with Store(db) as store:
        assert [kind for _, kind, _ in store.actions(1)] == ["turn", "turn"]
        assert resume_session(store, 1).core.turns == 2
    runs = []
    from boardlight.tui import app as tui_app

    monkeypatch.setattr(tui_app, "run_table",
                        lambda session, **kw: runs.append(session.core.turns) or "playing")
    assert main(["play", "--resume", "--no-device", "--db", str(db)]) == 0
    assert runs == [2]  # the table UI takes the same game up where the line game left it


def test_play_takes_each_games_rule_options_into_the_stored_game(db, recorded_tables):
    # The table UI sets the rule options (docs/rules.md) the game is played with; they are stored with
    # the game, so a resume or a replay of the export plays by the same rules.
    assert main(["play", "zatre", "--players", "Ann,Bob", "--strict-adjacency",
                 "--centre-doubles", "--no-device", "--db", str(db)]) == 0
    assert main(["play", "forbes", "--players", "Ann,Bob", "--target", "40",
                 "--pay-once-per-player", "--no-device", "--db", str(db)]) == 0
    (_, zatre, *_), (_, forbes, *_) = recorded_tables
    with Store(db) as store:
        assert store.game(zatre).options == {"strict_adjacency": True, "centre_doubles": True}
        assert store.game(forbes).options == {"target_score": 40, "pay_once_per_player": True}
        assert resume_session(store, forbes).core.options.target_score == 40
