"""A chain of MAX7219 8 x 8 modules wired to a Linux board's SPI pins, as a canvas.

The screens draw on this canvas (direct_canvas.Canvas, mono); show() copies the frame
into Adafruit's CircuitPython driver (adafruit_max7219.matrices.CustomMatrix), which
writes it to the chain over Blinka's SPI: for each digit register 1..8, one chip-select
frame carrying one (register, data) pair per chip. brightness(0..15) is the chip's
intensity register (0x0A), sent to every chip at once.
"""

from boardlight.canvas import Canvas


class Max7219Matrix(Canvas):
    """width x height pixels (multiples of 8) on a MAX7219 chain.

    spi: a busio.SPI (or anything with its try_lock/configure/write/unlock);
    cs: a digitalio.DigitalInOut for the chain's LOAD/CS pin; rotation: the Adafruit
    driver's rotation (0..3) for modules mounted the other way round.
    """

    def __init__(self, spi, cs, width, height, rotation=1):
        if width % 8 or height % 8 or width <= 0 or height <= 0:
            raise ValueError("a MAX7219 chain is made of 8 x 8 modules: %d x %d is not" % (width, height))
        if rotation not in (0, 1, 2, 3):
            raise ValueError("rotation must be 0..3, not %r" % (rotation,))
        super().__init__(width, height, colour=False)
        from adafruit_max7219 import matrices

        # The driver initialises the chain here (shutdown off, no test, scan all 8
        # digits, no decode) and sends a blank frame.
        self.matrix = matrices.CustomMatrix(spi, cs, width, height, rotation=rotation)
        self.brightness(self.level)

    def _set_brightness(self, level):
        self.matrix.brightness(level)

    def show(self):
        m = self.matrix
        m.fill(0)
        for y in range(self.height):
            for x in range(self.width):
                if self.pixel(x, y):
                    m.pixel(x, y, 1)
        m.show()
