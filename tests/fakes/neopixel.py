"""A recording stand-in for MicroPython's `neopixel` module (frozen into the rp2 and esp32 firmware;
source: micropython-lib micropython/drivers/led/neopixel/neopixel.py).

The part of the real API our driver relies on:
- `NeoPixel(pin, n, bpp=3, timing=1)`: n pixels on a machine.Pin; calls `pin.init(pin.OUT)`.
- `.buf`: a bytearray of n * bpp bytes sent as is, pixel after pixel, in the WS2812's order
  G, R, B (the real class maps (r, g, b) tuples there with ORDER = (1, 0, 2, 3)).
- `.write()`: clocks `.buf` out on the pin (machine.bitstream at 800 kHz).
The driver fills `.buf` itself, so the byte order under test is the driver's own work.
Here `write()` records a copy of `.buf` in `.frames` (the last four) instead of driving a pin.
"""


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.timing = timing
        self.buf = bytearray(n * bpp)
        self.frames = []
        pin.init(pin.OUT)

    def __len__(self):
        return self.n

    def write(self):
        self.frames.append(bytes(self.buf))
        if len(self.frames) > 4:
            self.frames.pop(0)
