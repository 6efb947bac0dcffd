"""How a canvas frame becomes the bytes of a NeoPixel (WS2812) strip: which LED each pixel is,
the brightness scaling, the current limit and the byte order.

Plain Python, so the device's driver (drivers/neopixel_matrix.py) and the host's
`boardlight direct` NeoPixel canvas (host/boardlight/direct/neopixel.py) both use it, and a
board file's `wiring`, `order`, `brightness_cap` and `max_current_ma` mean the same on both.

Wiring (how the strip snakes through the matrix, seen from the front, LED 0 at the top left):
  "rows"               every row left to right
  "rows-serpentine"    row 0 left to right, row 1 right to left, ...
  "columns"            every column top to bottom
  "columns-serpentine" column 0 top to bottom, column 1 bottom to top, ... (most 32 x 8 panels)

Scaling: each RGB565 channel is widened to 8 bits (repeating its top bits, so 31 and 63 become
255), then multiplied by (level + 1) * brightness_cap / (16 * 255).

Current: a WS2812B draws about 20 mA per colour channel at 255 (60 mA white) and about 1 mA
idle. If a frame would draw more than `max_current_ma`, every channel is scaled down by the
same factor, so a 256-pixel panel on USB stays inside its budget however much is lit.
"""

import array

WIRINGS = ("rows", "rows-serpentine", "columns", "columns-serpentine")
ORDERS = ("GRB", "RGB", "RBG", "GBR", "BRG", "BGR")
CHANNEL_MA = 20  # mA per channel at full value
IDLE_MA = 1  # mA per pixel with all channels off


def check(width, height, wiring, order, brightness_cap, max_current_ma):
    """ValueError naming the setting that a driver cannot work with."""
    if wiring not in WIRINGS:
        raise ValueError("NeoPixel wiring must be one of %s, not %r" % (", ".join(WIRINGS), wiring))
    if order not in ORDERS:
        raise ValueError("NeoPixel order must be one of %s, not %r" % (", ".join(ORDERS), order))
    if not 1 <= brightness_cap <= 255:
        raise ValueError("NeoPixel brightness_cap must be 1..255, not %r" % (brightness_cap,))
    n = width * height
    if max_current_ma <= n * IDLE_MA:
        raise ValueError("NeoPixel max_current_ma %d is below the %d mA the idle pixels draw"
                         % (max_current_ma, n * IDLE_MA))


def led_index(x, y, width, height, wiring):
    """The LED number along the strip for canvas pixel (x, y)."""
    if wiring == "rows":
        return y * width + x
    if wiring == "rows-serpentine":
        return y * width + (x if y % 2 == 0 else width - 1 - x)
    if wiring == "columns":
        return x * height + y
    return x * height + (y if x % 2 == 0 else height - 1 - y)


def led_table(width, height, wiring):
    """The LED number of each canvas pixel in buffer order (2 bytes a pixel), worked out once."""
    return array.array("H", [led_index(i % width, i // width, width, height, wiring)
                             for i in range(width * height)])


def encode(fb, led, buf, level, cap, max_current_ma, order="GRB"):
    """Fill `buf` (3 bytes an LED, channels in `order`) from the RGB565 frame `fb` (2 bytes a
    pixel, low byte first, as framebuf stores it on little-endian CPUs); `led` is led_table().
    Returns the estimated draw of the frame in mA, at most max_current_ma."""
    ro = order.find("R")
    go = order.find("G")
    bo = order.find("B")
    scale = (level + 1) * cap  # out of 16 * 255
    total = 0
    for p in range(len(led)):
        v = fb[2 * p] | (fb[2 * p + 1] << 8)
        r = (v >> 11) & 0x1F
        g = (v >> 5) & 0x3F
        b = v & 0x1F
        r = ((r << 3) | (r >> 2)) * scale // 4080
        g = ((g << 2) | (g >> 4)) * scale // 4080
        b = ((b << 3) | (b >> 2)) * scale // 4080
        i = 3 * led[p]
        buf[i + ro] = r
        buf[i + go] = g
        buf[i + bo] = b
        total += r + g + b
    n = len(led)
    # Draw = idle + total * CHANNEL_MA / 255; keep it at or under the limit.
    allowed = (max_current_ma - n * IDLE_MA) * 255 // CHANNEL_MA
    if total > allowed:
        for i in range(len(buf)):
            buf[i] = buf[i] * allowed // total
        total = 0
        for c in buf:
            total += c
    return n * IDLE_MA + total * CHANNEL_MA // 255
