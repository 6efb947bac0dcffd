"""The virtual board's side channel: a unix socket to the host-side bridge.

The unix port has no LEDs and no buttons, so the virtual display sends each frame it
shows down this channel, and the bridge sends button presses and card scans up it, one
text line each way (the line formats: docs/protocol.md, section 7).
The bridge gives the socket's path in the environment variable BOARDLIGHT_SIM, in a
folder only its user can enter, and a key in BOARDLIGHT_SIM_KEY ("MINE:THEIRS"). The
channel opens with "hello MINE" and takes nothing from the other end until it has
answered "welcome THEIRS": both ends know they talk to the board they started with.
"""

import os
import select
import socket
import struct
import sys

from link import readable


# The longest input line kept: a press is "down next", a scan a card code (real scanners
# send at most 64 characters). A longer line is dropped, or it would fill the 96 KB heap.
MAX_LINE = 256
HANDSHAKE_MS = 5000


def _unix_address(path):
    """A sockaddr_un as bytes (the unix port's connect() takes the raw structure)."""
    p = path.encode()
    if sys.platform == "darwin":  # BSD: a length byte, then the family byte
        return bytes((len(p) + 3, socket.AF_UNIX)) + p + b"\0"
    return struct.pack("H", socket.AF_UNIX) + p + b"\0"


class Channel:
    def __init__(self, path, key):
        mine, theirs = key.split(":")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(_unix_address(path))
        self.sock = sock
        self._out = select.poll()
        self._out.register(sock, select.POLLOUT)
        sock.setblocking(False)
        self.send(b"hello " + mine.encode() + b"\n")
        line, self._rest = self._first_line()
        if line != b"welcome " + theirs.encode():
            sock.close()
            raise OSError("the side channel's other end did not answer with this board's key")

    def _first_line(self):
        poll = select.poll()
        poll.register(self.sock, select.POLLIN)
        buf = b""
        while b"\n" not in buf:
            if not poll.poll(HANDSHAKE_MS):
                raise OSError("the side channel's other end did not answer within %d ms" % HANDSHAKE_MS)
            data = self.sock.recv(64)
            if not data:
                raise OSError("the side channel closed during its handshake")
            buf += data
            if len(buf) > MAX_LINE:
                break
        nl = buf.find(b"\n")
        return buf[:nl], buf[nl + 1 :]

    @classmethod
    def from_env(cls):
        path, key = os.getenv("BOARDLIGHT_SIM"), os.getenv("BOARDLIGHT_SIM_KEY")
        if not path or not key:
            raise OSError("BOARDLIGHT_SIM is not set: the virtual board runs under boardlight's bridge")
        return cls(path, key)

    def send(self, data):
        """Send all of `data` (bytes); waits for room, as a USB endpoint would."""
        view = memoryview(data)
        while view:
            try:
                n = self.sock.send(view)
            except OSError as e:
                if e.args[0] != 11:  # EAGAIN: the bridge is slow, wait for room
                    raise
                n = 0
            if n:
                view = view[n:]
            else:
                self._out.poll(100)

    async def serve(self, on_line):
        """Call on_line(bytes) for each line from the bridge until it closes the channel.
        A line longer than MAX_LINE comes as on_line(None) once, its bytes dropped."""
        buf, self._rest = self._rest, b""  # what came with the handshake's answer
        skipping = False  # inside a line that was too long: drop up to its end
        while True:
            nl = buf.find(b"\n")
            while nl >= 0:
                if skipping:
                    skipping = False
                else:
                    line = buf[:nl].rstrip(b"\r")
                    # Whole lines are checked too: a line up to twice a recv long can
                    # arrive complete without ever filling the buffer past MAX_LINE.
                    on_line(None if len(line) > MAX_LINE else line)
                buf = buf[nl + 1 :]
                nl = buf.find(b"\n")
            if len(buf) > MAX_LINE + 1:  # + 1: the "\r" of a line of MAX_LINE
                if not skipping:
                    on_line(None)
                skipping = True
                buf = b""
            await readable(self.sock)
            try:
                data = self.sock.recv(256)
            except OSError as e:
                if e.args[0] == 11:  # EAGAIN: woken early, nothing yet
                    continue
                raise
            if not data:
                raise OSError("the virtual board's side channel closed")
            buf += data
