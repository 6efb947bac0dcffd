"""The bridge that makes the MicroPython unix port look like a USB board.

A pseudo-terminal stands for the board's USB serial port: pyserial and mpremote open its
slave path. Behind it, the bridge runs `micropython -i main.py` in the flash folder with
pipes for stdin/stdout (so no terminal echo or line editing gets in the way) and copies
bytes both ways. Like a board:
- Ctrl-D at the friendly REPL soft-resets: the interpreter restarts and main.py runs again;
- Ctrl-D in the raw REPL (mpremote's soft reset) restarts it into the raw REPL, main.py
  skipped, and prints "soft reboot" as a board does;
- when the program ends on its own the REPL is left running;
- reset() is the reset button: the process is killed and started again with main.py;
- print() and tracebacks end their lines in CR LF, as a board's cooked stdout does (the
  unix port writes a bare LF, which staircases in `mpremote repl`); the firmware's frames
  ("@" lines while main.py runs) go out as written, like a board's sys.stdout.buffer.
One thread runs everything with a selector.

The interpreter sees the flash folder as its whole filesystem: before main.py the bridge
runs firmware/sim/flashfs.py, which mounts a filesystem rooted there at "/" (mpremote's
`fs ls :/` lists the board's files; nothing outside the folder can be reached).

The side channel takes the display's frames and sends button presses and scans: a unix
socket in a folder of its own that only this user can enter, opened with a key both
ends know (docs/protocol.md, section 7): a connection that does not say the firmware's
half within HANDSHAKE_S is closed, and the firmware's connection is never displaced by it.
"""

from __future__ import annotations

import hmac
import os
import pty
import secrets
import selectors
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tty
from collections.abc import Callable
from typing import IO, cast

from boardlight import scratch
from boardlight.firmware import firmware_dir
from boardlight.vboard.frame import MatrixFrame

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n>"
CTRL_B, CTRL_D = 2, 4
HANDSHAKE_S = 2.0  # a side connection must say its key within this
# The bytes flashfs.py keeps on the interpreter's heap (the mounted filesystem; measured by
# tests/host/vboard/test_sandbox.py): the interpreter gets them on top of the heap asked
# for, so that the firmware has the heap a board of that size leaves it.
SANDBOX_HEAP = 2560
MAX_HELLO = 128  # bytes of a side connection before its key line
# A board with a ROMFS partition (flashrom.py maps the image and says where): mounted at
# /rom as a board's boot mounts it, and /rom, /rom/lib put on the import path after
# ".frozen", where MicroPython's ports put them. Here, not in flashfs.py, so that a board
# without one interns none of these names in the table the firmware's names fill.
ROM_MOUNT = ("import os, uctypes, vfs\n_rom = os.getenv('BOARDLIGHT_ROM').split()\n"
             "vfs.mount(vfs.VfsRom(uctypes.bytearray_at(int(_rom[0]), int(_rom[1]))), '/rom')\n"
             "del os, uctypes, vfs, _rom\n")
ROM_PATH = "import sys\nsys.path[2:2] = ['/rom', '/rom/lib']\ndel sys\n"

# (to_device, to_host) byte filters on the serial line.
Filters = tuple[Callable[[bytes], bytes], Callable[[bytes], bytes]]


