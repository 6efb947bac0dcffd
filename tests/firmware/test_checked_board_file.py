"""The device checks its board file once: board.ok keeps the checked configuration with
the checksum of the board.json it came from, and later boots read it without loading the
checker. An edited, missing or damaged board.ok, or an edited board.json, means a full
check again. Run on the unix port at 96 KB from the image's own folder, as a board boots."""

import json
import os
import subprocess

from boardlight import deploy, image
from conftest import MICROPYTHON

LOAD = """
import sys
import board_config
b = board_config.load("board.json", "board.ok")
print(b["name"], b["display"]["brightness"], "board_check" in sys.modules)
"""


def _image(tmp_path, board="pico"):
    config, text = deploy.load_board(board)
    out = tmp_path / board
    image.build(out, text, image.kind_for(config))
    return out


def _boot(folder, checker=True):
    """Run the boot's load; with checker=False the image's board_check.mpy is out of
    reach, so a load that needs the checker fails."""
    mpy = folder / "board_check.mpy"
    if not checker:
        mpy.rename(folder / "board_check.hidden")
    try:
        env = dict(os.environ, MICROPYPATH=os.pathsep.join(["", ".frozen", "lib"]))
        return subprocess.run([str(MICROPYTHON), "-X", "heapsize=96k", "-c", LOAD], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=60)
    finally:
        if not checker:
            (folder / "board_check.hidden").rename(mpy)


def test_an_unchanged_board_file_boots_without_the_checker(tmp_path):
    folder = _image(tmp_path)
    done = _boot(folder, checker=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == ["pico", "4", "False"]


def test_an_edited_board_file_is_checked_again_and_kept_as_checked(tmp_path):
    folder = _image(tmp_path)
    raw = json.loads((folder / "board.json").read_text())
    raw["display"]["brightness"] = 3
    (folder / "board.json").write_text(json.dumps(raw))
    # The checker is needed: with it hidden, the boot fails.
    hidden = _boot(folder, checker=False)
    assert hidden.returncode != 0 and "board_check" in hidden.stdout + hidden.stderr
    done = _boot(folder)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == ["pico", "3", "False"]  # the checker went after the check
    # What the device wrote: the next boot needs no checker.
    again = _boot(folder, checker=False)
    assert again.stdout.split() == ["pico", "3", "False"], again.stdout + again.stderr


def test_an_edited_board_file_with_a_fault_is_refused_whatever_board_ok_says(tmp_path):
    folder = _image(tmp_path)
    raw = json.loads((folder / "board.json").read_text())
    raw["display"]["brightness"] = 99
    (folder / "board.json").write_text(json.dumps(raw))
    done = _boot(folder)
    assert done.returncode != 0
    assert "display.brightness: must be a whole number 0..15, not 99" in done.stdout + done.stderr


def test_a_damaged_or_missing_board_ok_means_a_full_check(tmp_path):
    folder = _image(tmp_path)
    written = (folder / "board.ok").read_text()
    # Still JSON, and a brightness the checker refuses: its own checksum gives it away.
    edited = written.replace('"brightness": 4', '"brightness": 99', 1)
    assert edited != written
    for damage in ("garbage\n{", "", written[: len(written) // 2], edited, None):
        if damage is None:
            (folder / "board.ok").unlink()
        else:
            (folder / "board.ok").write_text(damage)
        done = _boot(folder)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.split() == ["pico", "4", "False"]
        assert _boot(folder, checker=False).stdout.split() == ["pico", "4", "False"]


def test_an_image_for_a_board_file_with_a_fault_has_no_board_ok(tmp_path):
    out = tmp_path / "bad"
    text = (deploy.BOARDS / "pico.json").read_text().replace('"brightness": 4', '"brightness": 99', 1)
    assert text != (deploy.BOARDS / "pico.json").read_text()
    image.build(out, text, "device")
    assert (out / "board.json").exists() and not (out / "board.ok").exists()


def test_a_board_file_the_two_jsons_read_apart_gets_no_board_ok(tmp_path):
    # CPython's json takes NaN, MicroPython's does not: the host cannot vouch for such a
    # file, and the board must find the fault itself. Text above U+FFFF: CPython writes it
    # as a surrogate pair, which MicroPython reads as two characters.
    pico = (deploy.BOARDS / "pico.json").read_text()
    for n, text in enumerate((pico.replace('"name"', '"_note": NaN, "name"', 1),
                              pico.replace('"name": "pico"', '"name": "pico", "_note": "\U0001f3b2"', 1))):
        assert text != pico
        out = tmp_path / ("apart%d" % n)
        image.build(out, text, "device")
        assert not (out / "board.ok").exists()
    done = _boot(tmp_path / "apart0")
    assert done.returncode != 0 and "not valid JSON" in done.stdout + done.stderr
    # The character above U+FFFF is fine for the board itself: it checks the file and
    # writes its own board.ok.
    done = _boot(tmp_path / "apart1")
    assert done.stdout.split() == ["pico", "4", "False"], done.stdout + done.stderr
    assert (tmp_path / "apart1" / "board.ok").exists()
