"""The two methods every canvas the screens draw on has besides framebuf's drawing calls:
`rgb()` (the pixel value of a colour) and `brightness()` (the level 0..15).

Plain functions taking `self`, put into each canvas class as methods (`rgb =
display_methods.rgb`), so the device's display.Display (a framebuf.FrameBuffer, which CPython
lacks) and the host's CPython canvas (host/boardlight/canvas.py) share one copy. The class
sets `colour` (True for RGB565 pixels, False for 0/1) and has `_set_brightness(level)`.
"""


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
