"""Deploying the firmware: compile with mpy-cross, copy with mpremote, configure, reset.

What a board holds after a deploy is the flash image (boardlight.image): the firmware
and the rules core compiled, main.py as source, and board.json (firmware/boards/<name>.json,
checked) with board.ok beside it (the same file as checked, so the board's boot skips the
check). Packages the configuration needs (board_config.required_packages) are installed
with `mpremote mip install` unless the board already has them built in. A port is a serial
device or any URL pyserial opens (socket://HOST:PORT, rfc2217://HOST:PORT).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from boardcore.errors import FormatError

from boardlight import image, scratch
from boardlight.files import parse_json, read_text
from boardlight.firmware import boards_dir
from boardlight.firmware import import_module as import_firmware_module
from boardlight.invocation import command

BOARDS = boards_dir()


class DeployError(Exception):
    """Deploying failed; the message says at which step and why."""


def _board_config() -> ModuleType:
    # The firmware's own validator, so the host checks a board file exactly as the device does.
    return import_firmware_module("board_config")


def board_names() -> list[str]:
    return sorted(p.stem for p in BOARDS.glob("*.json"))


def load_board(name_or_path: str | os.PathLike[str]) -> tuple[dict[str, Any], str]:
    """(checked config dict, its JSON text) for a board name ("pico") or a .json path."""
    path = Path(name_or_path)
    if path.suffix != ".json":
        path = BOARDS / (str(name_or_path) + ".json")
        if not path.exists():
            raise DeployError("no board %r (boards: %s)" % (name_or_path, ", ".join(board_names())))
    bc = _board_config()
    text = read_text(path)  # FormatError: not there, not UTF-8
    try:
        config = bc.validate(parse_json(text, path))
    except bc.BoardConfigError as e:
        raise DeployError("%s: %s" % (path.name, e)) from None
    return config, text


def required_packages(config: dict[str, Any]) -> list[str]:
    return list(_board_config().required_packages(config))


def _mpremote(port: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "mpremote", "connect", port, *args]
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise DeployError("mpremote %s timed out on %s" % (args[0], port)) from None


# sys.platform of the MicroPython port each board file's "mcu" runs on. A board file for
# another chip would deploy fine and then fail at boot (no such bus id or pin), so deploy
# checks first. "unix" (the virtual board) is any platform but the microcontroller ones.
PLATFORMS = {"rp2040": ("rp2",), "esp32s3": ("esp32",)}
_PLATFORM_MARK = "boardlight-platform:"
_ROMFS_MARK = "boardlight-romfs:"
_STRANGERS_MARK = "boardlight-strangers:"
_ROMFS_DONE = "ROMFS image deployed"  # what `mpremote romfs deploy` prints when it is done


def _platform_check(mcu: str) -> str:
    """Device-side code that raises (so mpremote stops before copying anything) when the
    board's MicroPython port is not the one the board file's mcu needs."""
    names: tuple[str, ...]
    if mcu in PLATFORMS:
        names, want = PLATFORMS[mcu], True
    else:
        names, want = tuple(p for ps in PLATFORMS.values() for p in ps), False
    return "import sys\nif (sys.platform in %r) != %r:\n    raise OSError(%r + sys.platform)\n" % (
        names, want, _PLATFORM_MARK)


def _prepare_script(files: Sequence[str]) -> str:
    """Device-side code: make the folders, remove .py files that would shadow new .mpy ones
    (MicroPython imports X.py before X.mpy)."""
    found = set()
    for f in files:
        d = os.path.dirname(f)
        while d:  # every ancestor too: os.mkdir makes one level at a time
            found.add(d)
            d = os.path.dirname(d)
    dirs = sorted(found, key=lambda d: (d.count("/"), d))
    shadows = sorted(f[:-4] + ".py" for f in files if f.endswith(".mpy"))
    return (
        "import os\n"
        "for d in %r:\n"
        "    try:\n        os.mkdir(d)\n    except OSError:\n        pass\n"
        "for f in %r:\n"
        "    try:\n        os.remove(f)\n    except OSError:\n        pass\n"
    ) % (dirs, shadows)


def _romfs_check(size: int) -> str:
    """Device-side code that raises (so mpremote stops before writing anything) unless the
    board has a ROMFS partition 0 of at least `size` bytes."""
    return ("import vfs\n"
            "if not hasattr(vfs, 'rom_ioctl'):\n    raise OSError(%r + 'its MicroPython has no ROMFS support')\n"
            "dev = vfs.rom_ioctl(2, 0)\n"  # as mpremote reads it: an error number, a block device or a buffer
            "if isinstance(dev, int):\n    raise OSError(%r + 'its MicroPython has no ROMFS partition')\n"
            "n = dev.ioctl(4, 0) * dev.ioctl(5, 0) if hasattr(dev, 'ioctl') else len(dev)\n"
            "if n < %d:\n    raise OSError(%r + 'its partition holds %%d bytes' %% n)\n"
            % (_ROMFS_MARK, _ROMFS_MARK, size, _ROMFS_MARK))


def _strangers_check(files: Sequence[str], folders: Sequence[str]) -> str:
    """Device-side code that raises (before anything is written) when the firmware's
    folders on the board hold files that are not the image's (image.strangers()): the
    folder would stay on the filesystem and hide the ROM's package."""
    return ("import os\n"
            "def _files(d):\n"
            "    try:\n        found = list(os.ilistdir(d))\n    except OSError:\n        return []\n"
            "    out = []\n"
            "    for e in found:\n"
            "        out += _files(d + '/' + e[0]) if e[1] == 0x4000 else [d + '/' + e[0]]\n"
            "    return out\n"
            "_known = set(%r)\n"
            "_extra = [f for d in %r for f in _files(d) if f not in _known]\n"
            "if _extra:\n"
            "    raise OSError(%r + ', '.join(sorted(_extra)[:5]))\n"
            "del _files, _known, _extra\n") % (list(files), image.package_roots(folders), _STRANGERS_MARK)


