"""A frame of the virtual board's LED matrix, as its display pushed it through show().

The side channel carries a header line "F <n> <w> <h> <mono|rgb565> <level> <size>" and
then <size> bytes: the firmware Display's framebuf buffer, MONO_HLSB for mono displays
(one byte per 8 columns, most significant bit leftmost), RGB565 little-endian for colour.
Those are the host canvas's bytes too, so its pixels are read through one (boardlight.canvas).
"""

from __future__ import annotations

from boardlight.canvas import Canvas, buffer_size


class MatrixFrame:
    __slots__ = ("number", "width", "height", "fmt", "level", "data", "_canvas")

    def __init__(self, number: int, width: int, height: int, fmt: str, level: int,
                 data: bytes | bytearray) -> None:
        if fmt not in ("mono", "rgb565"):
            raise ValueError("frame format must be mono or rgb565, not %r" % fmt)
        need = buffer_size(width, height, fmt == "rgb565")
        if len(data) != need:
            raise ValueError("a %dx%d %s frame has %d bytes, not %d" % (width, height, fmt, need, len(data)))
        self.number = number
        self.width = width
        self.height = height
        self.fmt = fmt
        self.level = level
        self.data = bytes(data)
        self._canvas = Canvas(width, height, fmt == "rgb565")
        self._canvas.buffer[:] = self.data

    @staticmethod
    def payload_size(header: bytes) -> int:
        """The byte count that follows a side-channel "F ..." header line."""
        parts = header.split(b" ")
        if len(parts) != 7 or parts[0] != b"F":
            raise ValueError("not a frame header: %r" % header[:60])
        return int(parts[6])

    @classmethod
    def parse(cls, header: bytes, data: bytes) -> MatrixFrame:
        """From a side-channel header line (bytes) and its payload. ValueError if malformed."""
        parts = header.decode("ascii").split(" ")
        if len(parts) != 7 or parts[0] != "F" or int(parts[6]) != len(data):
            raise ValueError("not a frame header for %d bytes: %r" % (len(data), header[:60]))
        return cls(int(parts[1]), int(parts[2]), int(parts[3]), parts[4], int(parts[5]), data)

    @property
    def colour(self) -> bool:
        return self.fmt == "rgb565"

    def value(self, x: int, y: int) -> int:
        """The raw pixel value: 0/1 on mono, the RGB565 number on colour."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel (%d, %d) is outside %dx%d" % (x, y, self.width, self.height))
        v = self._canvas.pixel(x, y)
        assert v is not None  # inside the canvas
        return v

    def lit(self, x: int, y: int) -> bool:
        return self.value(x, y) != 0

    def rgb(self, x: int, y: int) -> tuple[int, int, int]:
        """(r, g, b) 0..255 as the LEDs would show it (mono: white or black)."""
        self.value(x, y)  # IndexError outside the frame
        return self._canvas.rgb888(x, y)

    def rows(self, on: str = "#", off: str = ".") -> list[str]:
        """The matrix as text, one string per row: handy in tests and the terminal."""
        return ["".join(on if self.lit(x, y) else off for x in range(self.width)) for y in range(self.height)]

    def same_picture(self, other: MatrixFrame | None) -> bool:
        return (
            other is not None
            and (self.width, self.height, self.fmt, self.level, self.data)
            == (other.width, other.height, other.fmt, other.level, other.data)
        )

    def __repr__(self) -> str:
        return "<MatrixFrame #%d %dx%d %s level %d>" % (self.number, self.width, self.height, self.fmt, self.level)
