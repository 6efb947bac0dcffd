"""Forbes: the line-based match as a user starts it."""

from boardlight.cli import main


def test_play_plain_takes_players_written_with_spaces(capsys, monkeypatch):
    # `--players "Ann Bob"` reached the loop as one name, refused as "at least 2 players, not 1".
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("cards Ann\n\n\nquit\n"))
    code = main(["play", "forbes", "--plain", "--players", "Ann Bob", "--seed", "9"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "To play: Ann" in out and "Pass the screen to Ann." in out


def test_score_and_replay_read_a_file_saved_with_a_byte_order_mark(tmp_path, capsys):
    # Windows editors save UTF-8 with a BOM: the first line read as '\ufeffforbes-position'.
    import json

    path = tmp_path / "pos.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "forbes-position 1\nboard SSTC\nboard SSSS\nboard XSST\n"
                     "board CSXS\nhand Ann SSTC\n".encode())
    assert main(["score", "forbes", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["players"]["Ann"]["total"] == 44
    record = tmp_path / "m.txt"
    record.write_bytes(b"\xef\xbb\xbf" + b"forbes-match 1\nplayers Ann Bob\nseed 3\ngame dealer Ann\n")
    assert main(["replay", "forbes", str(record)]) == 0
    assert json.loads(capsys.readouterr().out)["unfinished"] == {"number": 1, "moves": 0}


def test_a_random_seed_is_never_printed_while_the_match_can_go_on(capsys, monkeypatch):
    # The seed gives every deal: printed at the start, anyone could work out the hands; a
    # match stopped mid-game is kept in the log and can be resumed, so it is not printed
    # then either (`boardlight show` prints it once the match is over).
    from boardcore.forbes.match import Match

    monkeypatch.setattr("random.SystemRandom.randrange", lambda self, n: 256)
    lines = ["", "0 0", "cards Ann", "", "", "quit"]
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("\n".join(lines) + "\n"))
    code = main(["play", "forbes", "--plain", "--players", "Ann,Bob"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "seed" not in out and "256" not in out
    # and it is the seed the match was dealt from
    hand = Match(["Ann", "Bob"], seed=256).start_game().all_hands()[0]
    names = {"S": "square", "T": "triangle", "C": "circle", "X": "star"}
    assert "Ann's own cards (only Ann looks):\n" + "\n".join(
        "%s %s" % ({"S": "■", "T": "▲", "C": "●", "X": "★"}[c], names[c]) for c in hand) in out
