"""One end of the link: sequence numbers, acknowledgements, resends, duplicates, error frames.

The host and the device both drive an Endpoint; it does no I/O of its own. Bytes that
arrive go to feed(); frames leave through the `write(bytes)` callable given to it; the
owner calls tick(now_ms) now and then so that a frame whose ack did not come is resent.

Data frames are sent one at a time (stop-and-wait): the next leaves only when the last
was acknowledged, so the receiver sees either the next number or a repeat of the last one.
"""

from boardcore.protocol.codec import (
    DEVICE,
    E_HELLO,
    E_LONG,
    E_TYPE,
    HOST,
    MAX_SEQ,
    ProtocolError,
    LineBuffer,
    decode,
    encode,
)

try:
    from time import ticks_diff
except ImportError:  # CPython: plain integer milliseconds

    def ticks_diff(a, b):
        return a - b


# Counters kept in Endpoint.stats, by index (a list is lighter than a dict on the device).
SENT, RESENT, RECEIVED, DUPLICATES, BAD_IN, ERRORS_OUT, ERRORS_IN, NOISE = range(8)
STAT_NAMES = ("sent", "resent", "received", "duplicates", "bad_in", "errors_out", "errors_in", "noise")


class Endpoint:
    """`side` is HOST or DEVICE (this end); `accepts` the data types this end takes;
    `lines` a LineBuffer to carry on with (one that already holds part of a line)."""

    def __init__(self, side, accepts, write, resend_ms=250, lines=None):
        self.side = side
        self.peer = DEVICE if side == HOST else HOST
        self.accepts = accepts
        self._write = write
        self.resend_ms = resend_ms
        self._lines = lines if lines is not None else LineBuffer()
        self._queue = []  # [type, payload, group] waiting to be sent
        self._inflight = None  # [seq, line, sent_at, type, payload, group]
        self._tx_seq = 0
        self._rx_last = 0
        self.in_session = False
        self.stats = [0] * len(STAT_NAMES)

    # -- sending ---------------------------------------------------------------------

    def send(self, ftype, payload=None, group=None, now=0):
        """Queue a data frame. A frame with a `group` replaces any queued, unsent frame of
        the same group (only the latest picture matters). Raises ProtocolError if the frame
        could never be encoded, before anything is queued."""
        encode(self.side, MAX_SEQ, ftype, payload)  # check it now, not at send time
        if group is not None:
            q = self._queue
            i = 0
            while i < len(q):
                if q[i][2] == group:
                    q.pop(i)
                else:
                    i += 1
        self._queue.append([ftype, payload, group])
        self._pump(now)

    def control(self, ftype, payload=None, seq=0):
        """Send a control frame at once (not sequenced, not acknowledged)."""
        self._write(encode(self.side, seq, ftype, payload))

    def error(self, code, message, seq=None):
        self.stats[ERRORS_OUT] += 1
        payload = {"code": code, "msg": message[:80]}
        if seq is not None:
            payload["seq"] = seq
        self.control("err", payload)

    def idle(self):
        """True when nothing waits to be sent or acknowledged."""
        return self._inflight is None and not self._queue

    def has_pending(self, group):
        """True if a frame of `group` is queued or in flight."""
        f = self._inflight
        if f is not None and f[5] == group:
            return True
        for item in self._queue:
            if item[2] == group:
                return True
        return False

    def _pump(self, now):
        if self._inflight is not None or not self._queue or not self.in_session:
            return
        ftype, payload, group = self._queue.pop(0)
        self._tx_seq = self._tx_seq % MAX_SEQ + 1
        line = encode(self.side, self._tx_seq, ftype, payload)
        self._inflight = [self._tx_seq, line, now, ftype, payload, group]
        self.stats[SENT] += 1
        self._write(line)

    def tick(self, now):
        """Resend the frame in flight if its ack is overdue."""
        f = self._inflight
        if f is not None and ticks_diff(now, f[2]) >= self.resend_ms:
            f[2] = now
            self.stats[RESENT] += 1
            self._write(f[1])

    # -- sessions --------------------------------------------------------------------

    def start_session(self, now=0):
        """Begin numbering afresh (after a handshake). Frames not yet acknowledged are
        kept and sent again under new numbers, the one in flight first."""
        f = self._inflight
        if f is not None:
            self._queue.insert(0, [f[3], f[4], f[5]])
            self._inflight = None
        self._tx_seq = 0
        self._rx_last = 0
        self.in_session = True
        self._pump(now)

    def end_session(self):
        """Stop sending data frames until the next start_session (the peer is gone)."""
        self.in_session = False

    def drop_pending(self, group=None):
        """Forget queued frames (of one group, or all) and the frame in flight if it matches."""
        self._queue = [q for q in self._queue if group is not None and q[2] != group]
        f = self._inflight
        if f is not None and (group is None or f[5] == group):
            self._inflight = None

    # -- receiving -------------------------------------------------------------------

    def feed(self, data, now=0):
        """Take received bytes; returns the frames for the owner as a list of
        (seq, type, payload): new data frames (already acknowledged) and control frames
        other than ack. Lines not starting with the peer's mark are returned as
        (None, "noise", line) so the owner can show or ignore them."""
        out = []
        for line in self._lines.feed(data):
            item = self.receive_line(line, now)
            if item is not None:
                out.append(item)
        return out

    def receive_line(self, line, now=0):
        if line is None:
            self.stats[BAD_IN] += 1
            self.error(E_LONG, "line over the maximum length")
            return None
        if not line:
            return None  # blank lines are harmless (a bare Enter)
        if line[0] != ord(self.peer):
            self.stats[NOISE] += 1
            return (None, "noise", line)
        try:
            seq, ftype, payload = decode(line, self.peer)
        except ProtocolError as e:
            self.stats[BAD_IN] += 1
            self.error(e.code, e.message, e.seq)
            return None
        if ftype == "ack":
            f = self._inflight
            if f is not None and f[0] == seq:
                self._inflight = None
                self._pump(now)
            return None
        if seq == 0:
            if ftype == "err":
                self.stats[ERRORS_IN] += 1
            return (0, ftype, payload)
        # A data frame.
        if not self.in_session:
            self.stats[BAD_IN] += 1
            self.error(E_HELLO, "no handshake yet: send hello", seq)
            return None
        self.control("ack", None, seq)
        if seq == self._rx_last:
            self.stats[DUPLICATES] += 1
            return None
        self._rx_last = seq
        if ftype not in self.accepts:
            self.stats[BAD_IN] += 1
            self.error(E_TYPE, "unknown frame type " + ftype, seq)
            return None
        self.stats[RECEIVED] += 1
        return (seq, ftype, payload)

    def stats_dict(self):
        d = {}
        for i in range(len(STAT_NAMES)):
            d[STAT_NAMES[i]] = self.stats[i]
        return d

