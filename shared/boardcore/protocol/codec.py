"""The serial protocol's frames: encoding, decoding and splitting a byte stream into lines.

Both ends (the host on CPython, the device on MicroPython) run this same file. The full
specification, with examples, is docs/protocol.md. In short, one frame is one line:

    START SEQ " " TYPE [" " PAYLOAD] "*" CRC "\\n"

START is "#" for frames from the host and "@" for frames from the device (a host frame
that lands in a friendly REPL is then only a comment); SEQ is a decimal sequence number
(0 for control frames, 1..255 for data frames, the acknowledged number for "ack");
PAYLOAD is compact JSON; CRC is binascii.crc32 of the text between START and "*", as
eight lower-case hex digits. Only printable ASCII (32..126) appears in a line.

A payload is checked as strict JSON (boardcore.protocol.strict_json) before json.loads
reads it, because the two interpreters' json modules differ: MicroPython's takes `{"C"}`
as {} and `[,"a"]` as ["a"], CPython's takes NaN, and they read surrogate pairs and
fractions differently. So both ends read the same bytes as the same value or refuse them
with the same error; and encode() sends no text above U+FFFF (a surrogate pair there).
"""

import binascii
import json

PROTOCOL_VERSION = 4
MAX_LINE = 1024  # bytes, the line terminator included
MAX_SEQ = 255
HOST = "#"
DEVICE = "@"

# The data frames (sequenced and acknowledged) the device sends; the host's are
# boardcore.protocol.screens.HOST_DATA_TYPES (the device loads that table only with a host).
DEVICE_DATA_TYPES = ("btn", "scan", "status")
# The host's data frames that are not screens: all that a device asking for pictures takes.
PICTURE_TYPES = ("bright", "query", "raw")

# Error codes carried by "err" frames.
E_CRC = "crc"  # the checksum does not match
E_LONG = "long"  # the line was longer than MAX_LINE
E_SYNTAX = "syntax"  # not a frame at all (or bytes outside printable ASCII)
E_TYPE = "type"  # a well-formed frame of a type this end does not take
E_PAYLOAD = "payload"  # a known type whose payload is wrong
E_HELLO = "hello"  # a data frame before the handshake


