"""SSD1306 128 x 64 (or 128 x 32) OLED through micropython-lib's `ssd1306` package.

Install it on the board with `mpremote mip install ssd1306` (board_config.required_packages
names it). The package drives the controller; this class makes it a Display like the others.
Our canvas is framebuf.MONO_VLSB, the controller's own page layout, and the package's object
is pointed at our buffer, so the package's `show()` sends what the screens drew without a
copy. Our `show()` sends only the pages that changed, through the package's `write_cmd` and
`write_data` (horizontal addressing, the package's setting, with the column and page range
of one page).
"""

from micropython import const
import framebuf
from display import Display

_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_MOST_PAGES = const(6)  # more pages changed than this: the whole frame is cheaper


class OLED(Display):
    def __init__(self, i2c, width=128, height=64, addr=0x3C, external_vcc=False, level=15):
        if width != 128 or height not in (32, 64):
            raise ValueError("SSD1306 must be 128x64 or 128x32, not %dx%d" % (width, height))
        import ssd1306  # late: only boards with an OLED need the package installed

        super().__init__(width, height, False, framebuf.MONO_VLSB)
        self.dev = ssd1306.SSD1306_I2C(width, height, i2c, addr, external_vcc)
        self.dev.buffer = self.buffer  # SSD1306.show() sends self.buffer
        # What the controller's RAM holds, and each page (8 pixel rows) of it and of the
        # frame as a view made once: comparing and sending a page allocates nothing.
        self._sent = bytearray(len(self.buffer))
        self._pages = [memoryview(self.buffer)[p * width : (p + 1) * width] for p in range(height // 8)]
        self._sent_pages = [memoryview(self._sent)[p * width : (p + 1) * width] for p in range(height // 8)]
        self._stale = True  # the next show() sends the whole frame
        self.brightness(level)

    def _set_brightness(self, level):
        # Contrast 0..255 in 16 even steps: 0, 17, ..., 255.
        self.dev.contrast(level * 17)

    def poweroff(self):
        self.dev.poweroff()

    def poweron(self):
        self.dev.poweron()

    def show(self):
        """Send the pages (8 pixel rows each) that changed since the last show(), or the
        whole frame when more than _MOST_PAGES did; nothing for an unchanged frame."""
        changed = 0
        if not self._stale:
            for p in range(len(self._pages)):
                if self._pages[p] != self._sent_pages[p]:
                    changed += 1
        if self._stale or changed > _MOST_PAGES:
            self._stale = True  # until it is sent
            self.dev.show()
            self._sent[:] = self.buffer
            self._stale = False
            return
        dev = self.dev
        for p in range(len(self._pages)):
            page = self._pages[p]
            if page != self._sent_pages[p]:
                self._stale = True
                dev.write_cmd(_SET_COL_ADDR)
                dev.write_cmd(0)
                dev.write_cmd(self.width - 1)
                dev.write_cmd(_SET_PAGE_ADDR)
                dev.write_cmd(p)
                dev.write_cmd(p)
                dev.write_data(page)
                self._sent_pages[p][:] = page
                self._stale = False

    def refresh(self):
        """Send the whole frame whether it changed or not."""
        self._stale = True
        self.show()
