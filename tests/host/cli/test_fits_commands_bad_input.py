"""The FITS commands as a user runs them: bad files, bad typed input."""

import io

from boardlight.cli import main


def test_binary_files_are_a_clear_error_not_a_traceback(tmp_path, capsys):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\xff\xfe\x00FITS")
    assert main(["score", "fits", str(junk)]) == 2
    assert "junk.bin: not a text file" in capsys.readouterr().err
    assert main(["replay", "fits", str(junk)]) == 2
    assert "junk.bin: not a text file" in capsys.readouterr().err
    pos = tmp_path / "pos.txt"
    pos.write_text("FITS board 2\n" + "".join("%d . . . . . .\n" % r for r in range(12, 0, -1)))
    assert main(["score", "fits", "--layout", str(junk), str(pos)]) == 2
    assert "junk.bin: cannot read layout file (not UTF-8 text)" in capsys.readouterr().err
    assert main(["replay", "fits", "--layout", str(junk), str(pos)]) == 2
    assert "junk.bin: cannot read layout file (not UTF-8 text)" in capsys.readouterr().err


def test_bad_names_typed_at_the_prompt_are_asked_again(monkeypatch, capsys):
    # Typed input that makes no sense gets a clear message and a re-prompt.
    monkeypatch.setattr("sys.stdin", io.StringIO("Ann Ann\nAnn!\nA B C D E\nAnn Bob\nquit\n"))
    assert main(["play", "fits", "--plain", "--seed", "2026"]) == 0
    out = capsys.readouterr().out
    assert "player names must differ: Ann Ann; type the names again." in out
    assert "player name 'Ann!' may only use letters" in out
    assert "FITS is for 1 to 4 players, not 5; type the names again." in out
    assert "Playing FITS game #1 for Ann, Bob, seed 2026." in out
    assert "Game 1 is saved: `boardlight play --resume --plain` continues it." in out


def test_players_as_a_count_in_the_plain_game(monkeypatch, capsys):
    # `play fits --players 3` means three players in the UI; --plain must not make it one
    # player called "3".
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "fits", "--plain", "--players", "3", "--seed", "2026"]) == 0
    out = capsys.readouterr().out
    assert "Playing FITS game #1 for P1, P2, P3, seed 2026." in out
    assert main(["play", "fits", "--plain", "--players", "5", "--seed", "1"]) == 2
    assert "FITS takes 1 to 4 players, not 5" in capsys.readouterr().err


def test_every_command_the_layout_page_names_takes_layout(tmp_path, monkeypatch, capsys):
    # docs/fits-layouts.md lists the commands that take --layout FILE: each must take it.
    import re

    from conftest import ROOT

    page = (ROOT / "docs" / "fits-layouts.md").read_text()
    sentence = page[page.index("--layout FILE` (to"):].split(";")[0]
    commands = re.findall(r"`([a-z ]+fits[a-z -]*)`", sentence)
    assert len(commands) == 3
    lay = tmp_path / "mine.txt"
    lay.write_text("board 2\nspace 1 1 3\n")
    pos = tmp_path / "pos.txt"
    pos.write_text("FITS board 2\n" + "".join("%d . . . . . .\n" % r for r in range(12, 2, -1))
                   + "2 . . . . . .\n1 3 . . . . .\n")
    rec = tmp_path / "rec.txt"
    rec.write_text("FITS game record\nPlayers: Ann\nSeed: 5\nBoards: 2\n")
    for command in commands:
        words = command.split()
        args = words + ["--layout", str(lay)]
        if words[0] == "score":
            args.append(str(pos))
        elif words[0] == "replay":
            args.append(str(rec))
        else:
            args += ["--players", "Ann", "--seed", "5"]
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        assert main(args) == 0, (command, capsys.readouterr())
        capsys.readouterr()


