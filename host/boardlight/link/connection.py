"""The host end of the link to a boardlight device (docs/protocol.md).

    link = connect("/dev/ttyACM0", on_event=print)   # or connect("virtual"), connect()
    link.wait_connected(5)                           # the handshake's info (a dict)
    link.show("fits_card", tile="L3", round_no=2)   # a screen (boardcore.protocol.screens)
    event = link.next_event(1.0)                     # ("button", "next", "short"), ...
    link.close()

A background thread owns the port: it opens (and after an unplug or a reset, reopens)
it, shakes hands, pings every second, resends frames whose ack is late, and hands the
device's events on in order, each exactly once. show() only queues a frame and
returns at once; a newer picture replaces an older one that has not left yet, and after
the device restarts the host sends the last picture again. Callbacks (on_event(event),
on_status(state, detail)) run in the link thread while it holds the link's lock: they
must return quickly and never wait for another thread that might call the link (a UI
posts them to its own thread). States: "opening" (no port), "handshake", "connected",
"closed".

Every frame from the device is checked field by field (boardcore's codec, then
boardlight.link.frames) before any of it is used; a refused one is answered with an err
frame and counted in `refused`. What the link keeps for its readers is bounded: the
events and statuses waiting to be read (the oldest go first), the console lines and
errors (the last 50). A device that sends faster than stop-and-wait allows, or than the
reader takes its events, floods: the frames dropped are counted in `dropped`, and
flooding() says whether that is happening now.
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from boardcore.protocol.codec import DEVICE_DATA_TYPES, HOST, MAX_SEQ, PROTOCOL_VERSION, ProtocolError, encode
from boardcore.protocol.endpoint import Endpoint
from boardcore.protocol.screens import KINDS, check

from boardlight.invocation import command
from boardlight.link.frames import FrameError, check as check_frame
from boardlight.link.inbox import Inbox
from boardlight.link.pictures import CHUNK, Painter, raw_chunks
from boardlight.link.transport import SerialTransport, Transport, TransportClosed

if TYPE_CHECKING:
    from boardlight.vboard.board import VirtualBoard

# An input event of the firmware's contract: ("button", name, action) or ("scan", code).
Event = tuple[str, ...]

SHOW = "show"  # the frame group of screens: only the latest matters
PICTURE = "picture"  # the raw chunks of one picture: a newer picture replaces them
BRIGHT = "bright"

# Link states reported to on_status(state, detail).
CLOSED, OPENING, HANDSHAKE, CONNECTED = "closed", "opening", "handshake", "connected"


class LinkError(Exception):
    """The device could not be reached, or refused what was asked."""


SWITCH_INTERVAL_S = 0.00025
# A board whose REPL answers gets a soft reset at most every REVIVE_MS, REVIVE_TRIES times.
REVIVE_MS = 3000
REVIVE_TRIES = 3

# How much the link keeps for its readers. People press a few buttons a second and the
# table reads each at once: 64 waiting events mean nobody is reading, or a flood.
EVENTS_KEPT = 64
STATUSES_KEPT = 4  # a status answers a query; the reader wants the newest
LINES_KEPT = 50  # console lines and err frames, for diagnostics
# A flood is over when nothing was dropped for this long.
FLOOD_MS = 3000


def _ms() -> int:
    return int(time.monotonic() * 1000)


class HostEndpoint(Endpoint):
    """The core's Endpoint with what only the host sends: a picture in several frames."""

    def send_all(self, ftype: str, payloads: list[Any], group: str, now: int = 0) -> None:
        """Queue one frame per payload, in order, in place of every frame of `group` still
        queued or in flight (the chunks of an older picture: the device starts a picture
        again at its chunk at offset 0). ProtocolError before anything is queued if one
        of them could never be encoded."""
        for payload in payloads:
            encode(self.side, MAX_SEQ, ftype, payload)
        self.drop_pending(group)
        self._queue.extend([ftype, payload, group] for payload in payloads)
        self._pump(now)


