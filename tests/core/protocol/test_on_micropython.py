"""The protocol tests of tests/core/protocol/test_codec_and_endpoint.py, run again on the MicroPython unix port
(default heap and a microcontroller's 96 KB), since the device runs the same codec."""

import os
import subprocess

import pytest

from conftest import MICROPYTHON, ROOT, SHARED
from mpy_tree import device_image


@pytest.mark.parametrize("heap", [None, "96k"])
def test_protocol_suite_on_micropython(heap):
    env = dict(os.environ)
    # At 96 KB the codec runs from the device's image (mpy_tree.py); the tests from source.
    core = device_image() / "lib" if heap else SHARED
    env["MICROPYPATH"] = os.pathsep.join([str(core), str(ROOT / "tests" / "core" / "protocol")])
    argv = [str(MICROPYTHON)]
    if heap:
        argv += ["-X", "heapsize=" + heap]
    argv += ["-c", "import test_codec_and_endpoint; test_codec_and_endpoint.run_all()"]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    # Every test_ function of the module ran: count them here on CPython.
    from core.protocol import test_codec_and_endpoint

    count = len([n for n in dir(test_codec_and_endpoint) if n.startswith("test_")])
    assert done.stdout.strip() == "ok %d" % count
