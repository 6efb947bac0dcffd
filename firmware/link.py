"""The device end of the link to the host, over stdin/stdout (the USB REPL port).

Frames are printable ASCII lines (boardcore.protocol.codec, docs/protocol.md) so Ctrl-C and the
raw REPL keep working. The host starts the handshake ("hello"); this end answers with
"info" (what the board is) and from then on exchanges sequenced, acknowledged frames.
At boot it announces itself with "boot", so a host that kept the port open notices the
restart and shakes hands again. A host that stays silent for HOST_TIMEOUT_MS (it pings
every second) is taken to be gone.

Running out of heap never leaves the link half-made: a session starts only once its
Endpoint and its "info" answer exist (what it needs is made first, again after a
collection if the heap was short, and only then is the session set), and when nothing can
be made the device still answers, with an "err" frame made at boot.

Without a host the link holds little: the Endpoint, the table of screens and the strict
JSON check come with a session, and once the dealer deals even the codec goes (rest()),
until the next byte comes in.

Reading: on a blocking file read(n) waits for all n bytes, so the reader waits until
stdin is readable (through asyncio's I/O queue) and drains what is ready one byte at a
time into a buffer made once, with poll + readinto. A closed stdin keeps reporting
POLLHUP: that ends the program (only the unix port's stdin can close).
"""

import gc
import select
import sys
import time

import asyncio
from asyncio import core
from micropython import const

import config

_CHUNK = const(256)  # bytes read before the other tasks get a turn


