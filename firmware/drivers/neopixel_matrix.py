"""WS2812 (NeoPixel) matrices through the `neopixel` module: 8 x 8, 16 x 16, 32 x 8 or any size.

The canvas is RGB565. show() turns the frame into the strip's bytes with drivers/neopixel_frame.py
(the wiring, the brightness level and cap, the current limit, the byte order: G, R, B for a
WS2812B) straight into the NeoPixel object's buffer, then `write()`s it.
"""

import framebuf
import neopixel
from display import Display
from drivers import neopixel_frame


class NeoPixelMatrix(Display):
    def __init__(self, pin, width, height, wiring="rows-serpentine", brightness_cap=255,
                 max_current_ma=500, level=15, order="GRB"):
        neopixel_frame.check(width, height, wiring, order, brightness_cap, max_current_ma)
        super().__init__(width, height, True, framebuf.RGB565)
        self.wiring = wiring
        self.order = order
        self.cap = brightness_cap
        self.max_current_ma = max_current_ma
        self.current_ma = 0  # estimated draw of the last frame shown
        self.np = neopixel.NeoPixel(pin, width * height)
        self._led = neopixel_frame.led_table(width, height, wiring)
        # The frame and level last sent: a strip takes every LED each time, so an unchanged
        # frame is not sent at all.
        self._sent = bytearray(len(self.buffer))
        self._sent_level = -1
        self.brightness(level)  # applied in show(): WS2812s have no global dimming

    def index(self, x, y):
        """The LED number along the strip for canvas pixel (x, y)."""
        return neopixel_frame.led_index(x, y, self.width, self.height, self.wiring)

    def show(self):
        """Send the frame to the strip (all of it: a WS2812 chain has no addressing), unless
        neither it nor the brightness changed since the last one."""
        if self._sent_level == self.level and self._sent == self.buffer:
            return
        self._sent_level = -1  # until it is out
        self.current_ma = neopixel_frame.encode(self.buffer, self._led, self.np.buf, self.level,
                                                self.cap, self.max_current_ma, self.order)
        self.np.write()
        self._sent[:] = self.buffer
        self._sent_level = self.level

    def refresh(self):
        """Send the frame whether it changed or not."""
        self._sent_level = -1
        self.show()
