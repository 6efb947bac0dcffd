"""The protocol tests of tests/core/protocol/test_codec_and_endpoint.py, run again on the MicroPython unix port
(default heap and a microcontroller's 96 KB), since the device runs the same codec; and
what decoding a long frame allocates there."""

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


ALLOCATED_BY_DECODE = r"""
import gc
from boardcore.protocol.codec import HOST, decode, encode

# A raw frame of a 16 x 16 colour display, near the longest line the protocol allows.
line = encode(HOST, 7, "raw", {"w": 16, "h": 16, "fmt": "rgb565", "data": "A" * 940})
decode(line, HOST)  # the first payload loads strict_json: not part of the figure
gc.collect()
gc.disable()
before = gc.mem_alloc()
seq, ftype, payload = decode(line, HOST)
used = gc.mem_alloc() - before
gc.enable()
assert (seq, ftype, len(payload["data"])) == (7, "raw", 940)
print(len(line), used)
"""


def test_decoding_a_long_frame_on_the_device_copies_none_of_it():
    # The device has a few KB free in a host session: a raw frame's kilobyte read through
    # slices and copies (line, body, payload text, its bytes) allocated almost six times
    # its size (5,888 bytes). Read where it is, it costs what the payload's value holds
    # (the 940-byte text of "data", a small dict) and a few small objects: under 2 x.
    env = dict(os.environ)
    env["MICROPYPATH"] = str(device_image() / "lib")
    done = subprocess.run([str(MICROPYTHON), "-X", "heapsize=96k", "-c", ALLOCATED_BY_DECODE], env=env,
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    length, used = map(int, done.stdout.split())
    assert length > 990
    assert used < 2 * length, "decoding a %d-byte frame allocated %d bytes" % (length, used)