class ProtocolError(ValueError):
    """A frame that cannot be used; `code` is one of the E_* codes above."""

    def __init__(self, code, message, seq=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.seq = seq


def crc_hex(body):
    """binascii.crc32 of a str body as eight lower-case hex digits (same on both interpreters)."""
    return _crc(body.encode())


def _crc(data):
    # crc_hex of the bytes (or a memoryview of them) of a body.
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


def _printable(text):
    for ch in text:
        o = ord(ch)
        if o < 32 or o > 126:
            return False
    return True


def _ascii_json(value):
    # CPython's json escapes non-ASCII as \uXXXX but MicroPython's does not; strict_json's
    # ascii_text makes both ends send the same bytes (it is loaded only for such text).
    text = json.dumps(value, separators=(",", ":"))
    if _printable(text) and "\\u" not in text:
        return text
    from boardcore.protocol.strict_json import ascii_text

    return ascii_text(text)


def encode(start, seq, ftype, payload=None):
    """One frame as bytes, newline included. Raises ProtocolError if it cannot be sent."""
    if start != HOST and start != DEVICE:
        raise ProtocolError(E_SYNTAX, "frame start must be %r or %r, not %r" % (HOST, DEVICE, start))
    if not isinstance(seq, int) or not 0 <= seq <= MAX_SEQ:
        raise ProtocolError(E_SYNTAX, "sequence number must be 0..%d, not %r" % (MAX_SEQ, seq))
    if not ftype or not _printable(ftype) or " " in ftype or "*" in ftype:
        raise ProtocolError(E_TYPE, "bad frame type %r" % (ftype,))
    body = "%d %s" % (seq, ftype)
    if payload is not None:
        try:
            body += " " + _ascii_json(payload)
        except ValueError as e:
            raise ProtocolError(E_PAYLOAD, "%s %s" % (ftype, e), seq)
    if not _printable(body):
        raise ProtocolError(E_PAYLOAD, "%s payload is not printable ASCII" % ftype, seq)
    line = start + body + "*" + crc_hex(body) + "\n"
    if len(line) > MAX_LINE:
        raise ProtocolError(E_LONG, "%s frame is %d bytes, over %d" % (ftype, len(line), MAX_LINE), seq)
    return line.encode()


def decode(line, start):
    """(seq, type, payload) of one line (bytes or str, terminator optional) from `start`'s side.

    Raises ProtocolError naming what is wrong: E_SYNTAX, E_CRC, E_LONG or E_PAYLOAD. A str
    is read as its UTF-8 bytes (only its length is taken in characters): the wire carries
    printable ASCII, where the two are the same.
    The line is read where it is, through indices: on a device, a long frame (a raw
    frame's kilobyte) is then in the heap once, not once per slice of it.
    """
    if isinstance(line, str):
        if len(line) > MAX_LINE:
            raise ProtocolError(E_LONG, "line of %d bytes is over %d" % (len(line), MAX_LINE))
        try:
            line = line.encode()
        except UnicodeError:  # CPython: a lone surrogate
            raise ProtocolError(E_SYNTAX, "text that is not Unicode")
    else:
        for b in line:
            if (b < 32 or b > 126) and b != 10 and b != 13:
                raise ProtocolError(E_SYNTAX, "byte 0x%02x is not printable ASCII" % b)
        if len(line) > MAX_LINE:
            raise ProtocolError(E_LONG, "line of %d bytes is over %d" % (len(line), MAX_LINE))
    end = len(line)
    while end and (line[end - 1] == 10 or line[end - 1] == 13):
        end -= 1
    if not end or line[0] != ord(start):
        raise ProtocolError(E_SYNTAX, "a frame must start with %r" % start)
    star = line.rfind(b"*", 0, end)
    if star < 0 or end - star != 9:
        raise ProtocolError(E_SYNTAX, "no '*' and 8-digit checksum at the end")
    if _crc(memoryview(line)[1:star]) != line[star + 1 : end].decode():
        raise ProtocolError(E_CRC, "checksum mismatch")
    sp = line.find(b" ", 1, star)
    if sp <= 1:
        raise ProtocolError(E_SYNTAX, "no space after the sequence number")
    digits = line[1:sp].decode()
    for ch in digits:
        if ch < "0" or ch > "9":
            raise ProtocolError(E_SYNTAX, "sequence number %r is not decimal" % digits)
    seq = int(digits)
    if seq > MAX_SEQ:
        raise ProtocolError(E_SYNTAX, "sequence number %d is over %d" % (seq, MAX_SEQ))
    sp2 = line.find(b" ", sp + 1, star)
    ftype = line[sp + 1 : star if sp2 < 0 else sp2].decode()
    if not ftype:  # before the payload: "1  fits" is a broken frame, not a bad payload
        raise ProtocolError(E_SYNTAX, "empty frame type", seq)
    payload = None
    if sp2 >= 0:
        # Loaded with the first payload: a device without a host keeps it out of its heap.
        from boardcore.protocol.strict_json import loads

        try:
            payload = loads(line, sp2 + 1, star)
        except ValueError as e:
            raise ProtocolError(E_PAYLOAD, "%s payload is not JSON: %s" % (ftype, e), seq)
    return seq, ftype, payload


class LineBuffer:
    """Splits a byte stream into lines, discarding (and reporting) lines over MAX_LINE.

    feed(data) returns a list of complete lines (bytes, without terminator) and, for each
    over-long line, the marker None in its place.
    """

    __slots__ = ("_buf", "_overlong")

    def __init__(self):
        self._buf = bytearray()
        self._overlong = False

    def feed(self, data):
        out = []
        start = 0
        n = len(data)
        while start < n:
            nl = data.find(b"\n", start)
            end = n if nl < 0 else nl
            if not self._overlong:
                self._buf.extend(data[start:end])
                if len(self._buf) >= MAX_LINE:
                    # Keep no more of it: memory is short on the device.
                    self._overlong = True
                    self._buf = bytearray()
            if nl < 0:
                break
            if self._overlong:
                out.append(None)
                self._overlong = False
            else:
                line = bytes(self._buf)
                if line.endswith(b"\r"):
                    line = line[:-1]
                out.append(line)
                self._buf = bytearray()
            start = nl + 1
        return out