def test_replaying_a_game_played_with_an_own_layout_hints_at_layout(tmp_path, monkeypatch, capsys):
    # The record does not carry the layout: a game played with --layout and replayed
    # without it scores differently, and the error should say where to look.
    lay = tmp_path / "mine.txt"
    lay.write_text("board 2\nspace 12 1 3\n")
    rec = tmp_path / "rec.txt"
    # Enter deals, the start tile at 1/1, then Enter and pass for each card (16: the one Ann
    # skips, her start tile, refuses the pass).
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1 1\n" + "\npass\n" * 16))
    assert main(["play", "fits", "--plain", "--players", "Ann", "--seed", "5", "--boards", "2",
                 "--layout", str(lay), "--record", str(rec)]) == 0
    capsys.readouterr()
    # Ann's start tile Y (5 cells) on board 2 with one special space, open: 71 - 5 = 66
    # open dots, +3: -63.
    assert "score: Ann -63" in rec.read_text()
    assert main(["replay", "fits", "--layout", str(lay), str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", "fits", str(rec)]) == 2
    err = capsys.readouterr().err
    assert "score line says Ann -63, the replayed round scores" in err
    assert "ILLUSTRATIVE default layout of board 2 (was the game played with --layout?)" in err


def test_an_unwritable_record_path_is_refused_before_the_game(tmp_path, monkeypatch, capsys):
    # It used to crash with a traceback when the first round ended (the round was lost).
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1 1\n" + "\npass\n" * 16))
    bad = tmp_path / "no" / "such" / "dir" / "r.txt"
    assert main(["play", "fits", "--plain", "--players", "Ann", "--seed", "5", "--boards", "2",
                 "--record", str(bad)]) == 2
    captured = capsys.readouterr()
    assert "--record" in captured.err and "cannot write" in captured.err
    assert "Start tiles:" not in captured.out


def test_a_record_that_cannot_be_written_mid_game_does_not_end_the_game(tmp_path):
    from boardlight.sessions.fits import FitsSession
    from boardlight.store.gamelog import Store
    from tui_helpers import plain_game

    # The path is a folder: every save fails. The round is still played and scored
    # (one 5-cell start tile on board 1: 67 open dots, -67).
    with Store(tmp_path / "log.sqlite3") as store:
        session = FitsSession.start(store, ["Ann"], 8, {"boards": [1]})
        status, said = plain_game(session, ["", "1 4"] + ["", "pass"] * 16,
                                  record=str(tmp_path))
        assert status == "finished" and session.core.totals() == {"Ann": -67}
    assert any(s.startswith("Could not write the record to %s" % tmp_path) for s in said)
    assert "Ann: -67 on board 1" in said


def test_ctrl_c_mid_round_keeps_the_drops_in_the_record(tmp_path):
    from boardlight.sessions.fits import FitsSession
    from boardlight.store.gamelog import Store
    from boardlight.tui.plain import PlainTable

    # The docs' solo game: Y start at 2/1, X at 1/4, then V5 turned and Ctrl+C.
    answers = iter(["", "2 1", "", "1 4", ""])

    def ask(prompt):
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt

    record = tmp_path / "r.txt"
    with Store(tmp_path / "log.sqlite3") as store:
        session = FitsSession.start(store, ["Ann"], 5, {"boards": [2]})
        status = PlainTable(session, ask=ask, say=lambda s: None, record=str(record)).run()
        assert status == "playing" and session.seq == 5  # every action is in the log
    assert record.read_text().endswith("start: Ann Y 2/1\ncard X: Ann 1/4\ncard V5: Ann -\n")


def test_files_saved_with_a_byte_order_mark_are_read(tmp_path, capsys):
    # Windows editors often start a UTF-8 file with a BOM; the header check then failed
    # with "not '\ufeffFITS board 2'".
    lay = tmp_path / "mine.txt"
    lay.write_bytes(b"\xef\xbb\xbfboard 2\nspace 12 1 3\n")
    pos = tmp_path / "pos.txt"
    pos.write_bytes(b"\xef\xbb\xbf" + ("FITS board 2\n12 3 . . . . .\n" + "".join(
        "%d # # # # # #\n" % r for r in range(11, 0, -1))).encode())
    assert main(["score", "fits", "--layout", str(lay), str(pos)]) == 0
    import json

    out = json.loads(capsys.readouterr().out)
    # Row 12: five open ordinary dots (-5) and the open 3; rows 11..1 covered: -2.
    assert (out["open_dots"], out["total"]) == (5, -2)
    rec = tmp_path / "rec.txt"
    rec.write_bytes(b"\xef\xbb\xbfFITS game record\nPlayers: Ann\nSeed: 5\nBoards: 2\n")
    assert main(["replay", "fits", str(rec)]) == 0


def test_replay_says_which_layouts_the_scores_rest_on(tmp_path, capsys):
    # The default layouts are labelled ILLUSTRATIVE wherever shown; replay's
    # scores of boards 2-4 rest on them, so its JSON names them as score fits does.
    import json

    rec = tmp_path / "rec.txt"
    rec.write_text("FITS game record\nPlayers: Ann\nSeed: 5\nBoards: 1 3 2\n")
    lay = tmp_path / "mine.txt"
    lay.write_text("board 2\nspace 12 1 3\n")
    assert main(["replay", "fits", "--layout", str(lay), str(rec)]) == 0
    layouts = json.loads(capsys.readouterr().out)["layouts"]
    assert sorted(layouts) == ["2", "3"]
    assert layouts["3"]["illustrative"] is True and "ILLUSTRATIVE" in layouts["3"]["note"]
    assert layouts["2"] == {"board": 2, "source": str(lay), "illustrative": False}
