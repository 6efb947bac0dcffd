"""Pictures from the core's text formats (render.py) and `boardlight render`."""

import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from boardcore.zatre import position as zatre_position
from boardcore.zatre import record as zatre_record
from boardcore.zatre import score as zatre_score
from boardcore.errors import FormatError
from boardcore.zatre.game import Game as ZatreGame
from boardlight.render import records as render
from boardlight.render.svg import zatre as render_zatre
from boardlight.cli import cli, main


def classes(svg, cls):
    root = ET.fromstring(svg.encode("utf-8"))
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


# Solo, boards 1 then 2, start tile P every round; every other card set aside except I3
# and O4 in round 1. Cards are given in the record (no seed).
CARDS = "I3 L3 O4 T4 S4 L4 F L5 N P T5 U V5 W X Y".split()


def fits_round(number, board, drops, score):
    lines = ["Round %d board %d" % (number, board), "start: Ann P 1/1"]
    for tile in CARDS:
        act = "skip" if tile == "P" else drops.get(tile, "pass")
        lines.append("card %s: Ann %s" % (tile, act))
    lines.append("score: Ann %d" % score)
    return lines


# Round 1, board 1. P orientation 1 (##/##/#.) at column 1 rests on the bottom:
# (1,1) (2,1) (2,2) (3,1) (3,2). I3 1/3: (1,3) (1,4) (1,5). O4 1/5: column 5 is
# filled to row 1, so it rests at row 2: (2,5) (2,6) (3,5) (3,6). 12 cells covered, no
# row full: 60 open dots -> -60.
# Round 2, board 2 (illustrative layout): only P, covering (3,1), a 2. Open specials:
# 1+1+1+1 + 2+2 + 3+3 = 14. Board 2 has 4 + 3 + 2 = 9 specials, so 72 - 9 = 63 ordinary
# cells, P covers 4 of them: 59 open dots. Score 14 - 59 = -45.
FITS_RECORD = "\n".join(
    ["FITS game record", "Players: Ann", "Seed: none", "Boards: 1 2", "StartTiles: P T5 U Y", "MaxOverhang: none", ""]
    + fits_round(1, 1, {"I3": "1/3", "O4": "1/5"}, -60)
    + [""]
    + fits_round(2, 2, {}, -45)
) + "\n"


def test_fits_record_pictures_every_round_and_the_chart():
    pics = render.record_pictures("fits", FITS_RECORD, "game.fits")
    assert sorted(pics) == ["fits-round1-Ann.svg", "fits-round2-Ann.svg", "fits-scores.svg"]
    r1 = pics["fits-round1-Ann.svg"]
    assert sorted((e.get("data-row"), e.get("data-col"), e.get("data-tile")) for e in classes(r1, "covered")) == sorted(
        [("1", "1", "P"), ("2", "1", "P"), ("2", "2", "P"), ("3", "1", "P"), ("3", "2", "P"),
         ("1", "3", "I3"), ("1", "4", "I3"), ("1", "5", "I3"),
         ("2", "5", "O4"), ("2", "6", "O4"), ("3", "5", "O4"), ("3", "6", "O4")]
    )
    r2 = pics["fits-round2-Ann.svg"]
    assert len(classes(r2, "covered")) == 5
    assert [e.get("data-value") for e in classes(r2, "special-covered")] == ["2"]
    assert len(classes(r2, "special")) == 8
    assert classes(r2, "illustrative")  # board 2's default layout is not the printed one
    chart = pics["fits-scores.svg"]
    assert [e.get("data-total") for e in classes(chart, "point")] == ["-60", "-105"]


POSITION = """FITS board 1
12  .  .  .  .  .  .
11  .  .  .  .  .  .
10  .  .  .  .  .  .
 9  .  .  .  .  .  .
 8  .  .  .  .  .  .
 7  .  .  .  .  .  .
 6  .  .  .  .  .  .
 5  .  .  .  .  .  .
 4  .  .  .  .  .  .
 3  .  .  X  .  .  .
 2  .  X  X  X  .  .
 1  #  .  X  .  .  .
    1  2  3  4  5  6
"""


