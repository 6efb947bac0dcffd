"""A NeoPixel (WS2812) matrix wired to one pin of a Linux board, as a colour canvas.

The screens draw RGB565 pixels on this canvas; show() turns each into 8-bit (r, g, b),
scales it by the brightness level and the current limit, and hands the strip to
Adafruit's CircuitPython `neopixel` driver, which sends it through Blinka in the strip's
byte order (GRB for WS2812).

Pixel order on the strip: index 0 is the top-left pixel; rows run left to right, and
with `serpentine` (the usual wiring of matrix panels) every second row runs right to
left. Scaling: byte = channel * (level + 1) * max_brightness // 1600, with level 0..15
and max_brightness 1..100 (percent of full current): at level 15 and 100 % a channel
goes out unchanged; the default 25 % keeps a 16 x 16 panel within a 5 V / 4 A supply.
"""

from boardlight.canvas import Canvas


def strip_index(x, y, width, serpentine=True):
    """The strip position of pixel (x, y): rows from the top, odd rows reversed if serpentine."""
    if serpentine and y % 2 == 1:
        return y * width + (width - 1 - x)
    return y * width + x


def scale(channel, level, max_brightness):
    """One 0..255 channel after the brightness level (0..15) and the current limit (%)."""
    return channel * (level + 1) * max_brightness // 1600


class NeoPixelMatrix(Canvas):
    """width x height NeoPixels on `pin` (a Blinka board pin, e.g. board.D18)."""

    def __init__(self, pin, width, height, serpentine=True, order="GRB", max_brightness=25):
        if not isinstance(max_brightness, int) or not 1 <= max_brightness <= 100:
            raise ValueError("max_brightness is a percentage 1..100, not %r" % (max_brightness,))
        if order not in ("RGB", "GRB", "RBG", "GBR", "BRG", "BGR"):
            raise ValueError("order must be a permutation of RGB such as GRB, not %r" % (order,))
        super().__init__(width, height, colour=True)
        import neopixel

        self.serpentine = serpentine
        self.max_brightness = max_brightness
        self.strip = neopixel.NeoPixel(pin, width * height, brightness=1.0, auto_write=False, pixel_order=order)

    def show(self):
        w = self.width
        level, limit = self.level, self.max_brightness
        strip = self.strip
        for y in range(self.height):
            for x in range(w):
                r, g, b = self.rgb888(x, y)
                strip[strip_index(x, y, w, self.serpentine)] = (scale(r, level, limit), scale(g, level, limit), scale(b, level, limit))
        strip.show()
