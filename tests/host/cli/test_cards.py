"""Card catalogue, the code registry, scan checks during play, and `boardlight cards`."""

import json

import pytest
from click.testing import CliRunner

from boardlight import cards as C
from boardlight.cli import cli

START = ["P", "T5", "U", "Y"]


def test_fits_catalogue_is_four_start_then_sixteen_building_cards():
    deck = C.catalogue("fits", START)
    # docs/rules.md: 4 start cards + 16 building cards, one building card per tile in table order.
    assert [c.card_id for c in deck[:4]] == ["start-P", "start-T5", "start-U", "start-Y"]
    assert [c.card_id for c in deck[4:]] == [
        "build-" + t for t in "I3 L3 O4 T4 S4 L4 F L5 N P T5 U V5 W X Y".split()
    ]
    assert deck[0].label() == "FITS start card P"
    assert deck[9].label() == "FITS building card L4"


def test_fits_default_start_tiles_are_the_core_default():
    # docs/rules.md's FITS option start_tiles, default P, T5, U, Y.
    assert [c.shows for c in C.catalogue("fits")[:4]] == START


def test_forbes_catalogue_is_five_cards_of_each_symbol():
    deck = C.catalogue("forbes")
    assert len(deck) == 20
    assert [c.card_id for c in deck[:6]] == ["square-1", "square-2", "square-3", "square-4", "square-5", "triangle-1"]
    assert [c.shows for c in deck[15:]] == ["star"] * 5
    assert deck[7].label() == "Forbes ownership card triangle (3 of 5)"


@pytest.mark.parametrize(
    "game, tiles, message",
    [
        ("zatre", None, "Zatre has no cards"),
        ("chess", None, "unknown game 'chess'"),
        ("fits", ["P", "Q", "U", "Y"], "start tile 'Q' is not a FITS tile id"),
        ("fits", ["P", "P", "U", "Y"], "start tiles must differ"),
    ],
)
def test_catalogue_refuses_with_reason(game, tiles, message):
    with pytest.raises(C.CardError, match=message):
        C.catalogue(game, tiles)


def _card(game, cid):
    return [c for c in C.catalogue_all(game) if c.card_id == cid][0]


def test_registry_round_trip_and_replacing_a_cards_code(tmp_path):
    path = tmp_path / "sub" / "cards.json"
    reg = C.CardRegistry.load(path)  # missing file: empty
    assert len(reg) == 0
    reg.enrol("04A1B2", _card("fits", "build-L4"))
    reg.enrol("  04FFEE ", _card("forbes", "star-2"))  # surrounding blanks are not part of a code
    again = C.CardRegistry.load(path)
    assert again.card_for("04A1B2") == _card("fits", "build-L4")
    assert again.card_for("04FFEE").label() == "Forbes ownership card star (2 of 5)"
    # A card enrolled again with a new sticker: the old code is gone.
    again.enrol("NEWCODE", _card("fits", "build-L4"))
    third = C.CardRegistry.load(path)
    assert third.code_of("fits", "build-L4") == "NEWCODE"
    with pytest.raises(C.UnknownCode, match="unknown card code '04A1B2'"):
        third.card_for("04A1B2")
    assert json.loads(path.read_text())["cards"] == {
        "04FFEE": {"game": "forbes", "card": "star-2"},
        "NEWCODE": {"game": "fits", "card": "build-L4"},
    }


def test_a_code_held_by_another_card_is_refused_and_nothing_changes(tmp_path):
    path = tmp_path / "cards.json"
    reg = C.CardRegistry(path)
    reg.enrol("AAA", _card("fits", "start-P"))
    before = path.read_bytes()
    with pytest.raises(C.CardError, match="code 'AAA' is already enrolled as FITS start card P"):
        reg.enrol("AAA", _card("fits", "build-P"))
    assert path.read_bytes() == before
    assert reg.card_for("AAA").card_id == "start-P"
    assert reg.code_of("fits", "build-P") is None


@pytest.mark.parametrize("code, message", [("", "empty card code"), ("a\x07b", "control characters"), (5, "must be text")])
def test_bad_codes_are_refused(tmp_path, code, message):
    reg = C.CardRegistry(tmp_path / "cards.json")
    with pytest.raises(C.CardError, match=message):
        reg.enrol(code, _card("fits", "start-P"))
    assert not (tmp_path / "cards.json").exists()


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "cannot be read"),
        ('{"version": 2, "cards": {}}', '"version": 1'),
        ('{"version": 1, "cards": {"A": {"game": "zatre", "card": "x"}}}', "unknown game 'zatre'"),
        ('{"version": 1, "cards": {"A": {"game": "fits", "card": "build-Q"}}}', "fits has no card 'build-Q'"),
        (
            '{"version": 1, "cards": {"A": {"game": "fits", "card": "build-X"}, "B": {"game": "fits", "card": "build-X"}}}',
            "enrolled twice",
        ),
    ],
)
def test_a_damaged_registry_file_is_named_in_the_error(tmp_path, content, message):
    path = tmp_path / "cards.json"
    path.write_text(content)
    with pytest.raises(C.CardError, match=message) as info:
        C.CardRegistry.load(path)
    assert str(path) in str(info.value)


