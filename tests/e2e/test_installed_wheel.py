"""boardlight as a user installs it: `python -m build` makes an sdist and a wheel, the wheel
goes into a fresh venv in a temporary folder (its dependencies from the package index),
and every command runs there, outside the checkout: `--help` of each, `sim --no-tty`,
`deploy` to the virtual board, `render`, `score`, `direct check` on Blinka's OS-agnostic
board, and `play` on the virtual board, driven through a pseudo-terminal.

One build and one venv serve the whole test session (about a minute on a warm pip cache):
`make test` runs it under pytest-xdist with --dist loadfile: all of a module's tests go to
one worker, so the build is made once.
"""

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import zipfile
from pathlib import Path

import pytest

from conftest import CONFORMANCE, ROOT
from process_helpers import ctrl_c_reaches_it

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

TREES = (("host/boardlight", "boardlight"), ("shared/boardcore", "boardcore"), ("firmware", "boardlight/_firmware"))


class Installed:
    """The venv boardlight is installed in, and the environment its commands run with."""

    def __init__(self, root, wheel, sdist):
        self.root = root
        self.wheel = wheel
        self.sdist = sdist
        self.bin = root / "venv" / "bin"
        self.home = root / "home"
        self.home.mkdir()
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "BOARDLIGHT_"))}
        self.env.update({
            "HOME": str(self.home),  # its own data and cache folders: a first run
            "XDG_DATA_HOME": str(self.home / "data"),
            "XDG_CACHE_HOME": str(self.home / "cache"),
            "PATH": str(self.bin) + os.pathsep + os.environ.get("PATH", ""),
            "BLINKA_OS_AGNOSTIC": "1",
        })

    def run(self, *args, timeout=120, ok=True):
        done = subprocess.run([str(self.bin / "boardlight"), *args], cwd=self.root, env=self.env,
                              capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        if ok:
            assert done.returncode == 0, "boardlight %s: %s%s" % (" ".join(args), done.stdout, done.stderr)
        return done

    def python(self, code, *args, timeout=120):
        done = subprocess.run([str(self.bin / "python"), "-c", code, *args], cwd=self.root, env=self.env,
                              capture_output=True, text=True, timeout=timeout)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout


@pytest.fixture(scope="session")
def installed(tmp_path_factory):
    root = tmp_path_factory.mktemp("installed")
    assert not str(root).startswith(str(ROOT))
    dist = root / "dist"
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], check=True,
                   capture_output=True, timeout=600)
    wheel = next(dist.glob("boardlight-*.whl"))
    sdist = next(dist.glob("boardlight-*.tar.gz"))
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True, timeout=120)
    done = subprocess.run([str(root / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet",
                           "%s[direct]" % wheel], capture_output=True, text=True, timeout=600, cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
    return Installed(root, wheel, sdist)


def _tracked(folder):
    """The files of a source folder, as paths from the checkout's root (no bytecode caches)."""
    base = ROOT / folder
    return sorted(folder + "/" + p.relative_to(base).as_posix() for p in base.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def test_the_wheel_holds_every_file_of_the_host_the_core_and_the_firmware(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for src, dst in TREES:
        for path in _tracked(src):
            assert dst + path[len(src):] in names, "%s is not in the wheel" % path
    assert not [n for n in names if n.startswith(("tests/", "bench/", "docs/"))]


def test_it_runs_from_the_venv_not_the_checkout(installed):
    out = installed.python("import boardlight, boardcore\nfrom boardlight.firmware import firmware_dir\n"
                           "print(boardlight.__file__); print(boardcore.__file__); print(firmware_dir())")
    for line in out.split():
        assert line.startswith(str(installed.root / "venv")), line


def _commands(installed):
    walker = ("import click\nfrom boardlight.cli import cli\n"
              "def walk(cmd, path):\n"
              "    print(' '.join(path))\n"
              "    if isinstance(cmd, click.Group):\n"
              "        for name in sorted(cmd.commands):\n"
              "            walk(cmd.commands[name], path + [name])\n"
              "walk(cli, [])\n")
    return [line.split() for line in installed.python(walker).splitlines()]


def test_every_command_has_its_help(installed):
    commands = _commands(installed)
    assert ["play", "fits"] in commands and ["direct", "check"] in commands and ["sim"] in commands
    for path in commands:
        done = installed.run(*path, "--help")
        assert done.stdout.startswith("Usage: boardlight"), path


def _sim(installed, *args):
    """`boardlight sim --no-tty` started; (process, its port, its flash folder)."""
    proc = subprocess.Popen([str(installed.bin / "boardlight"), "sim", "--no-tty", *args], cwd=installed.root,
                            env=installed.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_reaches_it)
    line = proc.stderr.readline()
    m = re.match(r"virtual board virtual on (\S+) \(flash (.+)\)$", line.strip())
    assert m, line + proc.stderr.read() if proc.poll() is not None else line
    return proc, m.group(1), Path(m.group(2))


HANDSHAKE = ("import sys\nfrom boardlight.link.connection import Link\n"
             "with Link(sys.argv[1]) as link:\n    print(link.wait_connected(30)['board'])\n")


def _stop(proc):
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def test_sim_runs_the_installed_firmware(installed):
    proc, port, flash = _sim(installed)
    try:
        assert installed.python(HANDSHAKE, port).strip() == "virtual"
        # The image comes from the installed package and the user's cache folder.
        assert (flash / "lib" / "boardcore" / "fits" / "boards" / "board2.txt").exists()
        assert list((installed.home / "cache" / "boardlight" / "images").iterdir())
    finally:
        _stop(proc)
    assert not flash.exists()  # its temporary flash goes with it


def test_sim_runs_the_installed_firmware_from_a_romfs_partition_in_64_kb(installed):
    started = time.time() - 1
    proc, port, flash = _sim(installed, "--rom", "--heap", "64k")
    try:
        assert installed.python(HANDSHAKE, port).strip() == "virtual"
        # The modules are in the partition: the flash holds what a board keeps there.
        assert sorted(p.name for p in flash.iterdir()) == ["board.json", "board.ok", "main.py"]
        # Its partition's folder (not one a dead process of the same pid left behind).
        roms = [r for r in flash.parent.glob("boardlight-rom-%d-*" % proc.pid) if r.stat().st_mtime >= started]
        assert [sorted(p.name for p in r.iterdir()) for r in roms] == [["romfs.img"]]
    finally:
        _stop(proc)
    assert not flash.exists() and not roms[0].exists()  # both go with it


def test_deploy_to_the_virtual_board(installed):
    flash = installed.root / "flash"
    flash.mkdir()
    proc, port, _ = _sim(installed, "--flash", str(flash))
    try:
        (flash / "app.mpy").unlink()  # a board that lost a file of its firmware
        done = installed.run("deploy", "--port", port, "--board", "virtual", timeout=300)
        assert re.search(r"deployed \d+ files for board virtual to ", done.stdout)
        assert (flash / "app.mpy").exists() and not (flash / "sim" / "flashfs.mpy").exists()
        assert installed.python(HANDSHAKE, port).strip() == "virtual"
    finally:
        _stop(proc)


def _position(tmp):
    position = tmp / "board2.txt"
    position.write_text("\n".join(json.loads((CONFORMANCE / "fits" / "score_board2.json").read_text())["position"]) + "\n")
    return position


def test_score_and_render_with_the_installed_layouts(installed):
    position = _position(installed.root)
    expect = json.loads((CONFORMANCE / "fits" / "score_board2.json").read_text())["expect"]
    got = json.loads(installed.run("score", "fits", "--board", "2", str(position)).stdout)
    assert {k: got[k] for k in expect} == expect
    assert got["layout"]["source"].startswith(str(installed.root / "venv"))  # the installed default layout
    out = installed.root / "svg"
    installed.run("render", "position", "fits", str(position), "-o", str(out))
    pictures = sorted(out.glob("*.svg"))
    assert pictures and all("<svg" in p.read_text() for p in pictures)


def test_direct_check_on_blinkas_agnostic_board(installed):
    wiring = installed.root / "agnostic.json"
    wiring.write_text(json.dumps({
        "name": "agnostic", "board": "Blinka's OS-agnostic board", "mcu": "linux",
        "display": {"kind": "max7219", "width": 32, "height": 8,
                    "spi": {"sck": "SCK", "mosi": "MOSI"}, "cs": "Dx_OUTPUT"},
        "buttons": {"next": "Dx_INPUT_TRUE_PULL_UP", "menu": "Dx_INPUT_TRUE"},
    }))
    done = installed.run("direct", "check", str(wiring), "--pause", "0")
    assert "FITS building card" in done.stdout


class Terminal:
    """A command in a pseudo-terminal of 100 x 30: what it printed, keys typed to it."""

    def __init__(self, argv, env, cwd):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                                     env=dict(env, TERM="xterm-256color"), start_new_session=True)
        os.close(slave)
        self.master = master
        self.seen = b""

    def wait_for(self, text, timeout=30):
        end = time.monotonic() + timeout
        while text.encode() not in self.seen:
            left = end - time.monotonic()
            assert left > 0, "%r never shown; the end of the screen: %r" % (text, self.seen[-1500:])
            ready, _, _ = select.select([self.master], [], [], min(left, 0.2))
            if ready:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:  # the command ended
                    assert text.encode() in self.seen, self.seen[-1500:]
        return time.monotonic()

    def type(self, keys):
        os.write(self.master, keys.encode())

    def close(self, timeout=20):
        """Wait for the command to end, reading all it prints meanwhile: a terminal nobody
        reads fills up, and a program drawing a live screen then blocks on its next write
        and never gets to its end."""
        end = time.monotonic() + timeout
        try:
            while self.proc.poll() is None and time.monotonic() < end:
                self._drain(0.1)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            while self._drain(0.1):  # what it printed last
                pass
            os.close(self.master)

    def _drain(self, wait):
        """Add what the terminal holds within `wait` s to `seen`; False when nothing came."""
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the command ended and its side of the terminal closed
            return False
        self.seen += data
        return bool(data)


def test_play_on_the_virtual_board(installed):
    term = Terminal([str(installed.bin / "boardlight"), "play", "fits", "--players", "Ann,Bob", "--seed", "7"],
                    installed.env, installed.root)
    try:
        term.wait_for("virtual board: connected", timeout=60)
        term.type("\r")  # Enter: deal the first round
        term.wait_for("Start tiles")
        term.type("\x11")  # Ctrl+Q: leave the table; the game is saved
    finally:
        term.close()
    assert term.proc.returncode == 0, term.seen[-1500:]
    assert b"Game 1 is saved: `boardlight play --resume` continues it." in term.seen
    history = installed.run("history").stdout
    assert re.search(r"\b1\b.*fits.*playing.*Ann", history), history
