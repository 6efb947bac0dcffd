"""The image deploy puts on a board holds exactly what the device needs, and runs there:
built as `boardlight deploy` builds it, then run on the unix port in a 96 KB heap from its
own folder, imports as a board resolves them, FITS boards 2-4 scored on their default
layouts read from the image."""

import binascii
import json
import os
import subprocess

import pytest

from boardlight import deploy, image
from boardlight.firmware import core_dir, firmware_dir
from conftest import CONFORMANCE, MICROPYTHON
from mpy_tree import compiled

BOARD_SCENARIOS = ("score_board2", "score_board3_empty", "score_board4_reported")


def _deployed(tmp_path, board):
    # deploy.deploy's own steps up to the copy: load and check the board file, build the
    # image of the kind the board needs into a folder.
    config, text = deploy.load_board(board)
    out = tmp_path / board
    files = image.build(out, text, image.kind_for(config))
    return out, files


def test_a_real_boards_image_is_the_firmware_and_core_without_sim(tmp_path):
    folder, files = _deployed(tmp_path, "pico")
    fw, core = firmware_dir(), core_dir()
    want = {"board.json", "board.ok"}
    for p in fw.rglob("*.py"):
        rel = p.relative_to(fw).as_posix()
        if rel.startswith("sim/") or rel == "__init__.py":
            continue
        want.add(rel if rel == "main.py" else rel[:-3] + ".mpy")
    for p in core.rglob("*.py"):
        want.add("lib/boardcore/" + p.relative_to(core).as_posix()[:-3] + ".mpy")
    for n in (2, 3, 4):
        want.add("lib/boardcore/fits/boards/board%d.txt" % n)
    assert set(files) == want
    assert not [f for f in files if f.startswith("sim/") or "test" in f.rsplit("/", 1)[-1]]
    assert (folder / "lib/boardcore/fits/boards/board2.txt").read_bytes() == (core / "fits/boards/board2.txt").read_bytes()
    assert json.loads((folder / "board.json").read_text())["name"] == "pico"


def test_the_image_holds_its_board_file_as_checked(tmp_path):
    folder, _ = _deployed(tmp_path, "pico")
    text = (folder / "board.json").read_text()
    head, checked = (folder / "board.ok").read_text().split("\n", 1)
    crc = lambda s: "%08x" % (binascii.crc32(s.encode()) & 0xFFFFFFFF)  # noqa: E731
    assert head == crc(text) + " " + crc(checked.rstrip("\n"))
    config = json.loads(checked)
    assert config == deploy.load_board("pico")[0]
    assert config["debounce_ms"] == 20 and config["display"]["kind"] == "max7219"  # defaults filled in


def test_the_virtual_boards_image_adds_sim(tmp_path):
    _, device = _deployed(tmp_path, "pico")
    _, virtual = _deployed(tmp_path, "virtual")
    added = sorted(set(virtual) - set(device))
    assert added and all(f.startswith("sim/") and f.endswith(".mpy") for f in added)
    assert "sim/channel.mpy" in added and "sim/setup.mpy" in added
    assert sorted(set(device) - set(virtual)) == []


@pytest.mark.parametrize("scenario", BOARD_SCENARIOS)
def test_the_image_scores_fits_boards_2_to_4_in_96k(tmp_path, scenario):
    folder, _ = _deployed(tmp_path, "pico")
    # From the image's own folder, with the board's import path ("" and /lib, here lib
    # relative to it): the default layouts come from the image's lib/boardcore.
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(["", ".frozen", "lib", str(compiled(CONFORMANCE))]))
    path = CONFORMANCE / "fits" / (scenario + ".json")
    done = subprocess.run([str(MICROPYTHON), "-X", "heapsize=96k", str(CONFORMANCE / "runner.py"), str(path)],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    result = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert json.loads(result[0][len("RESULT "):]) == json.loads(path.read_text())["expect"]


def test_the_images_board_file_loads_in_96k(tmp_path):
    # The first thing main.py does on a board: its board.json checked by the firmware's
    # own validator, from the image's .mpy files.
    folder, _ = _deployed(tmp_path, "pico")
    script = "import board_config\nb = board_config.load('board.json')\nprint(b['name'], b['display']['kind'])\n"
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(["", ".frozen", "lib"]))
    done = subprocess.run([str(MICROPYTHON), "-X", "heapsize=96k", "-c", script], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == ["pico", "max7219"]
