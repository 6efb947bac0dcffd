"""The device commands: `boardlight sim`, `deploy`, `devices`, and the terminal renderer."""

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from serial.tools.list_ports_common import ListPortInfo

from boardlight.cli import cli
from boardlight.firmware import firmware_dir
from boardlight.link.connection import Link
from boardlight.vboard.frame import MatrixFrame
from boardlight.vboard.term import key_map, render
from boardlight.vboard.board import VirtualBoard
from process_helpers import ctrl_c_reaches_it


def test_render_draws_lit_leds_in_their_colour_scaled_by_brightness():
    # A 2 x 1 RGB565 frame: (0, 0) pure red 0xF800 (little-endian bytes 00 F8), (1, 0)
    # dark. At level 15 the scale is 16/16: red stays (255, 0, 0).
    frame = MatrixFrame(1, 2, 1, "rgb565", 15, bytes([0x00, 0xF8, 0, 0]))
    assert render(frame) == "\x1b[38;2;255;0;0m██\x1b[0m\x1b[38;2;60;60;60m· \x1b[0m"
    # At level 7 the scale is 8/16: int(255 * 0.5) = 127.
    dim = MatrixFrame(1, 2, 1, "rgb565", 7, bytes([0x00, 0xF8, 0, 0]))
    assert render(dim).startswith("\x1b[38;2;127;0;0m██")
    # Mono MONO_HLSB, 8 x 2: 0b10000001 lights columns 0 and 7 of row 0; row 1 dark.
    mono = MatrixFrame(1, 8, 2, "mono", 15, bytes([0x81, 0x00]))
    assert render(mono, colour=False) == "##" + ". " * 6 + "##\n" + ". " * 8


def test_keys_come_from_the_board_file():
    keys = key_map({"next": "n", "menu": "m", "p1": "1", "p2": "2"})
    assert keys["n"] == ("next", False) and keys["N"] == ("next", True)
    assert keys["m"] == ("menu", False) and keys["M"] == ("menu", True)
    assert keys["1"] == ("p1", False) and keys["!"] == ("p1", True)
    assert keys["2"] == ("p2", False) and keys["@"] == ("p2", True) and keys['"'] == ("p2", True)


def fake_port(device, vid, pid):
    p = ListPortInfo(device, skip_link_detection=True)
    p.vid, p.pid = vid, pid
    return p


def test_devices_lists_boards(monkeypatch):
    import serial.tools.list_ports as lp

    monkeypatch.setattr(lp, "comports", lambda: [fake_port("/dev/ttyACM0", 0x2E8A, 0x0005), fake_port("/dev/ttyS0", None, None)])
    result = CliRunner().invoke(cli, ["devices"])
    assert result.exit_code == 0
    assert result.output == "/dev/ttyACM0  2e8a:0005  Raspberry Pi Pico (MicroPython)\n"


def test_deploy_command_keeps_the_board_file_already_on_the_board():
    with VirtualBoard() as board:  # already holds firmware and board.json (virtual)
        board.wait_firmware(15)
        result = CliRunner().invoke(cli, ["deploy", "--port", board.port])
        assert result.exit_code == 0, result.output
        assert re.search(r"deployed \d+ files for board virtual to " + re.escape(board.port), result.output)
        board.wait_firmware(15)
        with Link(board.port) as link:
            assert link.wait_connected(10)["board"] == "virtual"