class Bridge:
    def __init__(self, flash: str | os.PathLike[str], micropython: str | os.PathLike[str],
                 heap: str | int | None = None,
                 on_side_line: Callable[[bytes, bytes | None], object] | None = None,
                 filters: Filters | None = None,
                 extra_env: dict[str, str] | None = None,
                 rom: str | os.PathLike[str] | None = None) -> None:
        self.flash = str(flash)
        self.micropython = str(micropython)
        # rom: a ROMFS image for the board's ROMFS partition (the interpreter then runs
        # under flashrom.py, which maps it), or None for a board without one.
        self.rom = None if rom is None else os.path.abspath(rom)
        self.heap = heap
        # on_side_line(line, payload) runs in the bridge thread for each side-channel line;
        # payload is the frame's bytes after an "F ..." header, else None.
        self.on_side_line = on_side_line
        # filters: (to_device, to_host) callables bytes -> bytes, e.g. a fault injector.
        self.filters = filters
        self.extra_env = extra_env or {}
        self.master, self._slave = pty.openpty()
        tty.setraw(self._slave)  # no echo, no line discipline: a USB CDC port has none
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self._slave)
        # The side channel: only this user can enter the folder; the socket is 0600 too.
        # A socket's path has room for about 100 bytes: a long TMPDIR gets /tmp instead.
        self._side_dir = scratch.make("side", None if len(tempfile.gettempdir()) < 60 else "/tmp")
        self.side_path = os.path.join(str(self._side_dir), "s")
        self._listen = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listen.bind(self.side_path)
        os.chmod(self.side_path, 0o600)
        self._listen.listen(4)
        self._listen.setblocking(False)
        # The firmware says the first half, the bridge answers with the second.
        self._key = (secrets.token_hex(16), secrets.token_hex(16))
        # connections that have not said the key yet: socket -> (bytes, deadline)
        self._hellos: dict[socket.socket, tuple[bytes, float]] = {}
        self.refused = 0  # side connections closed for a missing or wrong key
        self._flashfs = str(firmware_dir() / "sim" / "flashfs.py")
        self._side: socket.socket | None = None
        self._side_buf = b""
        self._side_lock = threading.Lock()
        self.child: subprocess.Popen[bytes] | None = None
        # The child's pipes (set with it).
        self._child_out: IO[bytes]
        self._child_in: IO[bytes]
        self.mode = "off"  # program | friendly | raw | off
        self.starts = 0
        self.dropped = 0  # device output lost because nobody read the port
        self._tail = b""
        self._ctrl_d_at = 0.0
        self._raw_after_start = False
        self._line_start = True  # the next byte from the interpreter begins a line
        self._frame_line = False  # the line being copied is a frame of the firmware
        self._last_byte = 0
        self._mounted = False  # `mpremote mount` is active: its binary exchange passes as is
        self._host_tail = b""
        self._hard_reset = False
        self._stopping = False
        self._stopped = False
        self._spawn_lock = threading.Lock()
        self._wake_r, self._wake_w = os.pipe()
        self._sel = selectors.DefaultSelector()
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []  # I/O errors the loop survived, for diagnostics
        self.output_log = bytearray()  # the last device output, for diagnostics
        self.log_size = 4096

    # -- control from other threads ---------------------------------------------------

    def start(self) -> None:
        self._spawn(run_main=True)
        self._thread = threading.Thread(target=self._loop, name="vboard-bridge", daemon=True)
        self._thread.start()

    def reset(self) -> None:
        """The reset button: kill the interpreter and boot again (main.py runs)."""
        self._hard_reset = True
        if self.child is not None and self.child.poll() is None:
            self.child.kill()

    def stop(self) -> None:
        """Kill the interpreter, end the thread, close everything (once; again does nothing)."""
        if self._stopped:
            return
        self._stopped = True
        # Under the lock: the thread, restarting an interpreter that ended (a soft reset,
        # one killed by the terminal's SIGHUP), either started it before, and it is
        # self.child here, or sees _stopping and starts none.
        with self._spawn_lock:
            self._stopping = True
            child = self.child
        os.write(self._wake_w, b"x")
        if child is not None and child.poll() is None:
            child.kill()
        if child is not None:
            child.wait()  # the thread may be reaping it too: Popen serialises the two
        if self._thread is not None:
            self._thread.join(5)
        for fd in (self.master, self._slave, self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass
        self._listen.close()
        for conn in list(self._hellos):
            conn.close()
        self._hellos.clear()
        with self._side_lock:
            if self._side is not None:
                self._side.close()
                self._side = None
        shutil.rmtree(self._side_dir, ignore_errors=True)

    def send_side(self, line: bytes) -> None:
        """Send one line (bytes, no newline) to the firmware's side channel."""
        with self._side_lock:
            if self._side is None:
                raise ConnectionError("the virtual board's firmware is not running (no side channel)")
            self._side.sendall(line + b"\n")

    def inject_to_host(self, data: bytes) -> None:
        """Bytes that reach the host as if the board had sent them (line noise in tests)."""
        os.write(self.master, data)

    @property
    def side_connected(self) -> bool:
        return self._side is not None

    # -- the child process ------------------------------------------------------------

    def _spawn(self, run_main: bool, enter_raw: bool = False) -> None:
        argv = [self.micropython]
        if self.rom is not None:
            argv = [sys.executable, os.path.join(os.path.dirname(__file__), "flashrom.py"), self.rom]
        if self.heap:
            from boardlight.vboard.board import heap_bytes

            argv += ["-X", "heapsize=%d" % (heap_bytes(self.heap) + SANDBOX_HEAP)]
        has_main = run_main and os.path.exists(os.path.join(self.flash, "main.py"))
        # flashfs.py mounts the flash folder at "/" and sets a board's import path. Read
        # with exec(open()), its code is freed once it ran, but for the filesystem it
        # leaves mounted; the collection then gives main.py a heap as clean as a board's
        # at boot. main.py then runs as a board runs it: as the __main__ program, not
        # imported (a module imported from here kept the board file checker it had
        # unloaded alive, 18 KB of a 96 KB heap, through the unix port's C stack).
        boot = "exec(open(%r).read())\n_flash()\n" % self._flashfs
        if self.rom is not None:
            boot = ROM_MOUNT + boot + ROM_PATH  # the path after flashfs.py has set a board's
        boot += "import gc\ngc.collect()\n"
        run = "exec(compile(open('main.py').read(), 'main.py', 'exec'))\n"
        argv += ["-i", "-c", boot + (run if has_main else "")]
        env = dict(os.environ)
        env["MICROPYPATH"] = ".frozen"  # until flashfs.py sets the board's path
        env["BOARDLIGHT_FLASH"] = os.path.abspath(self.flash)
        env["BOARDLIGHT_SIM"] = self.side_path
        env["BOARDLIGHT_SIM_KEY"] = "%s:%s" % self._key
        env.update(self.extra_env)
        with self._spawn_lock:
            if self._stopping:
                return  # stop() has begun: an interpreter started now would outlive it
            self.child = subprocess.Popen(
                argv,
                cwd=self.flash,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                bufsize=0,
            )
        assert self.child.stdout is not None and self.child.stdin is not None  # PIPE
        self._child_out, self._child_in = self.child.stdout, self.child.stdin
        os.set_blocking(self._child_out.fileno(), False)
        self.mode = "program" if has_main else "friendly"
        self._raw_after_start = enter_raw
        self._mounted = False  # a new interpreter: mpremote sends its mount code again
        self._line_start = True
        self._tail = b""
        self.starts += 1
        if self._thread is not None:  # the loop is running: watch the new stdout
            self._sel.register(self._child_out, selectors.EVENT_READ, "child")

    def _child_ended(self) -> None:
        assert self.child is not None  # its stdout just ended
        self._sel.unregister(self._child_out)
        self._child_out.close()
        self._child_in.close()
        self.child.wait()
        with self._side_lock:
            if self._side is not None:
                self._sel.unregister(self._side)
                self._side.close()
                self._side = None
        if self._stopping:
            return
        if self._hard_reset:
            self._hard_reset = False
            self._spawn(run_main=True)
        elif time.monotonic() - self._ctrl_d_at < 2.0 and self.mode in ("raw", "friendly"):
            raw = self.mode == "raw"
            self._to_host(b"MPY: soft reboot\r\n")
            self._spawn(run_main=not raw, enter_raw=raw)
        else:
            self._spawn(run_main=False)  # the program ended: a board drops to the REPL

    # -- the loop ---------------------------------------------------------------------

    def _loop(self) -> None:
        sel = self._sel
        sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        sel.register(self.master, selectors.EVENT_READ, "host")
        sel.register(self._listen, selectors.EVENT_READ, "listen")
        sel.register(self._child_out, selectors.EVENT_READ, "child")
        while not self._stopping:
            for key, _ in sel.select(0.5 if not self._hellos else 0.1):
                what = key.data
                try:
                    if what == "host":
                        self._from_host()
                    elif what == "child":
                        self._from_child()
                    elif what == "listen":
                        self._accept()
                    elif what == "hello":
                        self._hello(cast(socket.socket, key.fileobj))  # registered as a socket
                    elif what == "side":
                        self._from_side()
                except (OSError, ValueError, KeyError) as e:
                    # One failed read or write must not stop the board: note it, go on.
                    self.errors.append("%s: %s" % (what, e))
                    del self.errors[:-20]
                if self._stopping:
                    return
            self._expire_hellos()

    def _from_host(self) -> None:
        try:
            data = os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return
        if CTRL_D in data:
            self._ctrl_d_at = time.monotonic()
        if b"RemoteFS" in self._host_tail + data:  # mpremote's mount code (or its check for it)
            self._mounted = True
        self._host_tail = data[-8:]
        if CTRL_B in data and self.mode == "raw":
            self.mode = "friendly"
        if self.filters is not None and self.mode == "program":
            data = self.filters[0](data)
        if data and self.child is not None and self.child.poll() is None:
            try:
                self._child_in.write(data)
            except (BrokenPipeError, OSError):
                pass

    def _from_child(self) -> None:
        try:
            data = self._child_out.read(4096)
        except BlockingIOError:
            return
        if not data:
            self._child_ended()
            return
        tail = (self._tail + data)[-64:]
        self._tail = tail
        if RAW_BANNER in tail:
            self.mode = "raw"
            self._tail = b""
        elif self.mode == "program" and tail.endswith(b">>> "):
            self.mode = "friendly"
        if self._raw_after_start and tail.endswith(b">>> "):
            self._raw_after_start = False
            self._child_in.write(b"\x01")
        if self.filters is not None and self.mode == "program":
            data = self.filters[1](data)
        self._to_host(self._cook(data))

    def _cook(self, data: bytes) -> bytes:
        """Bare LF -> CR LF, except in the firmware's frames and while a folder is mounted."""
        if self._mounted or not data:
            return data
        out = bytearray()
        i, n = 0, len(data)
        while i < n:
            if self._line_start:
                self._frame_line = self.mode == "program" and data[i] == 0x40  # "@"
                self._line_start = False
            nl = data.find(b"\n", i)
            if nl < 0:
                out += data[i:]
                break
            out += data[i:nl]
            prev = data[nl - 1] if nl > 0 else self._last_byte
            if not self._frame_line and prev != 0x0D:
                out += b"\r"
            out += b"\n"
            self._line_start = True
            i = nl + 1
        self._last_byte = data[-1]
        return bytes(out)

    def _to_host(self, data: bytes) -> None:
        self.output_log += data
        del self.output_log[: -self.log_size]
        try:
            n = os.write(self.master, data)
        except BlockingIOError:
            n = 0
        except OSError:
            return
        self.dropped += len(data) - n  # like a USB port nobody reads: the rest is lost

    def _accept(self) -> None:
        try:
            conn, _ = self._listen.accept()
        except BlockingIOError:
            return
        conn.setblocking(False)
        self._hellos[conn] = (b"", time.monotonic() + HANDSHAKE_S)
        self._sel.register(conn, selectors.EVENT_READ, "hello")

    def _hello(self, conn: socket.socket) -> None:
        """A new side connection's first bytes: the firmware's key line, or it is closed."""
        try:
            data = conn.recv(MAX_HELLO)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        buf, deadline = self._hellos[conn]
        buf += data
        self._hellos[conn] = (buf, deadline)
        nl = buf.find(b"\n")
        if nl < 0:
            if not data or len(buf) > MAX_HELLO:
                self._refuse(conn)
            return
        if not hmac.compare_digest(buf[:nl], b"hello " + self._key[0].encode()):
            self._refuse(conn)
            return
        del self._hellos[conn]
        self._sel.unregister(conn)
        conn.setblocking(True)
        conn.sendall(b"welcome " + self._key[1].encode() + b"\n")
        conn.setblocking(False)
        with self._side_lock:
            if self._side is not None:  # the firmware's earlier connection (it restarted)
                self._sel.unregister(self._side)
                self._side.close()
            self._side = conn
            self._side_buf = b""
        self._sel.register(conn, selectors.EVENT_READ, "side")

    def _refuse(self, conn: socket.socket) -> None:
        # Counted before the close: whoever sees the connection closed sees it counted.
        self.refused += 1
        self._hellos.pop(conn, None)
        self._sel.unregister(conn)
        conn.close()

    def _expire_hellos(self) -> None:
        now = time.monotonic()
        for conn, (_, deadline) in list(self._hellos.items()):
            if now > deadline:
                self._refuse(conn)

    def _from_side(self) -> None:
        conn = self._side
        if conn is None:
            return
        try:
            data = conn.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            with self._side_lock:
                if self._side is conn:
                    self._sel.unregister(conn)
                    conn.close()
                    self._side = None
            return
        buf = self._side_buf + data
        # Lines, except that an "F ..." header line is followed by its frame's bytes.
        while True:
            nl = buf.find(b"\n")
            if nl < 0:
                break
            line = buf[:nl]
            payload = None
            if line.startswith(b"F "):
                try:
                    size = MatrixFrame.payload_size(line)
                except ValueError:
                    size = 0
                if len(buf) < nl + 1 + size:
                    break  # wait for the rest of the frame
                payload = buf[nl + 1 : nl + 1 + size]
                buf = buf[nl + 1 + size :]
            else:
                buf = buf[nl + 1 :]
            if self.on_side_line is not None:
                self.on_side_line(line, payload)
        self._side_buf = buf
