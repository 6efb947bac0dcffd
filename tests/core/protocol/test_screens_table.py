"""The table of screens (boardcore.protocol.screens): its kinds and keys are the firmware's
draw functions and their own arguments, and check() refuses what the table does not allow,
naming the key, with the same words on CPython and on the device's MicroPython."""

import inspect
import json

import pytest

from boardcore.protocol.screens import HOST_DATA_TYPES, KINDS, check, keys
from boardlight.direct.device import load_screens

from conftest import run_on


def test_every_kind_is_a_draw_function_whose_arguments_are_its_keys():
    screens = load_screens()
    for kind in KINDS:
        params = list(inspect.signature(getattr(screens, kind)).parameters.values())
        assert params[0].name == "canvas", kind
        assert [(p.name, p.default is inspect.Parameter.empty) for p in params[1:]] == [
            (name, required) for name, _, required in keys(kind)
        ], kind


def test_the_host_sends_the_screens_and_three_frames_that_draw_none():
    assert HOST_DATA_TYPES == KINDS + ("bright", "query", "raw")
    assert KINDS == ("fits_card", "zatre_tiles", "forbes_hand", "forbes_stone", "fits_hint", "zatre_hint",
                     "forbes_hint", "message", "scores", "clear")


def test_a_payload_the_table_allows_comes_back_without_its_null_keys():
    assert check("fits_card", {"tile": "L3", "round_no": 2, "board_no": None}) == {"tile": "L3", "round_no": 2}
    assert check("zatre_tiles", {"tiles": (1, 5), "hint": [12, 2, 4, 7]}) == {"tiles": (1, 5), "hint": [12, 2, 4, 7]}
    assert check("clear", None) == {} and check("clear", {}) == {}
    assert check("message", {"text": "HI", "colour": [255, 0, 0], "loop": True})["loop"] is True


BAD = [
    ("fits_card", {"tile": "L3", "round": 2}, "unknown key 'round' (keys: tile, start, round_no, player, board_no)"),
    ("fits_card", {"tile": "L3", "round_no": "2"}, "round_no must be a whole number, not '2'"),
    ("fits_card", {"tile": "L3", "player": True}, "player must be a whole number, not True"),
    ("fits_card", {"tile": "L3", "start": 1}, "start must be true or false, not 1"),
    ("fits_card", {"round_no": 2}, "tile is required"),
    ("fits_card", {"tile": None}, "tile is required"),
    ("zatre_tiles", {"tiles": [1, "5"]}, "tiles must be a list of whole numbers, not [1, '5']"),
    ("zatre_tiles", {"tiles": 15}, "tiles must be a list of whole numbers, not 15"),
    ("forbes_hand", {"cards": ["S", "T"]}, "cards must be a string, not ['S', 'T']"),
    ("forbes_stone", {}, "stone is required"),
    ("message", {"text": "HI", "loop": "yes"}, "loop must be true or false, not 'yes'"),
    ("scores", {"scores": [3], "names": ["ANA", 2]}, "names must be a list of strings, not ['ANA', 2]"),
    ("clear", {"now": True}, "unknown key 'now' (keys: none)"),
    ("clear", [1], "the payload must be an object of keys, not [1]"),
    ("fits_hint", {"orientation": 2}, "tile is required"),
    ("zatre_hint", {"tiles": [5], "rows": [7]}, "cols is required"),
    ("forbes_hint", {"stone": "T", "row": 1, "col": "2"}, "col must be a whole number, not '2'"),
    ("fits", {"tile": "L3"}, "no screen 'fits' (screens: fits_card, zatre_tiles, forbes_hand, forbes_stone,"
                              " fits_hint, zatre_hint, forbes_hint, message, scores, clear)"),
]


@pytest.mark.parametrize("kind, payload, message", BAD)
def test_a_payload_the_table_does_not_allow_is_refused_naming_the_key(kind, payload, message):
    with pytest.raises(ValueError) as got:
        check(kind, payload)
    assert str(got.value) == message


def test_the_device_refuses_with_the_same_words(tmp_path):
    # The device runs the same module compiled, in a 96 KB heap: the messages it puts in
    # its err frames are the ones the host's check gives.
    cases = [[kind, payload] for kind, payload, _ in BAD]
    script = tmp_path / "table.py"
    script.write_text(
        "import json\n"
        "from boardcore.protocol.screens import check\n"
        "for kind, payload in json.loads(%r):\n"
        "    try:\n"
        "        check(kind, payload)\n"
        "        print('accepted')\n"
        "    except ValueError as e:\n"
        "        print(e)\n" % json.dumps(cases)
    )
    proc = run_on("micropython-96k", script)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == [message for _, _, message in BAD]
