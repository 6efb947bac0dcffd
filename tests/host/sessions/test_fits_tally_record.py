"""Quick-tally FITS games export as a tally record (docs/fits-formats.md), and
`boardlight replay fits` reads it back to the same scores, checking every line."""

import json

import pytest

from boardlight.cli import main
from boardlight.sessions.fits_tally_record import read_tally_record, write_tally_record
from boardlight.sessions.fits import FitsSession
from boardlight.store.gamelog import Store
from boardcore.errors import FormatError
from session_scripts import play_out, next_fits

CARDS = "I3 L3 O4 T4 S4 L4 F L5 N P T5 U V5 W X Y"

# The two reported rounds of docs/rules.md, with the cards turned at the table (Seed: none):
# board 1 "8 full rows, 4 dots open: 4"; board 4 (default, ILLUSTRATIVE pairs A (2,1) (6,6),
# B (3,4) (9,2), C (5,2) (11,6), D (7,5) (12,1), E (4,6) (10,4)) "4 pairs open, 7 dots
# open": A-D both uncovered 4 x (+3), E both covered 0, 7 open dots -7: 5. Total 9, with no
# solo title: the titles are for a solo game of all four boards.
REPORTED = """FITS tally record
; the players' own comment
Players: Solo
Seed: none
Boards: 1 4
StartTiles: P T5 U Y

Round 1 board 1
start: Solo U
cards: %(cards)s
tally: Solo rows 8 open 4
score: Solo 4

Round 2 board 4
start: Solo P
cards: %(cards)s
tally: Solo open 7 uncovered 2/1 6/6 3/4 9/2 5/2 11/6 7/5 12/1
score: Solo 5
""" % {"cards": CARDS}


def _replay(tmp_path, capsys, text, *args):
    path = tmp_path / "tally.txt"
    path.write_text(text)
    capsys.readouterr()
    code = main(["replay", "fits", str(path), *args])
    captured = capsys.readouterr()
    return code, captured


def test_the_reported_rounds_replay_to_their_reported_scores(tmp_path, capsys):
    code, captured = _replay(tmp_path, capsys, REPORTED)
    assert code == 0, captured.err
    out = json.loads(captured.out)
    assert out["scoring"] == "tally"
    assert [r["scores"]["Solo"] for r in out["rounds"]] == [4, 5]
    assert out["totals"] == {"Solo": 9}
    assert out["complete"] is True
    assert out["winners"] == ["Solo"]
    assert out["solo_rating"] is None
    assert out["no_solo_rating"] == ("the titles are for a solo game of all four boards, and this"
                                     " game had boards 1 and 4 only")


@pytest.mark.parametrize("change, message", [
    (("score: Solo 4", "score: Solo 5"), "tally.txt:12: Solo scores 4 in round 1 by the tally, not 5"),
    (("rows 8 open 4", "rows 8 open 2"),
     "tally.txt:11: Solo's tally: board 1: 8 full rows leave 4 rows with 1 to 6 open dots each,"
     " so 4 to 24 open dots, not 2"),
    (("uncovered 2/1", "uncovered 1/1"), "tally.txt:17: Solo's tally: board 4 has no special space"
                                         " at row 1, column 1"),
    (("Round 2 board 4", "Round 2 board 3"), "tally.txt:14: round 2 is played on board 4"),
    (("start: Solo P", "start: Ann P"), "tally.txt:15: the players must be listed once each"),
    (("cards: I3 L3", "cards: I3 I3"), "tally.txt:10: card 2 (I3): card I3 was already turned"),
])
def test_a_wrong_line_is_named(tmp_path, capsys, change, message):
    old, new = change
    text = REPORTED.replace(old, new, 1)
    assert text != REPORTED
    code, captured = _replay(tmp_path, capsys, text)
    assert code == 2 and message in captured.err, captured.err


def test_a_seeded_record_must_match_the_deal(tmp_path, capsys):
    with Store(tmp_path / "log.sqlite3") as store:
        s = FitsSession.start(store, ["Ann", "Bob"], 11, {"scoring": "tally", "boards": [1]})
        play_out(s)
        text = write_tally_record(s.core)
    first = text.split("cards: ")[1].split()[0]
    other = "X" if first != "X" else "Y"
    code, captured = _replay(tmp_path, capsys, text.replace("cards: " + first, "cards: " + other))
    assert code == 2
    assert "seed 11 turns %s as card 1 of round 1, not %s" % (first, other) in captured.err


