"""SSD1306 128 x 64 (or 128 x 32) OLED through micropython-lib's `ssd1306` package.

Install it on the board with `mpremote mip install ssd1306` (board_config.required_packages
names it). The package drives the controller; this class makes it a Display like the others.
Our canvas is framebuf.MONO_VLSB, the controller's own page layout, and the package's object
is pointed at our buffer, so `show()` sends what the screens drew without a copy.
"""

import framebuf
from display import Display


class OLED(Display):
    def __init__(self, i2c, width=128, height=64, addr=0x3C, external_vcc=False, level=15):
        if width != 128 or height not in (32, 64):
            raise ValueError("SSD1306 must be 128x64 or 128x32, not %dx%d" % (width, height))
        import ssd1306  # late: only boards with an OLED need the package installed

        super().__init__(width, height, False, framebuf.MONO_VLSB)
        self.dev = ssd1306.SSD1306_I2C(width, height, i2c, addr, external_vcc)
        self.dev.buffer = self.buffer  # SSD1306.show() sends self.buffer
        self.brightness(level)

    def _set_brightness(self, level):
        # Contrast 0..255 in 16 even steps: 0, 17, ..., 255.
        self.dev.contrast(level * 17)

    def poweroff(self):
        self.dev.poweroff()

    def poweron(self):
        self.dev.poweron()

    def show(self):
        self.dev.show()
