"""The host's one canvas: a CPython canvas with the firmware Display's interface, so the
device's screens (firmware/screens/) draw on the host exactly as on the device. The table
UI's mirror of a device, `boardlight direct` (whose MAX7219 and NeoPixel drivers subclass it)
and the tests draw on it.

The frame is kept in the same bytes as MicroPython's framebuf: MONO_HLSB (one bit per
pixel, MSB first, rows of ceil(width / 8) bytes) for mono canvases, RGB565 (two bytes
per pixel, little-endian as on the device's CPUs) for colour ones. Drawing follows
framebuf's rules: everything is clipped to the canvas, pixel() with no colour reads.
text() draws with the core's 5 x 7 font (boardcore.glyphs), which is what the screens
use, not framebuf's built-in 8 x 8 font. rgb() and brightness() are the device's own
(firmware/display_methods.py).
"""

from typing import Any

from boardlight.firmware import import_module

_methods = import_module("display_methods")

# framebuf's format numbers, so `canvas.format` compares equal to the device's.
MONO_HLSB = 3
RGB565 = 1

# What rows() writes for these colours on a colour canvas (as the firmware tests' dump()).
LETTERS = (((255, 0, 0), "R"), ((0, 255, 0), "G"), ((0, 0, 255), "B"), ((255, 255, 0), "Y"), ((255, 255, 255), "W"))


def buffer_size(width: int, height: int, colour: bool) -> int:
    """Bytes of a width x height frame: RGB565, two a pixel; mono, MONO_HLSB rows of
    ceil(width / 8) bytes (the Canvas buffer, and a raw frame on the wire)."""
    return 2 * width * height if colour else ((width + 7) // 8) * height


class Canvas:
    """width x height pixels; colour=True for an RGB565 canvas. show() is the driver's."""

    def __init__(self, width: int, height: int, colour: bool = False) -> None:
        if not (isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0):
            raise ValueError("canvas size must be positive whole numbers, not %r x %r" % (width, height))
        self.width = width
        self.height = height
        self.colour = bool(colour)
        self.format = RGB565 if self.colour else MONO_HLSB
        self._stride = 2 * width if self.colour else (width + 7) // 8
        self.buffer = bytearray(self._stride * height)
        self.level = 15

    # -- the Display attributes ------------------------------------------------

    # The firmware's own functions (typed there for MicroPython, not here).
    rgb: Any = _methods.rgb
    brightness: Any = _methods.brightness

    def _set_brightness(self, level: int) -> None:
        pass

    def show(self) -> None:
        raise NotImplementedError("a display driver must push the frame in show()")

    # -- framebuf's drawing methods --------------------------------------------

    def pixel(self, x: int, y: int, c: int | None = None) -> int | None:
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if self.colour:
            i = y * self._stride + 2 * x
            if c is None:
                return self.buffer[i] | (self.buffer[i + 1] << 8)
            self.buffer[i] = c & 0xFF
            self.buffer[i + 1] = (c >> 8) & 0xFF
            return None
        i = y * self._stride + (x >> 3)
        bit = 0x80 >> (x & 7)
        if c is None:
            return 1 if self.buffer[i] & bit else 0
        if c & 1:
            self.buffer[i] |= bit
        else:
            self.buffer[i] &= ~bit & 0xFF
        return None

    def fill_rect(self, x: int, y: int, w: int, h: int, c: int) -> None:
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, self.width), min(y + h, self.height)
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self.pixel(xx, yy, c)

    def fill(self, c: int) -> None:
        self.fill_rect(0, 0, self.width, self.height, c)

    def hline(self, x: int, y: int, w: int, c: int) -> None:
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x: int, y: int, h: int, c: int) -> None:
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x: int, y: int, w: int, h: int, c: int, f: bool = False) -> None:
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        if w <= 0 or h <= 0:
            return
        self.hline(x, y, w, c)
        self.hline(x, y + h - 1, w, c)
        self.vline(x, y, h, c)
        self.vline(x + w - 1, y, h, c)

    def line(self, x1: int, y1: int, x2: int, y2: int, c: int) -> None:
        # Bresenham, both ends included, as framebuf.line.
        dx, dy = abs(x2 - x1), -abs(y2 - y1)
        sx = 1 if x1 < x2 else -1
        sy = 1 if y1 < y2 else -1
        err = dx + dy
        while True:
            self.pixel(x1, y1, c)
            if x1 == x2 and y1 == y2:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x1 += sx
            if e2 <= dx:
                err += dx
                y1 += sy

    def text(self, s: str, x: int, y: int, c: int = 1) -> None:
        from boardcore import glyphs

        glyphs.draw_text(self, x, y, s, c, 1)

    # -- reading the frame back (drivers, the UI's mirror, tests) ---------------

    def rgb888(self, x: int, y: int) -> tuple[int, int, int]:
        """The (r, g, b) 0..255 of a pixel: mono lit pixels are white; RGB565 channels
        are widened by repeating their top bits (31 -> 255, 63 -> 255)."""
        v = self.pixel(x, y)
        if not self.colour:
            return (255, 255, 255) if v else (0, 0, 0)
        if v is None:
            raise IndexError("pixel (%d, %d) is outside %dx%d" % (x, y, self.width, self.height))
        r5, g6, b5 = (v >> 11) & 0x1F, (v >> 5) & 0x3F, v & 0x1F
        return ((r5 << 3) | (r5 >> 2), (g6 << 2) | (g6 >> 4), (b5 << 3) | (b5 >> 2))

    def rows(self) -> list[str]:
        """The frame as text, one string per row. Mono: '#' lit, '.' dark. Colour: R, G, B,
        Y, W for red, green, blue, yellow and white, '.' black, '?' any other colour."""
        if not self.colour:
            return ["".join("#" if self.pixel(x, y) else "." for x in range(self.width)) for y in range(self.height)]
        letters: dict[int | None, str] = {0: "."}
        for rgb, letter in LETTERS:
            letters[self.rgb(*rgb)] = letter
        return ["".join(letters.get(self.pixel(x, y), "?") for x in range(self.width)) for y in range(self.height)]
