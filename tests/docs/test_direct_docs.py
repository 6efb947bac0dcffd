"""The README's board file for a matrix wired straight to a Raspberry Pi validates, through the
loader `--direct` uses, and is firmware/boards/raspberry-pi.json; its NeoPixel display
validates in its place."""

import json
import re
from pathlib import Path

from boardlight.direct import board_file

ROOT = Path(__file__).resolve().parents[2]


def _section():
    text = (ROOT / "README.md").read_text()
    start = text.index("**A matrix wired straight to a Raspberry Pi.**")
    end = text.index("\n## ", start)
    return text[start:end]


def _json_blocks():
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", _section(), re.S)]


def test_the_readme_board_file_validates_and_is_the_committed_one():
    example, _ = _json_blocks()
    checked = board_file.validate(example)
    assert checked["mcu"] == "linux"
    assert checked == board_file.load(ROOT / "firmware" / "boards" / "raspberry-pi.json")


def test_the_readme_neopixel_display_validates():
    example, display = _json_blocks()
    checked = board_file.validate(dict(example, display=display))
    assert checked["display"]["kind"] == "neopixel" and checked["display"]["pin"] == "D18"


def test_the_commands_shown_name_the_example_file():
    for command in ("direct check", "play fits --direct", "direct deal"):
        assert "`boardlight %s firmware/boards/raspberry-pi.json`" % command in _section()