def _stored(db, options, actions=None):
    with Store(db) as store:
        s = FitsSession.start(store, ["Ann", "Bob"], 21, options)
        if actions is None:
            play_out(s)
        else:
            for _ in range(actions):
                s.act(next_fits(s))
        scores = store.scores(s.row.id)
        return s.row.id, {part: [p for p, _ in v] for part, v in scores.items()}


@pytest.mark.parametrize("actions", [None, 0, 1, 9, 17, 18, 19, 40])
def test_export_then_replay_gives_the_same_scores(tmp_path, capsys, actions):
    # None: the whole game; else the game stopped after that many actions (17 = deal and
    # 16 cards: tallies due; 18 = one of two tallies given; 19 = round 1 scored).
    db = tmp_path / "log.sqlite3"
    gid, scores = _stored(db, {"scoring": "tally"}, actions)
    out_file = tmp_path / "game.txt"
    reveal = [] if actions is None else ["--reveal"]  # a game in play: its seed too
    assert main(["export", str(gid), "--db", str(db), "-o", str(out_file)] + reveal) == 0
    capsys.readouterr()
    assert main(["replay", "fits", str(out_file)]) == 0
    out = json.loads(capsys.readouterr().out)
    rounds = [[r["scores"][p] for p in ("Ann", "Bob")] for r in out["rounds"]]
    assert rounds == [scores["round %d" % (k + 1)] for k in range(len(rounds))]
    assert len(rounds) == sum(1 for part in scores if part.startswith("round"))
    assert out["complete"] is (actions is None)
    if actions is None:
        assert [out["totals"][p] for p in ("Ann", "Bob")] == scores["total"]


def test_a_table_deal_exports_its_cards_and_replays(tmp_path):
    with Store(tmp_path / "log.sqlite3") as store:
        s = FitsSession.start(store, ["Ann", "Bob"], 0, {"scoring": "tally", "deal": "table",
                                                        "boards": [2]})
        s.act({"type": "deal", "starts": ["Y", "P"]})
        for card in CARDS.split():
            s.act({"type": "turn", "card": card})
        # Board 2 (default, ILLUSTRATIVE): (5,3) worth 3 and (3,1) worth 2 uncovered, 4 open
        # dots: 3 + 2 - 4 = 1. Bob: nothing uncovered, no open dot: 0.
        s.act({"type": "tally", "seat": 0, "open_dots": 4, "full_rows": None,
               "uncovered": [[5, 3], [3, 1]]})
        s.act({"type": "tally", "seat": 1, "open_dots": 0, "full_rows": None, "uncovered": []})
        text = write_tally_record(s.core)
    assert "Seed: none" in text and "start: Ann Y, Bob P" in text and "cards: " + CARDS in text
    assert "tally: Ann open 4 uncovered 5/3 3/1, Bob open 0" in text
    game = read_tally_record(text, "t.txt")
    assert [s["total"] for s in game.round_scores[0]] == [1, 0]
    assert game.phase == "over"


def test_not_a_tally_record_is_refused_with_the_first_line(tmp_path):
    with pytest.raises(FormatError, match="first line must be 'FITS tally record'"):
        read_tally_record("FITS game record\nPlayers: Ann\n", "x.txt")


def test_a_tally_off_the_default_layout_hints_at_the_own_layout(tmp_path, capsys):
    text = REPORTED.replace("uncovered 2/1", "uncovered 1/1", 1)
    code, captured = _replay(tmp_path, capsys, text)
    assert code == 2
    assert "(with the ILLUSTRATIVE default layout of board 4: was the game played with --layout?)" \
        in captured.err


def test_render_draws_the_score_chart_of_a_tally_record(tmp_path, capsys):
    path = tmp_path / "tally.txt"
    path.write_text(REPORTED)
    out = tmp_path / "pictures"
    assert main(["render", "record", "fits", str(path), "-o", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["fits-scores.svg"]
    import xml.etree.ElementTree as ET

    texts = [t.text for t in ET.parse(out / "fits-scores.svg").iter("{http://www.w3.org/2000/svg}text")]
    assert "Solo 9" in texts  # the legend: the player and the total, 4 + 5