class Link:
    def __init__(
        self,
        port: str,
        on_event: Callable[[Event], object] | None = None,
        on_status: Callable[[str, str], object] | None = None,
        resend_ms: int = 150,
        hello_ms: int = 300,
        ping_ms: int = 1000,
        timeout_ms: int = 3500,
        transport: Transport | None = None,
    ) -> None:
        self.port = port
        self.on_event = on_event
        self.on_status = on_status
        self.hello_ms = hello_ms
        self.ping_ms = ping_ms
        self.timeout_ms = timeout_ms
        self.transport: Transport = transport or SerialTransport(port)
        self._lock = threading.RLock()
        self.ep = HostEndpoint(HOST, DEVICE_DATA_TYPES, self._write, resend_ms)
        self.state = CLOSED
        self.info: dict[str, Any] | None = None  # the device's last "info" payload
        self.sid: str | None = None
        self.events: Inbox[Event] = Inbox(EVENTS_KEPT)
        # "status" frames from the device
        self.statuses: Inbox[dict[str, Any]] = Inbox(STATUSES_KEPT)
        # err frames from the device (payload dicts), newest last
        self.errors: list[dict[str, Any]] = []
        # lines the device printed that are not frames (tracebacks, REPL)
        self.console: list[str] = []
        self.refused: list[str] = []  # why frames from the device were refused, newest last
        self._unwaited = 0  # data frames dropped for not waiting for the ack of the one before
        self._flood_at: int | None = None  # when the last frame was dropped (ms)
        self.handshakes = 0
        self._shown: tuple[str, Any] | None = None  # the last screen: (type, payload)
        self._raw: bytes | None = None  # the last show_raw frame, when it is the last picture
        # Draws the screens for a device that asks for pictures (None for one that draws)
        self._painter: Painter | None = None
        self._scroll_at = 0  # when the painter's scrolling text takes its next step (ms)
        self._bright: tuple[str, Any] | None = None
        self._connected = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_hello = 0
        self._last_heard = 0
        self._last_ping = 0
        self._revives = 0  # soft resets sent since the last handshake
        self.problem: str | None = None  # why the handshake cannot succeed, when the link knows
        self._last_revive: int | None = None
        # the VirtualBoard when connect("virtual") started one
        self.board: VirtualBoard | None = None

    # -- lifetime ---------------------------------------------------------------------

    def start(self) -> Link:
        # The link thread (and a virtual board's bridge thread) wait for bytes and must get
        # the interpreter soon after: while the UI's thread computes, Python hands it over
        # only every switch interval, 5 ms by default, and each press crosses threads
        # several times on its way to the matrix.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="boardlight-link", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(3)
            self._thread = None
        self.transport.close()
        self._set_state(CLOSED, "closed")
        if self.board is not None:
            self.board.close()
            self.board = None

    def __enter__(self) -> Link:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def connected(self) -> bool:
        return self.state == CONNECTED

    @property
    def away(self) -> dict[str, Any] | None:
        """What the device did while no host was there, as its last handshake's info said
        (docs/protocol.md 4.1): {"presses": n, "games": [[game, players, seed, shown],
        ...]}, or None when it did nothing. Read it when the state becomes "connected"."""
        away = self.info.get("away") if isinstance(self.info, dict) else None
        return away if isinstance(away, dict) else None

    @property
    def faults(self) -> list[dict[str, Any]]:
        """The device's optional parts that did not answer at boot, from its info: a list
        of {"part", "code", "msg"} (empty when every part answered)."""
        faults = self.info.get("faults") if isinstance(self.info, dict) else None
        return [f for f in faults if isinstance(f, dict)] if isinstance(faults, list) else []

    def wait_connected(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The device's info once the handshake is done; LinkError after `timeout` s."""
        if not self._connected.wait(timeout):
            if self.problem:  # the link knows why: say that, not only what the device printed
                raise LinkError("no boardlight firmware answered on %s within %.1f s: %s" % (self.port, timeout, self.problem))
            tail = " / ".join(self.console[-3:])
            raise LinkError(
                "no boardlight firmware answered on %s within %.1f s%s"
                % (self.port, timeout, (" (it printed: %s)" % tail) if tail else "")
            )
        return self.info

    # -- sending ----------------------------------------------------------------------

    def send(self, ftype: str, payload: Any = None, group: str | None = None) -> None:
        """Queue a data frame to the device (ProtocolError at once if it cannot be sent)."""
        with self._lock:
            if group == SHOW:
                self._shown = (ftype, payload)
                self._raw = None
            elif group == BRIGHT:
                self._bright = (ftype, payload)
            self.ep.send(ftype, payload, group, _ms())

    def show(self, kind: str, **payload: Any) -> None:
        """Show a screen of boardcore.protocol.screens: `kind` is the firmware's draw
        function, the keyword arguments its own (e.g. show("fits_card", tile="L3",
        round_no=2)); None means the function's default. ValueError naming the key, before
        anything is sent, if the table does not allow the payload. To a device that asks
        for pictures (its info says "pictures") the screen goes drawn, as raw chunks, and
        a scrolling text is stepped here (boardlight.link.pictures)."""
        checked = screen_payload(kind, payload)
        with self._lock:
            if self._painter is None:
                self.send(kind, checked, SHOW)
                return
            # Drawn first: a value the draw function refuses raises, and the device keeps
            # what it shows (a text goes on scrolling).
            frame = self._painter.draw(kind, checked)
            self._shown = (kind, checked)
            self._raw = None
            self._send_picture(frame, _ms())

    def show_text(self, text: str, colour: str | None = None, loop: bool = False) -> None:
        """show("message", ...) for callers that only scroll a text (card enrolment)."""
        self.show("message", text=text, colour=colour, loop=loop)

    def brightness(self, level: int) -> None:
        if not isinstance(level, int) or not 0 <= level <= 15:
            raise ValueError("brightness must be 0..15, not %r" % (level,))
        self.send("bright", {"level": level}, BRIGHT)

    def show_raw(self, data: bytes | bytearray, chunk: int = CHUNK) -> None:
        """A whole frame of the device's own buffer format (mono MONO_HLSB or RGB565, as
        its info says), sent in base64 chunks that the device assembles; it replaces an
        older picture still on its way, and goes again, whole, after the device restarts. A chunk of 192 bytes is a line of about 300: a
        device whose heap is short and in pieces still finds room for it (a 480-byte
        chunk's 720-byte line failed below 86 KB)."""
        if self.info is None:
            raise LinkError("show_raw needs the device's info: wait_connected() first")
        chunks = raw_chunks(self.info, data, chunk)
        with self._lock:
            self.ep.drop_pending(SHOW)  # an older screen need not be drawn first
            if self._painter is not None:
                self._painter.stop()
            self.ep.send_all("raw", chunks, PICTURE, _ms())
            self._shown = None
            self._raw = bytes(data)  # sent again, whole, after a restart

    def _send_picture(self, frame: bytes, now: int) -> None:
        # A frame the painter drew, in place of any older one on its way; the next step of
        # a scrolling text is due SCROLL_MS after this one.
        assert self.info is not None and self._painter is not None
        self.ep.drop_pending(SHOW)
        self.ep.send_all("raw", raw_chunks(self.info, frame), PICTURE, now)
        self._scroll_at = now + self._painter.scroll_ms

    def query_status(self, timeout: float = 2.0) -> dict[str, Any]:
        """Ask the device for its counters (frames applied, free heap, link stats)."""
        self.statuses.clear()
        self.send("query")
        try:
            return self.statuses.get(timeout=timeout)
        except queue.Empty:
            raise LinkError("no status from the device within %.1f s" % timeout) from None

    def idle(self) -> bool:
        """True when every frame sent has been acknowledged."""
        with self._lock:
            return self.connected and self.ep.idle()

    def wait_idle(self, timeout: float = 5.0) -> None:
        end = time.monotonic() + timeout
        while not self.idle():
            if time.monotonic() > end:
                raise LinkError("frames still unacknowledged after %.1f s" % timeout)
            time.sleep(0.005)

    # -- receiving --------------------------------------------------------------------

    def next_event(self, timeout: float | None = None) -> Event | None:
        """The next input event from the device, or None after `timeout` seconds."""
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    @property
    def dropped(self) -> int:
        """Data frames from the device dropped so far: sent before the ack of the one
        before (stop-and-wait broken), or events and statuses nobody read in time."""
        return self._unwaited + self.events.dropped + self.statuses.dropped

    def flooding(self) -> bool:
        """True while the device floods: a frame was dropped within the last FLOOD_MS."""
        at = self._flood_at
        return at is not None and _ms() - at < FLOOD_MS

    # -- the thread -------------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        # Called by the endpoint (under the lock). A write to a vanished port is dropped;
        # the reader notices and reconnects, and the endpoint resends.
        try:
            self.transport.write(data)
        except TransportClosed:
            pass

    def _set_state(self, state: str, detail: str = "") -> None:
        if state != self.state:
            self.state = state
            if state == CONNECTED:
                self._connected.set()
            else:
                self._connected.clear()
            if self.on_status is not None:
                self.on_status(state, detail)

    def _run(self) -> None:
        while not self._stop.is_set():
            if not self.transport.is_open:
                try:
                    self.transport.open()
                except TransportClosed as e:
                    self._set_state(OPENING, str(e))
                    self._stop.wait(0.25)
                    continue
                self._begin_handshake("port opened")
            try:
                data = self.transport.read(self._read_wait())
            except TransportClosed as e:
                self.transport.close()
                with self._lock:
                    self.ep.end_session()
                    self._painter = None
                self._set_state(OPENING, "port lost: %s" % e)
                continue
            with self._lock:
                now = _ms()
                if data:
                    fresh = 0
                    for seq, ftype, payload in self.ep.feed(data, now):
                        if seq:
                            fresh += 1
                            if fresh > 1:
                                # An honest device sends a data frame only after the ack of
                                # the one before, which is written after the read that
                                # brought it: two in one read did not wait for it.
                                self._last_heard = now
                                self._unwaited += 1
                                self._flood_at = now
                                continue
                        self._received(seq, ftype, payload, now)
                self._timers(now)

    def _read_wait(self) -> float:
        # How long a read may wait (s): 20 ms; 5 ms when a scrolling text's next step is
        # due sooner and the device has the last one. Two values only: a new timeout
        # reconfigures a serial port, and a wait of 0 would spin.
        if not self._step_waits():
            return 0.02
        return 0.005 if self._scroll_at - _ms() < 20 else 0.02

    def _step_waits(self) -> bool:
        # A scrolling text has a next step to send, and the device has the last one (a
        # slow device makes the text slower, never later and later).
        painter = self._painter
        return painter is not None and painter.moving and not self.ep.has_pending(PICTURE)

    def _begin_handshake(self, why: str) -> None:
        with self._lock:
            self.ep.end_session()
            self._painter = None  # the next device says whether it wants pictures
            self.sid = os.urandom(4).hex()
            self._last_hello = 0
            self._set_state(HANDSHAKE, why)
            self._timers(_ms())

    def _timers(self, now: int) -> None:
        if self.state == HANDSHAKE:
            if now - self._last_hello >= self.hello_ms:
                self._last_hello = now
                self.ep.control("hello", {"v": PROTOCOL_VERSION, "sid": self.sid, "rto": self.ep.resend_ms})
            return
        if self.state != CONNECTED:
            return
        self.ep.tick(now)
        if now >= self._scroll_at and self._step_waits():
            assert self._painter is not None
            self._send_picture(self._painter.step(), now)
        if now - self._last_heard > self.timeout_ms:
            self._begin_handshake("device silent for %d ms" % (now - self._last_heard))
        elif now - self._last_ping >= self.ping_ms:
            self._last_ping = now
            self.ep.control("ping")

    def _received(self, seq: int | None, ftype: str, payload: Any, now: int) -> None:
        if seq is None:  # not a frame: REPL output, a traceback, boot messages
            text = payload.decode("ascii", "replace")
            self.console.append(text)
            del self.console[:-LINES_KEPT]
            if self.state == HANDSHAKE and text.startswith(">>>"):
                self._revive(now)
            return
        self._last_heard = now
        if seq:
            self._data(seq, ftype, payload)
        elif ftype == "info":
            self._info(payload, now)
        elif ftype in ("boot", "pong", "err"):
            try:
                payload = check_frame(ftype, payload, self.info)
            except FrameError as e:
                # No end answers an err frame with another (docs/protocol.md).
                self._refuse(None, str(e), answer=ftype != "err")
                return
            if ftype == "boot":
                if self.info is None or payload["boot"] != self.info["boot"]:
                    self._begin_handshake("device restarted")
            elif ftype == "pong":
                if self.state == CONNECTED and self.info is not None and (
                        payload["sid"] != self.sid or payload["boot"] != self.info["boot"]):
                    self._begin_handshake("device lost the session")
            else:
                self._note_error(payload)
                if payload["code"] == "hello" and self.state == CONNECTED:
                    self._begin_handshake("device wants a handshake")
        else:
            self.ep.error("type", "%s is not for the host" % ftype)

    def _note_error(self, payload: dict[str, Any]) -> None:
        self.errors.append(payload)
        del self.errors[:-LINES_KEPT]

    def _refuse(self, seq: int | None, message: str, answer: bool = True) -> None:
        # A frame the table of device frames refuses: nothing of it is used.
        self.refused.append(message)
        del self.refused[:-LINES_KEPT]
        if answer:
            self.ep.error("payload", message, seq)

    def _set_problem(self, problem: str) -> None:
        # Why the handshake cannot succeed: said once, not at every hello.
        if problem != self.problem:
            self.problem = problem
            if self.on_status is not None:
                self.on_status(self.state, problem)

    def _revive(self, now: int) -> None:
        # The board answers our hellos with its REPL prompt: the firmware is not running
        # (it crashed, or a Ctrl-C stopped it). A soft reset (Ctrl-C clears the REPL's line,
        # Ctrl-D reboots) runs main.py again, as the reset button would. A few tries, spaced
        # out; after that the state says what is wrong and the hellos go on.
        if self._last_revive is not None and now - self._last_revive < REVIVE_MS:
            return
        self._last_revive = now
        if self._revives >= REVIVE_TRIES:
            if self._revives == REVIVE_TRIES:  # say it once
                self._revives += 1
                self._set_problem("the device's firmware is not running (its REPL answers):"
                                  " reset the board, or `%s` it again" % command("deploy"))
            return
        self._revives += 1
        self._write(b"\r\x03\x04")

    def _info(self, payload: Any, now: int) -> None:
        if self.state != HANDSHAKE or not isinstance(payload, dict) or payload.get("sid") != self.sid:
            return  # an answer to an older hello
        if payload.get("v") != PROTOCOL_VERSION:
            problem = ("its firmware speaks protocol %r and this boardlight %d: deploy this"
                       " version's firmware (%s)" % (payload.get("v"), PROTOCOL_VERSION, command("deploy")))
            if problem != self.problem:
                self._note_error({"code": "version", "msg": "device speaks protocol %r" % payload.get("v")})
            self._set_problem(problem)
            return
        try:
            info = check_frame("info", payload)
        except FrameError as e:
            # A display size no screen is drawn on, a board name that is not text...: the
            # table cannot use this device, and says why.
            self._refuse(None, str(e))
            self._set_problem("its handshake cannot be used (%s): deploy this version's"
                              " firmware (%s)" % (e, command("deploy")))
            return
        self.info = info
        self.handshakes += 1
        self._revives = 0
        self.problem = None
        self._last_heard = self._last_ping = now
        # The device shows what it showed before only if it did not restart: send the
        # brightness and the last screen again unless newer ones are already queued.
        if self._bright is not None and not self.ep.has_pending(BRIGHT):
            self.ep.send(self._bright[0], self._bright[1], BRIGHT, now)
        self._show_again(info, now)
        self.ep.start_session(now)
        self._set_state(CONNECTED, "%s %s" % (info["board"], info["fw"]))

    def _show_again(self, info: dict[str, Any], now: int) -> None:
        # The last screen or raw picture, for a device that has just shaken hands. A
        # picture half sent would reach it from its middle (the chunk at offset 0 starts
        # a frame), or be for another display: the last one goes again, whole.
        self.ep.drop_pending(PICTURE)
        painter = self._painter = Painter(info) if info.get("pictures") else None
        if painter is not None:
            self.ep.drop_pending(SHOW)  # this device draws no screens: they go drawn
        if self._shown is not None:
            if painter is None:
                if not self.ep.has_pending(SHOW):
                    self.ep.send(self._shown[0], self._shown[1], SHOW, now)
            else:
                try:
                    self._send_picture(painter.draw(*self._shown), now)
                except ValueError as e:
                    # Shown before the link knew this device draws none, and refused by
                    # its draw function (a device that draws would have answered err).
                    self._note_error({"code": "draw", "msg": "%s not shown: %s" % (self._shown[0], e)})
                    self._shown = None
        if self._shown is None:
            if self._raw is not None:
                try:
                    self.ep.send_all("raw", raw_chunks(info, self._raw), PICTURE, now)
                except ValueError:
                    self._raw = None  # a frame for another display
            elif painter is not None:
                self._send_picture(painter.connected(), now)  # its "connected" tick

    def _data(self, seq: int, ftype: str, payload: Any) -> None:
        try:
            payload = check_frame(ftype, payload, self.info)
        except FrameError as e:
            self._refuse(seq, str(e))
            return
        if ftype == "status":
            self._keep(self.statuses, payload)
            return
        # The event tuple of the firmware's input contract.
        event = ("button", payload[0], payload[1]) if ftype == "btn" else ("scan", payload["code"])
        self._keep(self.events, event)
        if self.on_event is not None:
            self.on_event(event)

    def _keep(self, inbox: Inbox[Any], item: Any) -> None:
        dropped = inbox.dropped
        inbox.put(item)
        if inbox.dropped != dropped:
            self._flood_at = _ms()


def screen_payload(kind: str, payload: Mapping[str, Any]) -> dict[str, Any] | None:
    """The frame payload of screen `kind` (None when it has no keys): checked against
    boardcore.protocol.screens, null keys left out, lists copied (the caller may change
    its own while the frame waits to be resent). ValueError that names the kind and key."""
    try:
        args = check(kind, payload)
    except ValueError as e:
        raise ValueError("%s: %s" % (kind, e) if kind in KINDS else str(e)) from None
    return {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in args.items()} or None


def connect(port: str | None = None, **kwargs: Any) -> Link:
    """A started Link. port: a serial device, "virtual" (starts a virtual board and closes
    it with the link), or None (the one MicroPython board plugged in: devices.pick_port;
    LinkError if there is none or more than one)."""
    board = None
    if port == "virtual":
        from boardlight.vboard.board import VirtualBoard

        board = VirtualBoard().start()
        port = board.port
    elif port is None:
        from boardlight.link.devices import DeviceError, pick_port

        try:
            port = pick_port()
        except DeviceError as e:
            raise LinkError(str(e)) from None
    link = Link(port, **kwargs)
    link.board = board
    return link.start()


__all__ = ["Link", "LinkError", "ProtocolError", "connect", "screen_payload"]