def _remove_script(files: Sequence[str], folders: Sequence[str]) -> str:
    """Device-side code: remove these files, then these folders where empty (image.shadows():
    what would be imported before the ROM's)."""
    return ("for f in %r:\n"
            "    try:\n        os.remove(f)\n    except OSError:\n        pass\n"
            "for d in %r:\n"
            "    try:\n        os.rmdir(d)\n    except OSError:\n        pass\n") % (list(files), list(folders))


def board_on_device(port: str) -> str:
    """The name of the board file already on the board (its board.json "name"), so that a
    redeploy keeps the configuration. DeployError if there is none."""
    done = _mpremote(port, "exec", "print(open('board.json').read())")
    if done.returncode != 0:
        said = (done.stderr + done.stdout).strip()
        if "ENOENT" not in said:
            # mpremote never reached a REPL (no such port, in use, not a MicroPython board):
            # say that, rather than blame a board.json nobody could look for.
            raise DeployError("cannot read board.json from %s: %s" % (port, said[-400:] or "mpremote failed"))
        raise DeployError("%s has no board.json yet: choose a board with --board (%s)" % (port, ", ".join(board_names())))
    bc = _board_config()
    try:
        config = bc.validate(parse_json(done.stdout, "board.json on " + port))
    except (bc.BoardConfigError, FormatError) as e:
        raise DeployError("the board.json on %s cannot be used (%s): choose a board with --board (%s)"
                          % (port, e, ", ".join(board_names()))) from None
    if config["name"] not in board_names():
        raise DeployError("board.json on %s names %r, which has no file in %s: use --board" % (port, config["name"], BOARDS))
    return config["name"]


def soft_reset(port: str, timeout: float = 3.0) -> None:
    """Interrupt what runs, go to the friendly REPL and press Ctrl-D: main.py starts again."""
    import serial

    with serial.serial_for_url(port, 115200, timeout=0.1) as s:
        s.write(b"\r\x03\x03")
        s.write(b"\r\x02")
        end = time.monotonic() + timeout
        seen = b""
        while time.monotonic() < end and not seen.endswith(b">>> "):
            seen = (seen + s.read(256))[-64:]
        s.write(b"\x04")
        s.flush()
        time.sleep(0.1)