def test_fits_position_picture_from_the_position_format():
    pics = render.position_pictures("fits", POSITION, "pos.txt")
    covered = classes(pics["fits-board1.svg"], "covered")
    # X's five cells by id; '#' is covered by a tile the position does not name: '?'.
    assert sorted((e.get("data-row"), e.get("data-col"), e.get("data-tile")) for e in covered) == [
        ("1", "1", "?"), ("1", "3", "X"), ("2", "2", "X"), ("2", "3", "X"), ("2", "4", "X"), ("3", "3", "X")
    ]
    assert len(classes(pics["fits-board1.svg"], "dot")) == 72 - 6


def test_zatre_record_pictures_board_and_sheets():
    game = ZatreGame(["Ann", "Bob"], seed=11)
    a, b, c = game.hand()
    # The first turn: row 7 holds a + b <= 12 and column 7 holds a + c <= 12 (tiles are
    # at most 6), and neither (7,8) nor (8,7) is grey (7 != 8, 7 + 8 != 14): always legal.
    game.play([(7, 7, a), (7, 8, b), (8, 7, c)])
    pics = render.record_pictures("zatre", zatre_record.format_record(game), "z.txt")
    assert sorted(pics) == ["zatre-board.svg", "zatre-sheet-Ann.svg", "zatre-sheet-Bob.svg"]
    board = pics["zatre-board.svg"]
    # docs/rules.md: 193 playable cells, 32 grey squares, the red start square.
    assert len(classes(board, "cell")) == 193
    assert len(classes(board, "grey")) == 32
    start = classes(board, "start")
    assert [(e.get("data-row"), e.get("data-col")) for e in start] == [("7", "7")]
    assert [e.get("data-value") for e in classes(board, "tile")] == [str(a), str(b), str(c)]
    # Pips: a die face shows its value in dots.
    assert len(classes(board, "pip")) == a + b + c


def test_zatre_sheet_rows_bonus_crosses_and_held_tiles():
    sheet = zatre_score.ScoreSheet()
    sheet.add((1, 2, 0), 1)  # a 10, an 11 and a cross
    sheet.add((1, 0, 4), 0)  # a 10 and a 12
    sheet.add((0, 2, 8), 1)  # an 11, two 12s (8) and a cross
    # Columns fill top down on their own: row 1 = 1 | 2 | 4, row 2 = 1 | 2 | 8; both
    # full, bonus 3 each (rows 1-4); both crossed: (1+2+4+3) x 2 = 20, (1+2+8+3) x 2 = 28.
    svg = render_zatre.sheet_svg(sheet, "Ann", held=[3])
    assert [e.text for e in classes(svg, "row-total")] == ["20", "28"]
    assert [(e.get("data-column"), e.text) for e in classes(svg, "entry") if e.get("data-column")] == [
        ("10", "1"), ("11", "2"), ("12", "4"), ("10", "1"), ("11", "2"), ("12", "8")
    ]
    assert len(classes(svg, "cross")) == 4  # two strokes per crossed box
    assert len(classes(svg, "box")) == 16 * 6  # 16 printed rows x 6 columns
    # 48 on the sheet, minus the 3 still held.
    assert classes(svg, "sheet-total")[0].text == "Sheet 48, minus held tiles 3 (3): 45"


FORBES_MOVES = ["SSSS", "TTTT", "CCCC", "XXXX"]


def forbes_game(dealer, other):
    lines = ["game dealer %s" % dealer, "hand Ann SSTC", "hand Bob TCXX"]
    k = 0
    for r, row in enumerate(FORBES_MOVES):
        for c, stone in enumerate(row):
            lines.append("move %s %s %d %d" % ((dealer, other)[k % 2], stone, r, c))
            k += 1
    return lines


# Rows SSSS / TTTT / CCCC / XXXX: the four rows complete (2 points each), nothing else
# (columns, squares, diagonals, centre and corners are mixed). Ann SSTC: 2x2 + 2 + 2 = 8;
# Bob TCXX: 2 + 2 + 2x2 = 8. Bob played second, so he deals game 2.
FORBES_RECORD = "\n".join(["forbes-match 1", "players Ann Bob"] + forbes_game("Ann", "Bob") + forbes_game("Bob", "Ann")) + "\n"