def _codec():
    # The protocol's codec, imported where it is used and never held by this module: with
    # no host and no line coming in, rest() gives its heap (about 5 KB) to the dealer, and
    # the next line or frame out imports it again.
    import boardcore.protocol.codec as codec

    return codec


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
    """The link as the app drives it. `owner` (the app) has:
    info() the handshake's "info" payload; on_frame(type, payload, seq) for a data frame
    from the host; host_coming() to free heap before a new session is made;
    on_host(present, was_present) once a host's session is set or gone; host_heard()
    when the host has shown it has the "info" (its first ping or data frame);
    low_memory() when reading ran out of heap.

    The sequencing Endpoint and the table of screens exist only while a host is there:
    without one, lines are checked here and data frames refused, which keeps their
    modules' heap free for the standalone dealer."""

    def __init__(self, owner, stdin=None, stdout=None):
        self.owner = owner
        self.stdin = stdin or sys.stdin.buffer
        self._write = _out_writer(stdout or sys.stdout)
        codec = _codec()
        self._lines = codec.LineBuffer()  # None while resting (rest())
        self.ep = None  # the Endpoint, while a host is connected (set last, cleared first)
        self.resend_ms = config.RESEND_MS
        self.sid = None  # the host's session id, while connected
        self.heard_sid = None  # the session whose host has shown it has our info
        self.boot_id = _boot_id()
        self.heard = time.ticks_ms()
        # Made now, while the heap is fresh: the answer when nothing else can be made.
        self._no_memory = codec.encode(codec.DEVICE, 0, "err", {"code": "memory", "msg": "out of memory"})
        self._chunk = bytearray(_CHUNK)
        self._byte = bytearray(1)

    @property
    def connected(self):
        return self.ep is not None

    def control(self, ftype, payload=None):
        codec = _codec()
        self._write(codec.encode(codec.DEVICE, 0, ftype, payload))

    def error(self, code, message, seq=None):
        """An err frame to the host; the frame made at boot when the heap has no room."""
        try:
            try:
                ep = self.ep
                if ep is not None:
                    ep.error(code, message, seq)
                    return
                payload = {"code": code, "msg": message[:80]}
                if seq is not None:
                    payload["seq"] = seq
                self.control("err", payload)
            except MemoryError:
                gc.collect()
                self._write(self._no_memory)
        except MemoryError:
            pass  # not even that: the host's resend or ping will ask again

    def rest(self):
        """No host, and the dealer wants the heap: the codec and the line buffer go until
        the next byte comes in (a line cut short then is lost: with no session it cannot
        be a data frame, and a host sends its hello again)."""
        if self.ep is not None:
            return
        from unload import unload

        self._lines = None
        try:
            # The Endpoint's module too, if a hello that found no room left it: it holds
            # the codec's functions, which would keep that codec alive beside the next.
            unload(("boardcore.protocol.codec", "boardcore.protocol.strict_json", "boardcore.protocol.endpoint"))
        except MemoryError:
            pass  # they stay loaded: heap, not harm

    def announce(self):
        self.control("boot", {"fw": config.FIRMWARE_VERSION, "boot": self.boot_id})

    def send_event(self, event):
        """An input event tuple (see docs/protocol.md) to the connected host. Raises
        ProtocolError if it cannot be encoded (e.g. a scan code too long for a line)."""
        ep = self.ep
        if ep is None:
            raise ValueError("no host to send %r to" % (event[0],))
        now = time.ticks_ms()
        if event[0] == "button":
            ep.send("btn", [event[1], event[2]], now=now)
        elif event[0] == "scan":
            ep.send("scan", {"code": event[1]}, now=now)
        else:
            raise ValueError("no frame for event %r" % (event[0],))

    def send_status(self, payload):
        ep = self.ep
        if ep is not None:
            ep.send("status", payload, now=time.ticks_ms())

    def stats(self):
        ep = self.ep
        return ep.stats_dict() if ep is not None else {}

    # -- receiving -------------------------------------------------------------------

    def handle(self, data):
        """Feed received bytes (Ctrl-C already handled by the caller)."""
        now = time.ticks_ms()
        ep = self.ep
        if ep is not None:
            items = ep.feed(data, now)
        else:
            if self._lines is None:
                self._lines = _codec().LineBuffer()
            items = []
            for line in self._lines.feed(data):
                item = self._unconnected(line)
                if item is not None:
                    items.append(item)
        for seq, ftype, payload in items:
            if seq is None:  # a line that is not a host frame
                self.error(_codec().E_SYNTAX, "not a frame")
                continue
            self.heard = now
            if seq:
                self._heard()
                if payload is not None and not isinstance(payload, dict):
                    # Every host data frame carries an object or nothing (docs/protocol.md).
                    self.error("payload", "%s: the payload must be a JSON object" % ftype, seq)
                    continue
                try:
                    self.owner.on_frame(ftype, payload, seq)
                except MemoryError:
                    # Out of heap while drawing: the frame was acknowledged; tell the host
                    # and carry on with the next one.
                    gc.collect()
                    self.error("memory", "out of memory applying " + ftype, seq)
                except Exception as e:
                    # The frame was acknowledged, but its content is wrong: say so. Any
                    # exception, not a list of the expected ones: a payload of the wrong
                    # shape (a number where an object belongs: AttributeError) must not
                    # stop the firmware.
                    self.error("payload", "%s: %s" % (ftype, e), seq)
            else:
                self._control(ftype, payload, now)

    def take(self, data, n=None):
        """Handle received bytes (the first `n` of `data`) as the reader does: heap that
        runs out on the way is reported to the host (the frame is resent, or it was
        acknowledged and is dropped) and never stops the reader."""
        try:
            self.handle(data if n is None else data[:n])
        except MemoryError:
            try:
                self.owner.low_memory()  # the app frees what it can
            except MemoryError:
                pass
            gc.collect()
            try:
                # A line cut short must not run on into the next one (that would read as
                # one over-long line): end it; the host resends it.
                if self._lines is not None:
                    self._lines.feed(b"\n")
            except MemoryError:
                pass
            self.error("memory", "out of memory reading a frame")

    def _unconnected(self, line):
        # What Endpoint.receive_line does before a session, without the Endpoint: check
        # the line, pass control frames on, refuse data frames until a hello.
        if line is None:
            self.error(_codec().E_LONG, "line over the maximum length")
            return None
        if not line:
            return None
        if line[0] != 35:  # "#"
            return (None, "noise", line)
        codec = _codec()
        try:
            seq, ftype, payload = codec.decode(line, codec.HOST)
        except codec.ProtocolError as e:
            self.error(e.code, e.message, e.seq)
            return None
        if seq == 0:
            return (0, ftype, payload)
        if ftype != "ack":
            self.error(codec.E_HELLO, "no handshake yet: send hello", seq)
        return None

    def _control(self, ftype, payload, now):
        if ftype == "hello":
            self._hello(payload, now)
        elif ftype == "ping":
            self._heard()
            self.control("pong", {"sid": self.sid or "", "boot": self.boot_id})
        elif ftype == "err":
            pass  # the host's complaint about one of ours
        elif ftype in ("ack", "info", "pong", "boot"):
            self.error(_codec().E_TYPE, ftype + " is not for the device")
        else:
            self.error(_codec().E_TYPE, "unknown frame type " + ftype)

    def _heard(self):
        # The host pings and sends data only once it took our info: it has what was in it.
        if self.sid is not None and self.heard_sid != self.sid:
            self.heard_sid = self.sid
            self.owner.host_heard()

    def _hello(self, payload, now):
        if not isinstance(payload, dict) or "v" not in payload or "sid" not in payload:
            self.error("payload", "hello needs v and sid")
            return
        codec = _codec()
        if payload["v"] != codec.PROTOCOL_VERSION:
            self.error("version", "protocol %r here, not %r" % (codec.PROTOCOL_VERSION, payload["v"]))
            return
        sid = str(payload["sid"])
        rto = payload.get("rto")
        if isinstance(rto, int) and 20 <= rto <= 5000:
            self.resend_ms = rto  # the host knows how fast its line is
        again = sid == self.sid and self.ep is not None  # a duplicate, or our info was lost
        if not again:
            # A new host session. The app hears of it first: it drops the standalone
            # dealer, which frees the heap the session needs.
            self.owner.host_coming()
        # What the session needs, made before anything is set: again after a collection
        # if the heap is short; if it still is, no session (the host's next hello tries).
        line = None
        for _ in range(2):
            try:
                ep = self.ep
                if ep is None:
                    from boardcore.protocol.endpoint import Endpoint

                    if self.owner.pictures:
                        accepts = codec.PICTURE_TYPES  # no screens: no table of them
                    else:
                        from boardcore.protocol.screens import HOST_DATA_TYPES as accepts
                    ep = Endpoint(codec.DEVICE, accepts, self._write, self.resend_ms, self._lines)
                info = self.owner.info()
                info["sid"] = sid
                info["boot"] = self.boot_id
                line = codec.encode(codec.DEVICE, 0, "info", info)
                break
            except MemoryError:
                ep = info = None
                gc.collect()
        if line is None:
            try:
                self.owner.low_memory()
            except MemoryError:
                pass
            self.error("memory", "out of memory starting a session")
            return
        if again:
            self._write(line)
            return
        # Everything exists: the session is set in one step, then announced.
        was = self.ep is not None
        self.sid = sid
        ep.resend_ms = self.resend_ms
        self.ep = ep
        self._write(line)
        ep.start_session(now)
        self.owner.on_host(True, was)

    def _host_gone(self):
        # Frames the host never acknowledged go with it, and so do the Endpoint module, the
        # table of screens and the strict JSON check of the payloads.
        from unload import unload

        self.ep = None
        self.sid = None
        try:
            unload(("boardcore.protocol.endpoint", "boardcore.protocol.screens", "boardcore.protocol.strict_json"))
        except MemoryError:
            pass  # they stay loaded: heap, not harm
        gc.collect()
        self.owner.on_host(False, True)

    # -- the tasks -------------------------------------------------------------------

    async def reader(self):
        stream = self.stdin
        poller = select.poll()
        poller.register(stream, select.POLLIN)
        chunk = self._chunk
        one = self._byte
        readinto = getattr(stream, "readinto", None)
        while True:
            await readable(stream)
            n = 0
            while True:
                if readinto is not None:
                    if not readinto(one):
                        raise StdinClosed()
                    b = one[0]
                else:
                    got = stream.read(1)
                    if not got:
                        raise StdinClosed()
                    b = got[0]
                if b == 3:
                    # A board's USB stack turns Ctrl-C into KeyboardInterrupt before we see
                    # it (micropython.kbd_intr); on the unix port stdin is a pipe, so do it
                    # here, and read no further: what follows is for the REPL (mpremote).
                    raise KeyboardInterrupt()
                chunk[n] = b
                n += 1
                if n == _CHUNK:
                    break  # let the other tasks run between chunks
                ready = False
                for ev in poller.ipoll(0):  # allocates nothing, unlike poll()
                    if not ev[1] & select.POLLIN:
                        raise StdinClosed()
                    ready = True
                if not ready:
                    break
            self.take(chunk, n)

    async def ticker(self):
        while True:
            await asyncio.sleep_ms(config.TICK_MS)
            now = time.ticks_ms()
            ep = self.ep
            if ep is not None:
                ep.tick(now)
                if time.ticks_diff(now, self.heard) > config.HOST_TIMEOUT_MS:
                    self._host_gone()
