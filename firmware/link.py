"""The device end of the link to the host, over stdin/stdout (the USB REPL port).

Frames are printable ASCII lines (boardcore.protocol.codec, docs/protocol.md) so Ctrl-C and the
raw REPL keep working. The host starts the handshake ("hello"); this end answers with
"info" (what the board is) and from then on exchanges sequenced, acknowledged frames.
At boot it announces itself with "boot", so a host that kept the port open notices the
restart and shakes hands again. A host that stays silent for HOST_TIMEOUT_MS (it pings
every second) is taken to be gone.

Reading: on a blocking file read(n) waits for all n bytes, so the reader waits until
stdin is readable (through asyncio's I/O queue) and drains what is ready with poll +
read(1). A closed stdin keeps reporting POLLHUP: that ends the program (only the unix
port's stdin can close).
"""

import gc
import select
import sys
import time

import asyncio
from asyncio import core
from boardcore.protocol.codec import (
    DEVICE,
    E_HELLO,
    E_LONG,
    E_SYNTAX,
    E_TYPE,
    HOST,
    PROTOCOL_VERSION,
    LineBuffer,
    ProtocolError,
    decode,
    encode,
)

import config



class StdinClosed(Exception):
    """The host end of stdin is gone (unix port only)."""


async def readable(stream):
    """Wait until `stream` can be read. This is what asyncio.StreamReader does inside;
    doing it here keeps asyncio.stream (about 2 KB of heap) out of the device."""
    yield core._io_queue.queue_read(stream)


def _out_writer(stream):
    buf = getattr(stream, "buffer", None)
    if buf is not None:
        return buf.write
    return lambda data: stream.write(data.decode())


def _boot_id():
    # Differs on every boot, so the host can tell a restarted device from a live one.
    try:
        import os

        return "%08x" % int.from_bytes(os.urandom(4), "big")
    except (ImportError, AttributeError):
        return "%08x" % (time.ticks_ms() & 0xFFFFFFFF)


