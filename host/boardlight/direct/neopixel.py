"""A NeoPixel (WS2812) matrix wired to one pin of a Linux board, as a colour canvas.

The screens draw RGB565 pixels on this canvas; show() turns the frame into the strip's bytes
with the firmware's own code (firmware/drivers/neopixel_frame.py: the `wiring`, the brightness
level and `brightness_cap`, the `max_current_ma` limit), so a board file means the same on a
Pi as on the device, and hands the strip to Adafruit's CircuitPython `neopixel` driver, which
sends it through Blinka in the strip's byte `order` (GRB for WS2812B).
"""

from typing import Any

from boardlight.canvas import Canvas
from boardlight.firmware import import_module


class NeoPixelMatrix(Canvas):
    """width x height NeoPixels on `pin` (a Blinka board pin, e.g. board.D18)."""

    def __init__(self, pin: Any, width: int, height: int, wiring: str = "rows-serpentine",
                 brightness_cap: int = 255, max_current_ma: int = 500, order: str = "GRB",
                 level: int = 15) -> None:
        self.frame = import_module("drivers.neopixel_frame")
        self.frame.check(width, height, wiring, order, brightness_cap, max_current_ma)
        super().__init__(width, height, colour=True)
        import neopixel

        self.wiring = wiring
        self.cap = brightness_cap
        self.max_current_ma = max_current_ma
        self.current_ma = 0  # estimated draw of the last frame shown
        self._led = self.frame.led_table(width, height, wiring)
        self._rgb = bytearray(3 * width * height)
        self.strip = neopixel.NeoPixel(pin, width * height, brightness=1.0, auto_write=False, pixel_order=order)
        self.brightness(level)  # applied in show(): WS2812s have no global dimming

    def index(self, x: int, y: int) -> int:
        """The LED number along the strip for canvas pixel (x, y)."""
        return self.frame.led_index(x, y, self.width, self.height, self.wiring)

    def show(self) -> None:
        rgb = self._rgb
        self.current_ma = self.frame.encode(self.buffer, self._led, rgb, self.level, self.cap,
                                            self.max_current_ma, "RGB")
        strip = self.strip
        for i in range(len(strip)):
            strip[i] = (rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2])
        strip.show()
