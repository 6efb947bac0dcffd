"""HT16K33 LED backpacks over I2C: 8 x 8 and 16 x 8 matrices.

Commands are single bytes as the HT16K33 datasheet gives them (the command in the high nibble,
its setting in the low one). Display RAM holds 16 bytes: address 2n is ROW0..ROW7 of COM n,
address 2n+1 is ROW8..ROW15, bit 0 = the lowest ROW line. Wiring assumed: matrix row y on
COM y, column x on ROW x (the 16 x 8 backpacks; for a panel wired otherwise, rotate in screens).
The canvas is framebuf.MONO_HMSB, whose bit 0 is the leftmost pixel: its bytes go to RAM as is.
"""

from micropython import const
import framebuf
from display import Display

_RAM = const(0x00)  # display data address pointer 0x00..0x0F
_SYSTEM_SETUP = const(0x20)  # | 1: internal oscillator on
_DISPLAY_SETUP = const(0x80)  # | 1: display on, | (blink << 1): blink 0 = off
_ROW_INT = const(0xA0)  # | 0: the ROW/INT pin is a ROW driver output
_DIMMING = const(0xE0)  # | 0..15: duty 1/16..16/16

ADDRESS = 0x70


class HT16K33(Display):
    def __init__(self, i2c, addr=ADDRESS, width=16, height=8, level=15, max_level=15):
        if height != 8 or width not in (8, 16):
            raise ValueError("HT16K33 matrix must be 8x8 or 16x8, not %dx%d" % (width, height))
        super().__init__(width, height, False, framebuf.MONO_HMSB)
        self.i2c = i2c
        self.addr = addr
        self.max_level = max_level  # the board's cap on the dimming setting
        self._cmd = bytearray(1)
        self._ram = bytearray(17)  # the address byte, then the 16 RAM bytes
        self._stale = True  # the chip's RAM is not known: the next show() writes it
        self.init_display(level)

    def init_display(self, level):
        # Datasheet power-on: oscillator off, display off. Start the oscillator, make ROW/INT
        # a row output, set the dimming, clear RAM, and only then switch the display on.
        self._write(_SYSTEM_SETUP | 0x01)
        self._write(_ROW_INT | 0x00)
        self.brightness(level)
        self.fill(0)
        self.refresh()
        self._write(_DISPLAY_SETUP | 0x01)  # display on, blink off

    def poweroff(self):
        self._write(_DISPLAY_SETUP | 0x00)

    def poweron(self):
        self._write(_DISPLAY_SETUP | 0x01)

    def _set_brightness(self, level):
        self._write(_DIMMING | min(level, self.max_level))

    def _write(self, cmd):
        self._cmd[0] = cmd
        self.i2c.writeto(self.addr, self._cmd)

    def show(self):
        """Write the display RAM (17 bytes: one module's worth) when the frame changed."""
        ram = self._ram
        ram[0] = _RAM
        stride = self.width // 8
        changed = self._stale
        self._stale = True  # until the write is done: a failed one is made again
        for y in range(8):
            lo = self.buffer[y * stride]
            hi = self.buffer[y * stride + 1] if stride == 2 else 0
            if lo != ram[1 + 2 * y] or hi != ram[2 + 2 * y]:
                ram[1 + 2 * y] = lo
                ram[2 + 2 * y] = hi
                changed = True
        if changed:
            self.i2c.writeto(self.addr, ram)
        self._stale = False

    def refresh(self):
        """Write the display RAM whether the frame changed or not."""
        self._stale = True
        self.show()