def test_forbes_record_pictures_games_and_chart():
    pics = render.record_pictures("forbes", FORBES_RECORD, "m.txt")
    assert sorted(pics) == ["forbes-game1.svg", "forbes-game2.svg", "forbes-scores.svg"]
    g1 = pics["forbes-game1.svg"]
    assert [e.get("data-pattern") for e in classes(g1, "pattern")] == ["row0", "row1", "row2", "row3"]
    assert [e.text for e in classes(g1, "score")] == ["Ann (SSTC): 8", "Bob (TCXX): 8"]
    chart = pics["forbes-scores.svg"]
    assert [e.get("data-total") for e in classes(chart, "point")] == ["8", "16", "8", "16"]
    assert len(classes(chart, "target")) == 1  # the match is to 100


def test_bad_records_raise_the_core_errors_naming_the_line():
    bad = FITS_RECORD.replace("card I3: Ann 1/3", "card I3: Ann 1/6")
    with pytest.raises(Exception, match="game.fits:.*I3") as info:
        render.record_pictures("fits", bad, "game.fits")
    assert "right edge" in str(info.value)
    with pytest.raises(FormatError, match="m.txt"):
        render.record_pictures("forbes", FORBES_RECORD.replace("move Bob S 0 1", "move Bob S 0 0"), "m.txt")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        render.record_pictures("chess", "", "x")


def test_cli_render_record_and_position(tmp_path):
    rec = tmp_path / "game.fits"
    rec.write_text(FITS_RECORD)
    out = tmp_path / "pics"
    result = CliRunner().invoke(cli, ["render", "record", "fits", str(rec), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["fits-round1-Ann.svg", "fits-round2-Ann.svg", "fits-scores.svg"]
    assert result.output.splitlines() == [str(out / n) for n in ("fits-round1-Ann.svg", "fits-round2-Ann.svg", "fits-scores.svg")]
    pos = tmp_path / "pos.txt"
    pos.write_text("forbes-position 1\nboard SSSS\nboard TCXT\nboard SS.C\nboard XSCS\nhand Ann SSTC\n")
    result = CliRunner().invoke(cli, ["render", "position", "forbes", str(pos), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Ann (SSTC): 4" in (out / "forbes-board.svg").read_text()


def test_cli_render_malformed_file_is_a_one_line_error(tmp_path, capsys):
    pos = tmp_path / "pos.txt"
    pos.write_text("forbes-position 1\nboard SSSS\n")
    assert main(["render", "position", "forbes", str(pos), "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: %s" % pos) and "4 'board' lines" in err
    assert not (tmp_path / "forbes-board.svg").exists()


def test_zatre_position_pictures_include_each_sheet():
    game = ZatreGame(["Ann", "Bob"], seed=11)
    a, b, c = game.hand()
    idle = game.players[1 - game.current]  # the opening draw decides who starts
    game.play([(7, 7, a), (7, 8, b), (8, 7, c)])  # always legal: see above
    pics = render.position_pictures("zatre", zatre_position.format_position(game), "p.txt")
    assert sorted(pics) == ["zatre-board.svg", "zatre-sheet-Ann.svg", "zatre-sheet-Bob.svg"]
    assert len(classes(pics["zatre-board.svg"], "tile")) == 3
    assert classes(pics["zatre-sheet-%s.svg" % idle], "row-total") == []  # has not played yet


def test_cli_render_fits_position_with_a_user_layout(tmp_path):
    layout = tmp_path / "my-board2.txt"
    layout.write_text("board 2\nspace 1 2 3\nspace 12 6 1\n")
    pos = tmp_path / "pos.txt"
    # The text must show the user's specials where open: 3 at row 1 column 2, 1 at 12/6.
    rows = ["%2d  .  .  .  .  .  ." % r for r in range(12, 0, -1)]
    rows[0] = "12  .  .  .  .  .  1"
    rows[11] = " 1  #  3  .  .  .  ."
    pos.write_text("FITS board 2\n" + "\n".join(rows) + "\n")
    out = tmp_path / "o"
    result = CliRunner().invoke(cli, ["render", "position", "fits", str(pos), "--layout", str(layout), "-o", str(out)])
    assert result.exit_code == 0, result.output
    svg = (out / "fits-board2.svg").read_text()
    assert sorted(e.get("data-value") for e in classes(svg, "special")) == ["1", "3"]
    assert classes(svg, "illustrative") == []  # the user's own layout
    result = CliRunner().invoke(cli, ["render", "position", "forbes", str(pos), "--layout", str(layout), "-o", str(out)])
    assert result.exit_code == 2 and "--layout is for FITS boards" in result.output  # a usage error
