"""WS2812 (NeoPixel) matrices through the `neopixel` module: 8 x 8, 16 x 16, 32 x 8 or any size.

The canvas is RGB565. show() turns each pixel into 8-bit R, G, B, scales it by the brightness
level and the configured cap, then by the current limit, and writes the bytes straight into
the NeoPixel object's buffer in the WS2812's wire order G, R, B before `write()`.

Wiring (how the strip snakes through the matrix, seen from the front, LED 0 at the top left):
  "rows"               every row left to right
  "rows-serpentine"    row 0 left to right, row 1 right to left, ...
  "columns"            every column top to bottom
  "columns-serpentine" column 0 top to bottom, column 1 bottom to top, ... (most 32 x 8 panels)

Current: a WS2812B draws about 20 mA per colour channel at 255 (60 mA white) and about 1 mA
idle. If a frame would draw more than `max_current_ma`, every channel is scaled down by the
same factor, so a 256-pixel panel on USB stays inside its budget however much is lit.
"""

from micropython import const
import array
import framebuf
import neopixel
from display import Display

CHANNEL_MA = const(20)  # mA per channel at full value
IDLE_MA = const(1)  # mA per pixel with all channels off

WIRINGS = ("rows", "rows-serpentine", "columns", "columns-serpentine")


class NeoPixelMatrix(Display):
    def __init__(self, pin, width, height, wiring="rows-serpentine", brightness_cap=255,
                 max_current_ma=500, level=15):
        if wiring not in WIRINGS:
            raise ValueError("NeoPixel wiring must be one of %s, not %r" % (", ".join(WIRINGS), wiring))
        if not 1 <= brightness_cap <= 255:
            raise ValueError("NeoPixel brightness_cap must be 1..255, not %r" % (brightness_cap,))
        n = width * height
        if max_current_ma <= n * IDLE_MA:
            raise ValueError("NeoPixel max_current_ma %d is below the %d mA the idle pixels draw"
                             % (max_current_ma, n * IDLE_MA))
        super().__init__(width, height, True, framebuf.RGB565)
        self.wiring = wiring
        self.cap = brightness_cap
        self.max_current_ma = max_current_ma
        self.current_ma = 0  # estimated draw of the last frame shown
        self.np = neopixel.NeoPixel(pin, n)
        # LED number of each canvas pixel in buffer order, worked out once (2 bytes a pixel).
        self._led = array.array("H", [self.index(i % width, i // width) for i in range(n)])
        self.brightness(level)  # applied in show(): WS2812s have no global dimming

    def index(self, x, y):
        """The LED number along the strip for canvas pixel (x, y)."""
        w = self.width
        h = self.height
        wiring = self.wiring
        if wiring == "rows":
            return y * w + x
        if wiring == "rows-serpentine":
            return y * w + (x if y % 2 == 0 else w - 1 - x)
        if wiring == "columns":
            return x * h + y
        return x * h + (y if x % 2 == 0 else h - 1 - y)

    def show(self):
        buf = self.np.buf
        fb = self.buffer  # RGB565, 2 bytes a pixel, low byte first (framebuf stores native
        led = self._led  # order; RP2040, ESP32-S3 and the unix port are all little-endian)
        scale = (self.level + 1) * self.cap  # out of 16 * 255
        total = 0
        for p in range(len(led)):
            v = fb[2 * p] | (fb[2 * p + 1] << 8)
            # RGB565 -> 8 bits per channel, repeating the top bits so 31/63 become 255.
            r = (v >> 11) & 0x1F
            g = (v >> 5) & 0x3F
            b = v & 0x1F
            r = ((r << 3) | (r >> 2)) * scale // 4080
            g = ((g << 2) | (g >> 4)) * scale // 4080
            b = ((b << 3) | (b >> 2)) * scale // 4080
            i = 3 * led[p]
            buf[i] = g
            buf[i + 1] = r
            buf[i + 2] = b
            total += r + g + b
        n = self.width * self.height
        # Draw = idle + total * CHANNEL_MA / 255; keep it at or under the limit.
        allowed = (self.max_current_ma - n * IDLE_MA) * 255 // CHANNEL_MA
        if total > allowed:
            for i in range(len(buf)):
                buf[i] = buf[i] * allowed // total
            total = 0
            for c in buf:
                total += c
        self.current_ma = n * IDLE_MA + total * CHANNEL_MA // 255
        self.np.write()
