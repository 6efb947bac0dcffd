"""A recording stand-in for micropython-lib's `ssd1306` package (`mpremote mip install ssd1306`;
source: micropython-lib micropython/drivers/display/ssd1306/ssd1306.py), which the unix port
cannot install here (no network index).

The part of the real API firmware/drivers/oled.py relies on:
- `SSD1306_I2C(width, height, i2c, addr=0x3C, external_vcc=False)`: runs the controller's init
  sequence over `i2c` and clears the screen.
- `.buffer`: width * height // 8 bytes in framebuf.MONO_VLSB layout (page p = rows 8p..8p+7,
  one byte per column, bit 0 the top row of the page); `show()` sends `self.buffer` whole
  (column range 0..127, page range 0..pages-1, then the data).
- `write_cmd(cmd)` (one command byte) and `write_data(buf)` (display RAM bytes at the
  controller's address pointer), which show() itself uses.
- `contrast(0..255)`, `poweroff()`, `poweron()`.
This fake records each call in `.calls` (show() with a copy of the buffer it would send,
write_data with a copy of its bytes; the init call and the last 24 others, or a 96 KB heap
would fill with copies of frames) and keeps `.ram`, the controller's display RAM as the
commands and data leave it (horizontal addressing: the pointer runs along a page's columns,
then on to the next page, inside the column and page ranges last set).
"""

import framebuf

SET_COL_ADDR = 0x21
SET_PAGE_ADDR = 0x22


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.external_vcc = external_vcc
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        self.ram = bytearray(self.pages * width)
        self._cmd = []  # a command waiting for its argument bytes
        self._cols = [0, width - 1]
        self._rows = [0, self.pages - 1]
        self._at = [0, 0]  # column, page
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.calls = [("init", width, height, addr, external_vcc)]
        # The package's init_display() starts with "display off" (control byte 0x80, command
        # 0xAE) over I2C: a missing device fails here, as with the real package.
        i2c.writeto(addr, b"\x80\xae")

    def _call(self, call):
        self.calls.append(call)
        if len(self.calls) > 25:
            self.calls.pop(1)

    def write_cmd(self, cmd):
        self._call(("cmd", cmd))
        self._cmd.append(cmd)
        if self._cmd[0] in (SET_COL_ADDR, SET_PAGE_ADDR):
            if len(self._cmd) < 3:
                return
            lo, hi = self._cmd[1], self._cmd[2]
            if self._cmd[0] == SET_COL_ADDR:
                self._cols = [lo, hi]
                self._at[0] = lo
            else:
                self._rows = [lo, hi]
                self._at[1] = lo
        self._cmd = []

    def write_data(self, buf):
        self._call(("data", bytes(buf)))
        for b in buf:
            col, page = self._at
            self.ram[page * self.width + col] = b
            col += 1
            if col > self._cols[1]:
                col = self._cols[0]
                page = page + 1 if page < self._rows[1] else self._rows[0]
            self._at = [col, page]

    def show(self):
        self._call(("show", bytes(self.buffer)))
        self.ram[:] = self.buffer

    def contrast(self, contrast):
        self._call(("contrast", contrast))

    def poweroff(self):
        self._call(("poweroff",))

    def poweron(self):
        self._call(("poweron",))
