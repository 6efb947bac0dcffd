"""mpremote against the virtual board, as against a USB board: exec, fs cp, run,
soft-reset, and Ctrl-C interrupting the running firmware."""

import subprocess
import sys
import time

import pytest
import serial

from boardlight.vboard.board import VirtualBoard


@pytest.fixture(scope="module", params=["mpy", "rom"])
def board(request):
    # A board with its firmware on the flash, and one with it in a ROMFS partition, which
    # each soft reset or Ctrl-D mounts again.
    with VirtualBoard(install=request.param) as b:
        b.wait_firmware(15)
        yield b


def mpremote(board, *args):
    done = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", board.port, *args],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_exec(board):
    assert mpremote(board, "exec", "print(6 * 7)") == "42\n"


def test_fs_cp_writes_into_the_flash_folder_and_back(board, tmp_path):
    src = tmp_path / "note.txt"
    src.write_text("on the board\n")
    mpremote(board, "fs", "cp", str(src), ":note.txt")
    assert (board.flash / "note.txt").read_text() == "on the board\n"
    back = tmp_path / "back.txt"
    mpremote(board, "fs", "cp", ":note.txt", str(back))
    assert back.read_text() == "on the board\n"
    assert "note.txt" in mpremote(board, "fs", "ls")


def test_run_a_local_script(board, tmp_path):
    script = tmp_path / "prog.py"
    script.write_text("import sys\nprint('ran on', sys.implementation.name, 3 * 5)\n")
    assert mpremote(board, "run", str(script)) == "ran on micropython 15\n"


def test_soft_reset_clears_the_interpreter(board):
    # x is set, the board is soft-reset, and a fresh interpreter no longer has it.
    out = mpremote(board, "exec", "x = 5; print('x' in globals())", "soft-reset", "exec", "print('x' in globals())")
    assert out == "True\nFalse\n"


def read_until(port, marker, timeout=5.0):
    seen = b""
    end = time.monotonic() + timeout
    while marker not in seen and time.monotonic() < end:
        seen += port.read(256)
    return seen


def settle(port, quiet=0.3, timeout=5.0):
    """Everything the board prints until it has been quiet for `quiet` seconds."""
    seen = b""
    end = time.monotonic() + timeout
    last = time.monotonic()
    while time.monotonic() < end and time.monotonic() - last < quiet:
        data = port.read(256)
        if data:
            seen += data
            last = time.monotonic()
    return seen


def test_ctrl_c_interrupts_the_firmware_and_ctrl_d_boots_it_again(board):
    with serial.Serial(board.port, 115200, timeout=0.05) as port:
        # From whatever runs now (firmware, or the REPL mpremote left): to the friendly
        # REPL, then Ctrl-D: a soft reset, and main.py starts the firmware.
        port.write(b"\r\x03\x03\r\x02")
        assert settle(port).endswith(b">>> ")
        port.write(b"\x04")
        assert b"@0 boot" in read_until(port, b"@0 boot")
        starts = board.starts
        port.write(b"\x03")  # Ctrl-C while the firmware runs
        out = settle(port)
        assert b"KeyboardInterrupt" in out and out.endswith(b">>> ")
        port.write(b"print(2 + 3)\r")  # the REPL works: it echoes the line and prints 5
        out = settle(port)
        assert out.replace(b"\r", b"") == b"print(2 + 3)\n5\n>>> "
        port.write(b"\x04")  # Ctrl-D at the friendly REPL: the firmware starts again
        assert b"@0 boot" in read_until(port, b"@0 boot")
        assert board.starts == starts + 1
