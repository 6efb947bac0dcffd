"""The compiled image is cached by content in the user's cache folder: built once, found
again by the next process without compiling, rebuilt when a source changes, and whole
when two processes build it at the same moment."""

import os
import shutil
import subprocess
import sys

import pytest

from boardlight import image


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDLIGHT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(image, "_MEMO", {})
    return tmp_path / "cache" / "images"


def _entries(cache):
    return sorted(p.name for p in cache.iterdir())


def test_built_once_then_found_without_compiling(cache, monkeypatch):
    first = image.image_dir("virtual")
    assert first.parent == cache and _entries(cache) == [first.name]
    assert (first / "app.mpy").exists() and (first / "sim" / "channel.mpy").exists()

    def no_compiling(jobs, mpy_cross=None):
        raise AssertionError("compiled again")

    monkeypatch.setattr(image, "compile_files", no_compiling)
    monkeypatch.setattr(image, "_MEMO", {})  # as a new process would
    assert image.image_dir("virtual") == first


def test_a_changed_source_is_a_new_image(cache, tmp_path, monkeypatch):
    firmware = tmp_path / "firmware"
    shutil.copytree(image.firmware_dir(), firmware, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(image, "firmware_dir", lambda: firmware)
    before = image.image_dir("device")
    config = firmware / "config.py"
    config.write_text(config.read_text() + "\nEXTRA = 1\n")
    after = image.image_dir("device")
    assert after != before and _entries(cache) == sorted([before.name, after.name])
    assert (after / "config.mpy").read_bytes() != (before / "config.mpy").read_bytes()


BUILD = """
import sys, time
from boardlight import image
while time.time() < float(sys.argv[1]):  # start together
    time.sleep(0.001)
folder = image.image_dir("virtual")
print(folder, len(image.files(folder)))
"""


def test_two_processes_building_at_once_both_get_the_whole_image(cache, tmp_path):
    import time

    start = str(time.time() + 1.5)
    env = dict(os.environ, BOARDLIGHT_CACHE=str(cache.parent))
    procs = [subprocess.Popen([sys.executable, "-c", BUILD, start], env=env, stdout=subprocess.PIPE, text=True)
             for _ in range(2)]
    outs = [p.communicate(timeout=120)[0].split() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert outs[0] == outs[1]  # the same folder, with the same number of files
    assert _entries(cache) == [os.path.basename(outs[0][0])]  # and no half-built folder left
    assert int(outs[0][1]) == len(image.sources("virtual"))
