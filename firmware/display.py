"""The canvas every screen draws on, and the base class of every display driver.

A display is a `framebuf.FrameBuffer` (as in micropython-lib's ssd1306): screens draw
into it with the usual framebuf calls, and `show()` pushes the whole frame to the
hardware. A driver subclass only has to implement `show()` and, where the hardware can
dim, `_set_brightness()`. Colour displays use RGB565 pixels; mono ones use 0/1.
"""

import framebuf
import display_methods


class Display(framebuf.FrameBuffer):
    """width x height pixels; `colour` is True for RGB displays (RGB565 buffer)."""

    # Shared with the host's CPython canvas (display_methods.py).
    rgb = display_methods.rgb
    brightness = display_methods.brightness

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

    def _set_brightness(self, level):
        # Displays that cannot dim in hardware keep the level for show() to apply.
        pass

    def show(self):
        raise NotImplementedError("a display driver must push the frame in show()")