def deploy(port: str, board: str = "virtual", compiled: bool = True,
           log: Callable[[str], object] = print, packages_from: str | None = None,
           check_platform: bool = True, romfs: bool = False) -> dict[str, Any]:
    """Compile, copy, configure, install packages, reset. Returns a summary dict.

    `packages_from` is passed to `mpremote mip install --index` when given (an offline
    package index); otherwise mip uses its default index. `check_platform=False` skips
    the check that the board runs the MicroPython port of the board file's mcu (tests
    put a microcontroller's board file on the virtual board to exercise mip).

    `romfs=True` writes the compiled modules to the board's ROMFS partition with
    `mpremote romfs deploy` (their bytecode then runs in place, out of the heap), removes
    any copy of them from the filesystem (it would be imported first), and copies only
    main.py and the board file there. A board whose MicroPython has no ROMFS partition
    is refused before anything is written.
    """
    if romfs and not compiled:
        raise DeployError("a ROMFS partition holds the compiled modules: --romfs does not go with --source")
    config, text = load_board(board)
    if config["mcu"] == "linux":
        raise DeployError("board file %s is for a matrix wired to a Linux computer (mcu linux): nothing to "
                          "deploy; use it there with `%s`" % (config["name"], command("direct")))
    t0 = time.monotonic()
    tmp = scratch.make("deploy")
    try:
        rom = os.path.join(tmp, "romfs.img") if romfs else None
        kind = image.kind_for(config)
        try:
            files = image.build(os.path.join(tmp, "flash"), text, kind, compiled, rom=rom)
        except image.ImageError as e:
            raise DeployError(str(e)) from None
        flash = os.path.join(tmp, "flash")
        log("image of %d files for board %s ready in %.1f s" % (len(files), config["name"], time.monotonic() - t0))
        script = _prepare_script(files)
        args = []
        if check_platform:
            args = ["exec", _platform_check(config["mcu"]), "+"]
        if rom is not None:
            args += ["exec", _romfs_check(os.path.getsize(rom)) + _strangers_check(*image.shadows(kind)), "+",
                     "romfs", "deploy", rom, "+"]
            script += _remove_script(*image.shadows(kind))
        args += ["exec", script]
        for rel in files:
            args += ["+", "fs", "cp", os.path.join(flash, rel), ":" + rel]
        done = _mpremote(port, *args, timeout=300)
        said = done.stderr + done.stdout
        if done.returncode != 0 and _PLATFORM_MARK in said:
            found = said.split(_PLATFORM_MARK, 1)[1].split()[0]
            raise DeployError(
                "board file %s is for %s, but the board on %s runs MicroPython's %r port: "
                "nothing was copied; choose its board file with --board (%s)"
                % (config["name"], config["mcu"], port, found, ", ".join(board_names())))
        if done.returncode != 0 and _ROMFS_MARK in said:
            raise DeployError(
                "the board on %s has no ROMFS partition of %d bytes or more (%s): nothing was written; "
                "deploy without --romfs, or flash a MicroPython built with one (on rp2, MICROPY_HW_ROMFS_BYTES)"
                % (port, os.path.getsize(str(rom)), said.split(_ROMFS_MARK, 1)[1].splitlines()[0].strip()))
        if done.returncode != 0 and _STRANGERS_MARK in said:
            raise DeployError(
                "the board on %s holds files of its own in the firmware's folders (%s): they would stay and hide "
                "the ROMFS partition's packages; nothing was written: move them out first, or deploy without --romfs"
                % (port, said.split(_STRANGERS_MARK, 1)[1].splitlines()[0].strip()))
        if done.returncode != 0:
            written = " (the ROMFS partition was written: deploy again)" if _ROMFS_DONE in said else ""
            raise DeployError("copying to %s failed%s: %s" % (port, written, (done.stderr or done.stdout).strip()[-400:]))
        if rom is not None:
            log("wrote %d files to the ROMFS partition of %s (%d bytes)" % (len(image.in_rom(kind)), port, os.path.getsize(rom)))
        log("copied %d files to %s" % (len(files), port))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    installed, builtin = [], []
    for pkg in required_packages(config):
        if _mpremote(port, "exec", "import " + pkg).returncode == 0:
            builtin.append(pkg)
            log("%s: already on the board" % pkg)
            continue
        args = ["mip", "install"]
        if packages_from:
            args += ["--index", packages_from]
        done = _mpremote(port, *args, pkg, timeout=300)
        if done.returncode != 0 or "rror" in done.stdout:
            raise DeployError("mpremote mip install %s failed: %s" % (pkg, (done.stderr or done.stdout).strip()[-400:]))
        installed.append(pkg)
        log("%s: installed with mip" % pkg)
    soft_reset(port)
    log("reset %s: the firmware is starting" % port)
    return {"board": config["name"], "files": files, "rom": image.in_rom(image.kind_for(config)) if romfs else [],
            "installed": installed, "builtin": builtin}

