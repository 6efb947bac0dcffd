"""A recording stand-in for micropython-lib's `ssd1306` package (`mpremote mip install ssd1306`;
source: micropython-lib micropython/drivers/display/ssd1306/ssd1306.py), which the unix port
cannot install here (no network index).

The part of the real API firmware/drivers/oled.py relies on:
- `SSD1306_I2C(width, height, i2c, addr=0x3C, external_vcc=False)`: runs the controller's init
  sequence over `i2c` and clears the screen.
- `.buffer`: width * height // 8 bytes in framebuf.MONO_VLSB layout (page p = rows 8p..8p+7,
  one byte per column, bit 0 the top row of the page); `show()` sends `self.buffer` whole.
- `show()`, `contrast(0..255)`, `poweroff()`, `poweron()`.
This fake records each call in `.calls` (show() with a copy of the buffer it would send); the
real byte traffic on the I2C bus is that package's business, not ours.
"""

import framebuf


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.external_vcc = external_vcc
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.calls = [("init", width, height, addr, external_vcc)]
        # The package's init_display() starts with "display off" (control byte 0x80, command
        # 0xAE) over I2C: a missing device fails here, as with the real package.
        i2c.writeto(addr, b"\x80\xae")

    def show(self):
        self.calls.append(("show", bytes(self.buffer)))

    def contrast(self, contrast):
        self.calls.append(("contrast", contrast))

    def poweroff(self):
        self.calls.append(("poweroff",))

    def poweron(self):
        self.calls.append(("poweron",))
