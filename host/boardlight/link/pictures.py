"""Screens drawn on the host, for a device that asks for pictures.

A device short of heap says "pictures" in its info (docs/protocol.md 4.1): with a host it
draws nothing itself, so the link draws each screen here, with the firmware's own screens
on a canvas of the device's size and format, and sends the frame as raw chunks. The device
shows what it would have drawn; a scrolling text is stepped here, every SCROLL_MS as the
device steps its own, each step one picture.

    painter = Painter(info)                                # the device's checked info
    frame = painter.draw("fits_card", {"tile": "L3"})      # bytes, the device's format
    while painter.moving:
        frame = painter.step()                             # the next step of the text
"""

from __future__ import annotations

import base64
import importlib
from typing import Any

from boardlight.canvas import Canvas, buffer_size
from boardlight.firmware import FIRMWARE_PACKAGE, import_module

# Bytes of a frame per raw chunk: a chunk of 192 is a line of about 300, for which a
# device short of heap, its free space in pieces, still finds room.
CHUNK = 192


class Painter:
    """The screens of one device (its info: display size, colour) drawn on the host."""

    def __init__(self, info: dict[str, Any]) -> None:
        d = info["display"]
        self._size = (d["w"], d["h"], bool(info["colour"]))
        self.canvas = Canvas(*self._size)  # the last screen drawn
        self._screens = import_module("screens")
        # The firmware's timing, read inside its package: a module named plain "config"
        # elsewhere on the path could stand in for it.
        self.scroll_ms: int = importlib.import_module(FIRMWARE_PACKAGE + ".config").SCROLL_MS
        self._scroller: Any = None

    @property
    def moving(self) -> bool:
        """True while the last screen drawn is a text still scrolling."""
        return self._scroller is not None

    def draw(self, kind: str, payload: dict[str, Any] | None) -> bytes:
        """The frame of screen `kind` (its payload as boardcore.protocol.screens.check
        returns it), as the device's draw of the same frame leaves its display: a
        scrolling text at its first step. ValueError for a value the screen refuses (an
        unknown tile): a text that was scrolling goes on."""
        # On a canvas of its own: a screen that refuses a value leaves the last one whole.
        canvas = Canvas(*self._size)
        scroller = self._screens.draw(kind, canvas, **(payload or {}))
        self.canvas = canvas
        self._scroller = scroller
        if scroller is None:
            return bytes(self.canvas.buffer)
        return self.step()

    def connected(self) -> bytes:
        """The device's own "connected" screen (a tick), for a session not yet shown anything."""
        self._scroller = None
        self.canvas = Canvas(*self._size)
        self._screens.connected(self.canvas)
        return bytes(self.canvas.buffer)

    def step(self) -> bytes:
        """The next step of the scrolling text (`moving` is then False after its last)."""
        if self._scroller is None:
            raise ValueError("no text is scrolling")
        if not self._scroller.step():
            self._scroller = None
        return bytes(self.canvas.buffer)

    def stop(self) -> None:
        self._scroller = None


def raw_chunks(info: dict[str, Any], data: bytes | bytearray, chunk: int = CHUNK) -> list[dict[str, Any]]:
    """The payloads of the "raw" frames that carry the frame `data` to a device with this
    info (docs/protocol.md: base64 chunks at byte offsets). ValueError if `data` is not a
    whole frame of the device's format (mono MONO_HLSB or RGB565, as its info says)."""
    d = info["display"]
    fmt = "rgb565" if info["colour"] else "mono"
    size = buffer_size(d["w"], d["h"], fmt == "rgb565")
    if len(data) != size:
        raise ValueError("a %dx%d %s frame is %d bytes, not %d" % (d["w"], d["h"], fmt, size, len(data)))
    if not isinstance(chunk, int) or chunk < 1:
        raise ValueError("chunk must be a positive number of bytes, not %r" % (chunk,))
    return [{"w": d["w"], "h": d["h"], "fmt": fmt, "off": off,
             "data": base64.b64encode(bytes(data[off : off + chunk])).decode()}
            for off in range(0, size, chunk)]
