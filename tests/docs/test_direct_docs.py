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


def _doc_json_blocks():
    text = (ROOT / "docs" / "direct.md").read_text()
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_docs_direct_shows_the_committed_pi_file():
    pi, _pc = _doc_json_blocks()
    assert board_file.validate(pi) == board_file.load(ROOT / "firmware" / "boards" / "raspberry-pi.json")


def test_the_pc_example_runs_on_blinkas_os_agnostic_board(tmp_path):
    # docs/direct.md "Trying it on a PC": the file validates and `direct check` runs it.
    import os
    import subprocess
    import sys

    _pi, pc = _doc_json_blocks()
    path = tmp_path / "pc.json"
    path.write_text(json.dumps(pc))
    env = dict(os.environ, BLINKA_OS_AGNOSTIC="1")
    done = subprocess.run([sys.executable, "-m", "boardlight", "direct", "check", str(path), "--pause", "0"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Blinka detected board OS_AGNOSTIC_BOARD (chip OS_AGNOSTIC).")
    assert "FITS building card T5, round 2" in done.stdout


def test_on_a_pc_the_pi_file_says_what_blinka_found_and_how_to_try_it(tmp_path):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "BLINKA_OS_AGNOSTIC"}
    done = subprocess.run([sys.executable, "-m", "boardlight", "direct", "check",
                           str(ROOT / "firmware" / "boards" / "raspberry-pi.json"), "--pause", "0"],
                          capture_output=True, text=True, env=env, timeout=120)
    if "GENERIC_LINUX_PC" not in done.stdout:
        import pytest

        pytest.skip("this computer is not a generic Linux PC to Blinka: %s" % done.stdout[:80])
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "this board has no pin" in done.stderr
    assert "Blinka detected board GENERIC_LINUX_PC" in done.stderr
    assert "BLINKA_OS_AGNOSTIC=1" in done.stderr and "docs/direct.md" in done.stderr
