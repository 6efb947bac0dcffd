"""The virtual board's REPL output ends lines in CR LF, as a board's does.

On a board, print() and tracebacks go through MicroPython's cooked stdout ("\\n" -> "\\r\\n"),
while the firmware's frames are written raw through sys.stdout.buffer. The unix port writes
a bare "\\n" everywhere, so `mpremote repl` on the virtual board drew every line one step
further right (a staircase). The bridge now cooks what is not a frame; `mpremote mount`,
whose exchange is binary, still works."""

import subprocess
import sys
import time

import pytest
import serial

from boardlight.vboard.board import VirtualBoard


@pytest.fixture(scope="module")
def board():
    with VirtualBoard() as b:
        b.wait_firmware(15)
        yield b


def settle(port, quiet=0.3, timeout=5.0):
    seen = b""
    end = time.monotonic() + timeout
    last = time.monotonic()
    while time.monotonic() < end and time.monotonic() - last < quiet:
        data = port.read(256)
        if data:
            seen += data
            last = time.monotonic()
    return seen


def read_until(port, marker, timeout=5.0):
    seen = b""
    end = time.monotonic() + timeout
    while marker not in seen and time.monotonic() < end:
        seen += port.read(256)
    return seen


def bare_lf(data):
    return [i for i in range(len(data)) if data[i] == 10 and (i == 0 or data[i - 1] != 13)]


def test_repl_lines_end_in_crlf_and_frames_stay_as_sent(board):
    with serial.Serial(board.port, 115200, timeout=0.05) as port:
        port.write(b"\r\x03\x03\r\x02")
        settle(port)
        port.write(b"\x04")  # soft reset at the friendly REPL: main.py, the boot frame
        out = read_until(port, b"@0 boot")
        out += read_until(port, b"\n", 2.0)
        boot = out[out.index(b"@0 boot") :]
        # The frame is written as the firmware wrote it: a bare LF.
        assert boot.endswith(b"\n") and not boot.endswith(b"\r\n")
        port.write(b"\x03")  # Ctrl-C: the traceback, then the REPL
        out = settle(port)
        assert b"KeyboardInterrupt" in out and out.endswith(b">>> ")
        assert bare_lf(out) == [], out
        port.write(b"for i in range(3): print(i)\r\r")
        out = settle(port)
        assert b"0\r\n1\r\n2\r\n>>> " in out, out
        assert bare_lf(out) == [], out


def test_mpremote_mount_still_passes_binary_data(board, tmp_path):
    # Ten bytes (0x0A, a LF, in the size the device asks for) and a LF inside the data.
    (tmp_path / "ten.bin").write_bytes(b"ab\ncd\n\nefg")
    (tmp_path / "mod.py").write_text("VALUE = 41 + 1\n")
    done = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", board.port, "mount", str(tmp_path), "exec",
         "import mod; f = open('ten.bin', 'rb'); d = f.read(); f.close(); print(mod.VALUE, len(d), d)"],
        capture_output=True, timeout=30,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert b"42 10 b'ab\\ncd\\n\\nefg'" in done.stdout
    # The device writing a file into the mounted folder sends LFs to the host as data.
    done = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", board.port, "mount", str(tmp_path), "exec",
         "f = open('out.txt', 'wb'); f.write(b'a\\nb\\n\\n'); f.close(); print('written')"],
        capture_output=True, timeout=30,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "out.txt").read_bytes() == b"a\nb\n\n"