class DeviceLink:
    """on_frame(type, payload, seq) handles a data frame from the host; on_host(present,
    was_present) is told when a host arrives or goes; info() gives the handshake's "info"
    payload; on_low_memory() is called when reading a frame ran out of heap.

    The sequencing Endpoint and the table of screens exist only while a host is there:
    without one, lines are checked here and data frames refused, which keeps their
    modules' heap free for the standalone dealer."""

    def __init__(self, info, on_frame, on_host, stdin=None, stdout=None, on_low_memory=None):
        self.info = info
        self.on_frame = on_frame
        self.on_host = on_host
        self.on_low_memory = on_low_memory or gc.collect
        self.stdin = stdin or sys.stdin.buffer
        self._write = _out_writer(stdout or sys.stdout)
        self._lines = LineBuffer()
        self.ep = None  # the Endpoint, while a host is connected
        self.resend_ms = config.RESEND_MS
        self.sid = None  # the host's session id, None without a host
        self.boot_id = _boot_id()
        self.heard = time.ticks_ms()

    @property
    def connected(self):
        return self.sid is not None

    def control(self, ftype, payload=None):
        self._write(encode(DEVICE, 0, ftype, payload))

    def error(self, code, message, seq=None):
        if self.ep is not None:
            self.ep.error(code, message, seq)
            return
        payload = {"code": code, "msg": message[:80]}
        if seq is not None:
            payload["seq"] = seq
        self.control("err", payload)

    def announce(self):
        self.control("boot", {"fw": config.FIRMWARE_VERSION, "boot": self.boot_id})

    def send_event(self, event):
        """An input event tuple (see docs/protocol.md) to the connected host. Raises
        ProtocolError if it cannot be encoded (e.g. a scan code too long for a line)."""
        now = time.ticks_ms()
        if event[0] == "button":
            self.ep.send("btn", [event[1], event[2]], now=now)
        elif event[0] == "scan":
            self.ep.send("scan", {"code": event[1]}, now=now)
        else:
            raise ValueError("no frame for event %r" % (event[0],))

    def send_status(self, payload):
        self.ep.send("status", payload, now=time.ticks_ms())

    def stats(self):
        return self.ep.stats_dict() if self.ep is not None else {}

    # -- receiving -------------------------------------------------------------------

    def handle(self, data):
        """Feed received bytes (Ctrl-C already handled by the caller)."""
        now = time.ticks_ms()
        if self.ep is not None:
            items = self.ep.feed(data, now)
        else:
            items = []
            for line in self._lines.feed(data):
                item = self._unconnected(line)
                if item is not None:
                    items.append(item)
        for seq, ftype, payload in items:
            if seq is None:  # a line that is not a host frame
                self.error(E_SYNTAX, "not a frame")
                continue
            self.heard = now
            if seq:
                if payload is not None and not isinstance(payload, dict):
                    # Every host data frame carries an object or nothing (docs/protocol.md).
                    self.error("payload", "%s: the payload must be a JSON object" % ftype, seq)
                    continue
                try:
                    self.on_frame(ftype, payload, seq)
                except MemoryError:
                    # Out of heap while drawing: tell the host, carry on with the next frame.
                    gc.collect()
                    try:
                        self.error("memory", "out of memory applying " + ftype, seq)
                    except MemoryError:
                        pass
                except Exception as e:
                    # The frame was acknowledged, but its content is wrong: say so. Any
                    # exception, not a list of the expected ones: a payload of the wrong
                    # shape (a number where an object belongs: AttributeError) must not
                    # stop the firmware.
                    self.error("payload", "%s: %s" % (ftype, e), seq)
            else:
                self._control(ftype, payload, now)

    def _unconnected(self, line):
        # What Endpoint.receive_line does before a session, without the Endpoint: check
        # the line, pass control frames on, refuse data frames until a hello.
        if line is None:
            self.error(E_LONG, "line over the maximum length")
            return None
        if not line:
            return None
        if line[0] != 35:  # "#"
            return (None, "noise", line)
        try:
            seq, ftype, payload = decode(line, HOST)
        except ProtocolError as e:
            self.error(e.code, e.message, e.seq)
            return None
        if seq == 0:
            return (0, ftype, payload)
        if ftype != "ack":
            self.error(E_HELLO, "no handshake yet: send hello", seq)
        return None

    def _control(self, ftype, payload, now):
        if ftype == "hello":
            self._hello(payload, now)
        elif ftype == "ping":
            self.control("pong", {"sid": self.sid or "", "boot": self.boot_id})
        elif ftype == "err":
            pass  # the host's complaint about one of ours
        elif ftype in ("ack", "info", "pong", "boot"):
            self.error(E_TYPE, ftype + " is not for the device")
        else:
            self.error(E_TYPE, "unknown frame type " + ftype)

    def _hello(self, payload, now):
        if not isinstance(payload, dict) or "v" not in payload or "sid" not in payload:
            self.error("payload", "hello needs v and sid")
            return
        if payload["v"] != PROTOCOL_VERSION:
            self.error("version", "protocol %r here, not %r" % (PROTOCOL_VERSION, payload["v"]))
            return
        sid = str(payload["sid"])
        rto = payload.get("rto")
        if isinstance(rto, int) and 20 <= rto <= 5000:
            self.resend_ms = rto  # the host knows how fast its line is
        if sid != self.sid:
            # A new host session (not a repeated hello). The app hears of it first: it
            # drops the standalone dealer, which frees the heap the answer needs.
            was = self.sid is not None
            self.sid = sid
            self.on_host(True, was)
            if self.ep is None:
                from boardcore.protocol.endpoint import Endpoint
                from boardcore.protocol.screens import HOST_DATA_TYPES

                self.ep = Endpoint(DEVICE, HOST_DATA_TYPES, self._write, self.resend_ms, self._lines)
            self.ep.resend_ms = self.resend_ms
            self._send_info(sid)
            self.ep.start_session(now)
        else:
            self._send_info(sid)

    def _send_info(self, sid):
        info = self.info()
        info["sid"] = sid
        info["boot"] = self.boot_id
        self.control("info", info)

    def _host_gone(self):
        # Frames the host never acknowledged go with it, and so do the Endpoint module, the
        # table of screens and the strict JSON check of the payloads.
        from unload import unload

        self.sid = None
        self.ep = None
        unload(("boardcore.protocol.endpoint", "boardcore.protocol.screens", "boardcore.protocol.strict_json"))
        gc.collect()
        self.on_host(False, True)

    # -- the tasks -------------------------------------------------------------------

    async def reader(self):
        stream = self.stdin
        poller = select.poll()
        poller.register(stream, select.POLLIN)
        while True:
            await readable(stream)
            b = stream.read(1)
            got = bytearray()
            while True:
                if not b:
                    raise StdinClosed()
                if b == b"\x03":
                    # A board's USB stack turns Ctrl-C into KeyboardInterrupt before we see
                    # it (micropython.kbd_intr); on the unix port stdin is a pipe, so do it
                    # here, and read no further: what follows is for the REPL (mpremote).
                    raise KeyboardInterrupt()
                got.extend(b)
                if len(got) >= 256:
                    break  # let the other tasks run between chunks
                ev = poller.poll(0)
                if not ev:
                    break
                if not ev[0][1] & select.POLLIN:
                    raise StdinClosed()
                b = stream.read(1)
            try:
                self.handle(got)
            except MemoryError:
                self.on_low_memory()  # the app frees what it can
                gc.collect()  # the frame will be resent
                try:
                    self.error("memory", "out of memory reading a frame")
                except MemoryError:
                    pass  # not even room to say so: the resend will tell

    async def ticker(self):
        while True:
            await asyncio.sleep_ms(config.TICK_MS)
            now = time.ticks_ms()
            if self.ep is not None:
                self.ep.tick(now)
            if self.sid is not None and time.ticks_diff(now, self.heard) > config.HOST_TIMEOUT_MS:
                self._host_gone()
