"""The virtual board's side channel: a TCP connection to the host-side bridge.

The unix port has no LEDs and no buttons, so the virtual display sends each frame it
shows down this channel, and the bridge sends button presses and card scans up it, one
text line each way (the line formats: docs/protocol.md, section 7).
The bridge gives its address in the environment variable BOARDLIGHT_SIM ("host:port").
"""

import os
import select
import socket

from link import readable


# The longest input line kept: a press is "down next", a scan a card code (real scanners
# send at most 64 characters). A longer line is dropped, or it would fill the 96 KB heap.
MAX_LINE = 256


class Channel:
    def __init__(self, address):
        host, port = address.rsplit(":", 1)
        sock = socket.socket()
        sock.connect(socket.getaddrinfo(host, int(port))[0][-1])
        # TCP_NODELAY (IPPROTO_TCP 6, option 1): a frame goes as a header and a buffer, and
        # Nagle would hold the buffer until the header's delayed ack, 40 ms later.
        sock.setsockopt(6, 1, 1)
        sock.setblocking(False)
        self.sock = sock
        self._out = select.poll()
        self._out.register(sock, select.POLLOUT)

    @classmethod
    def from_env(cls):
        address = os.getenv("BOARDLIGHT_SIM")
        if not address:
            raise OSError("BOARDLIGHT_SIM is not set: the virtual board runs under boardlight's bridge")
        return cls(address)

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
        buf = b""
        skipping = False  # inside a line that was too long: drop up to its end
        while True:
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
