"""The canvas every screen draws on, and the base class of every display driver.

A display is a `framebuf.FrameBuffer` (as in micropython-lib's ssd1306): screens draw
into it with the usual framebuf calls, and `show()` pushes the whole frame to the
hardware. A driver subclass only has to implement `show()` and, where the hardware can
dim, `_set_brightness()`. Colour displays use RGB565 pixels; mono ones use 0/1.
"""

import framebuf


class Display(framebuf.FrameBuffer):
    """width x height pixels; `colour` is True for RGB displays (RGB565 buffer)."""

    def __init__(self, width, height, colour=False, fmt=None):
        self.width = width
        self.height = height
        self.colour = colour
        if fmt is None:
            fmt = framebuf.RGB565 if colour else framebuf.MONO_HLSB
        self.format = fmt
        if fmt == framebuf.RGB565:
            size = width * height * 2
        elif fmt == framebuf.MONO_VLSB:
            size = width * ((height + 7) // 8)
        else:  # MONO_HLSB / MONO_HMSB: one byte per 8 columns, per row
            size = ((width + 7) // 8) * height
        self.buffer = bytearray(size)
        self.level = 15  # brightness 0..15, like the MAX7219's intensity register
        super().__init__(self.buffer, width, height, fmt)

    def rgb(self, r, g, b):
        """The pixel value for an (r, g, b) colour, 0..255 each, on this display."""
        if not self.colour:
            return 1 if (r or g or b) else 0
        return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)

    def brightness(self, level):
        """Set brightness 0 (dimmest, still on) .. 15 (full)."""
        # A whole number only: the drivers put it in a register byte or multiply channel
        # bytes by it, and a float kept in self.level would break every later show().
        if not isinstance(level, int) or not 0 <= level <= 15:
            raise ValueError("brightness must be 0..15, not %r" % (level,))
        self.level = level
        self._set_brightness(level)

    def _set_brightness(self, level):
        # Displays that cannot dim in hardware keep the level for show() to apply.
        pass

    def show(self):
        raise NotImplementedError("a display driver must push the frame in show()")