def _sim(*args):
    """`boardlight sim --no-tty` started: (process, its port, its flash folder)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardlight.cli", "sim", "--no-tty", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_reaches_it,
    )
    line = proc.stderr.readline()
    m = re.match(r"virtual board \S+ on (\S+) \(flash (.+)\)$", line.strip())
    if not m:
        proc.kill()
        proc.wait()
    assert m, line
    return proc, m.group(1), Path(m.group(2))


def _interpreters_of(flash):
    # The MicroPython processes running this flash folder (their working folder).
    out = []
    for pid in os.listdir("/proc"):
        try:
            if pid.isdigit() and os.readlink("/proc/%s/cwd" % pid) == str(flash):
                out.append(int(pid))
        except OSError:
            pass
    return out


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP],
                         ids=["ctrl-c", "kill", "hangup"])
def test_sim_runs_a_board_that_a_link_can_use_and_stops_clean(stop):
    proc, port, flash = _sim()
    try:
        with Link(port) as link:
            info = link.wait_connected(15)
            assert info["display"] == {"kind": "virtual", "w": 16, "h": 16}
        assert _interpreters_of(flash)
        proc.send_signal(stop)
        # Each way of stopping ends the command well: its interpreter and its temporary
        # flash folder go with it.
        assert proc.wait(30) == 0
        assert not flash.exists() and not _interpreters_of(flash)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _handshake_then_stop(args):
    proc, port, flash = _sim(*args)
    try:
        with Link(port) as link:
            info = link.wait_connected(15)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return info


def test_one_flash_folder_goes_from_files_to_rom_and_back(tmp_path):
    # A kept flash folder keeps its board file through every change of install: the
    # firmware goes into the ROMFS partition and back, and the board answers each time.
    flash = tmp_path / "flash"
    mine = tmp_path / "mine.json"
    config = json.loads(Path(firmware_dir(), "boards", "virtual.json").read_text())
    config["name"] = "mine"
    mine.write_text(json.dumps(config))
    assert _handshake_then_stop(["--flash", str(flash), "--board", str(mine)])["board"] == "mine"
    assert (flash / "app.mpy").exists() and (flash / "screens").is_dir()
    (flash / "lib" / "keep.py").write_text("# a maker's own module\n")
    assert _handshake_then_stop(["--flash", str(flash), "--rom"])["board"] == "mine"
    # What would hide the ROM's modules is gone; the maker's module is not.
    left = sorted(p.relative_to(flash).as_posix() for p in flash.rglob("*"))
    assert left == ["board.json", "board.ok", "lib", "lib/keep.py", "main.py"]
    assert _handshake_then_stop(["--flash", str(flash)])["board"] == "mine"  # files again
    assert (flash / "app.mpy").exists() and (flash / "lib" / "keep.py").exists()


def test_a_maker_file_in_a_firmware_folder_stops_a_rom_run_before_it_changes_anything(tmp_path):
    # screens/notes.txt would keep screens/ on the flash, where it hides the ROM's screens
    # package (the first press then fails): the run is refused and the flash is as it was.
    flash = tmp_path / "flash"
    assert _handshake_then_stop(["--flash", str(flash)])["board"] == "virtual"
    (flash / "screens" / "notes.txt").write_text("mine\n")
    before = {p: p.read_bytes() for p in flash.rglob("*") if p.is_file()}
    result = CliRunner().invoke(cli, ["sim", "--flash", str(flash), "--rom", "--no-tty"])
    assert result.exit_code == 1
    assert "holds files of its own in the firmware's folders (screens/notes.txt)" in result.output
    assert {p: p.read_bytes() for p in flash.rglob("*") if p.is_file()} == before


def test_a_flash_folder_with_only_a_makers_main_py_is_kept(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "main.py").write_text("print('my own program')\n")
    proc, port, folder = _sim("--flash", str(flash))
    try:
        assert folder == flash
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(30)
    assert sorted(p.name for p in flash.iterdir()) == ["main.py"]
    assert (flash / "main.py").read_text() == "print('my own program')\n"


def test_a_broken_board_file_in_a_flash_folder(tmp_path):
    flash = tmp_path / "flash"
    assert _handshake_then_stop(["--flash", str(flash), "--rom"])["board"] == "virtual"
    (flash / "board.json").write_text('{"name": "broken"}')
    # Putting the firmware in again under it: refused, naming the folder and the way out.
    result = CliRunner().invoke(cli, ["sim", "--flash", str(flash), "--no-tty"])
    assert result.exit_code == 1
    assert result.output.startswith("error: flash folder %s: board.json: " % flash)
    assert result.output.rstrip().endswith("; choose a board file with --board")
    # With a board file given, it goes over the broken one.
    assert _handshake_then_stop(["--flash", str(flash), "--board", "virtual"])["board"] == "virtual"
    assert json.loads((flash / "board.json").read_text())["name"] == "virtual"