def _registry(tmp_path):
    reg = C.CardRegistry(tmp_path / "cards.json")
    reg.enrol("F-L4", _card("fits", "build-L4"))
    reg.enrol("F-X", _card("fits", "build-X"))
    reg.enrol("B-S1", _card("forbes", "square-1"))
    return reg


def test_scan_tracker_accepts_each_card_once_per_round(tmp_path):
    track = C.ScanTracker(_registry(tmp_path), "fits")
    assert track.accept("F-L4").shows == "L4"
    with pytest.raises(C.AlreadyPlayed, match="FITS building card L4 was already played"):
        track.accept("F-L4")
    assert track.accept("F-X").shows == "X"
    assert [c.card_id for c in track.played] == ["build-L4", "build-X"]
    track.new_round()
    assert track.accept("F-L4").card_id == "build-L4"


def test_scan_tracker_errors_change_nothing(tmp_path):
    track = C.ScanTracker(_registry(tmp_path), "fits")
    track.accept("F-X")
    with pytest.raises(C.UnknownCode, match="unknown card code 'NOPE'"):
        track.accept("NOPE")
    with pytest.raises(C.WrongGame, match="that is a forbes card .*this game is fits"):
        track.accept("B-S1")
    assert [c.card_id for c in track.played] == ["build-X"]
    with pytest.raises(C.CardError, match="Zatre has no cards|zatre has no cards"):
        C.ScanTracker(_registry(tmp_path), "zatre")


def test_unplay_takes_back_only_played_cards(tmp_path):
    track = C.ScanTracker(_registry(tmp_path), "fits")
    card = track.accept("F-X")
    track.unplay(card)
    assert track.played == []
    with pytest.raises(C.CardError, match="was not played"):
        track.unplay(card)


def test_enrol_walk_stores_skips_reasks_and_stops(tmp_path):
    reg = C.CardRegistry(tmp_path / "cards.json")
    deck = C.catalogue("fits", START)
    said = []
    events = [
        ("scan", "C1"),  # start-P
        ("button", "next", "down"),  # ignored: only releases count
        ("button", "next", "short"),  # start-T5 skipped
        ("scan", "C1"),  # start-U: refused, C1 is start-P's
        ("scan", "C3"),  # start-U
        ("button", "menu", "short"),  # stop at start-Y
    ]
    assert C.enrol_walk(reg, deck, events, said.append) == (2, 1)
    assert [code for code, _ in reg.entries("fits")] == ["C1", "C3"]
    assert said[0] == "1/20: scan FITS start card P"
    assert "not stored: code 'C1' is already enrolled as FITS start card P" in said[5]
    assert said[-1] == "stopped: 2 enrolled, 1 skipped"


def test_cli_enrol_typed_then_list_lookup_forget(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # platformdirs' data folder on Linux
    runner = CliRunner()
    # 20 ownership cards: type 3 codes, skip one, then quit.
    result = runner.invoke(cli, ["cards", "enrol", "forbes"], input="X1\nX2\n\nX4\nq\n")
    assert result.exit_code == 0, result.output
    assert "stopped: 3 enrolled, 1 skipped" in result.output
    stored = json.loads((tmp_path / "boardlight" / "cards.json").read_text())["cards"]
    assert stored == {
        "X1": {"game": "forbes", "card": "square-1"},
        "X2": {"game": "forbes", "card": "square-2"},
        "X4": {"game": "forbes", "card": "square-4"},
    }
    result = runner.invoke(cli, ["cards", "lookup", "X4"])
    assert result.output == "forbes square-4: Forbes ownership card square (4 of 5)\n"
    result = runner.invoke(cli, ["cards", "lookup", "X9"])
    assert result.exit_code == 2 and "unknown card code 'X9'" in result.output  # bad input
    result = runner.invoke(cli, ["cards", "forget", "X2"])
    assert result.exit_code == 0
    result = runner.invoke(cli, ["cards", "list"])
    assert result.output.splitlines()[-1] == "2 card(s) enrolled"


def test_cli_enrol_refuses_zatre(tmp_path):
    result = CliRunner().invoke(cli, ["cards", "enrol", "zatre", "--file", str(tmp_path / "c.json")])
    assert result.exit_code == 2  # click: not one of the choices
    assert "fits" in result.output and "forbes" in result.output
