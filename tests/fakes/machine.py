"""A recording stand-in for MicroPython's `machine` module (Pin, SPI, I2C, UART) and a fake clock.

Put tests/fakes first on MICROPYPATH: the unix port's own `machine` has no Pin/SPI/I2C/UART,
and a .py file on the path takes its place. Everything the drivers do on a bus lands, in order,
in the module-level LOG so a test can read back the exact bytes:

    ("pin", id, value)          an output pin driven to 0/1
    ("spi", id, bytes)          bytes clocked out (write, or the tx side of write_readinto)
    ("i2c", id, addr, bytes)    one I2C write transaction (writevto joins its buffers)
    ("uart", id, bytes)         bytes written to a UART

Inputs are scripted: `Pin.drive(v)` sets what an input pin reads, `SPI.responder` is a function
tx -> rx bytes for full-duplex reads (or CHIPS names one per chip-select pin), `UART.feed(data)`
queues received bytes.
"""

LOG = []
pins = {}  # id -> the most recent Pin made for it, so tests can find pins hw_setup built
buses = {}  # ("spi"|"i2c"|"uart", id) -> the most recent bus object
NO_ANSWER = set()  # I2C addresses where no device answers (a part missing or miswired)
# SPI chips present, by (bus id, chip-select pin id): a responder tx -> rx bytes used while
# that chip's select pin is low. With none selected, MISO floats and reads back zeros.
CHIPS = {}


def mfrc522(version=0x92):
    """A responder for an MFRC522 that answers its VersionReg (0x37) read with `version`
    (0x91/0x92 genuine, 0x88/0x12 clones) and every other read with 0."""
    def answer(tx):
        return bytes((0, version)) if tx[0] == (0x80 | (0x37 << 1)) else bytes(len(tx))
    return answer


def reset():
    """Forget everything recorded (between two checks in one script)."""
    LOG.clear()
    pins.clear()
    buses.clear()


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, *, value=None):
        self.id = id
        self.mode = None
        self.pull = None
        self._out = 0
        self._in = None
        self._irq = None  # (handler, trigger) from irq()
        pins[id] = self
        self.init(mode, pull, value=value)

    def init(self, mode=-1, pull=-1, *, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.value(value)

    def drive(self, level):
        """What an input pin reads from now on (a test presses or releases a button); an
        interrupt set with irq() for that edge calls its handler, as the pin's would."""
        before = self.value()
        self._in = 1 if level else 0
        if self._irq is not None and self._in != before:
            handler, trigger = self._irq
            if trigger & (Pin.IRQ_RISING if self._in else Pin.IRQ_FALLING):
                handler(self)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING):
        self._irq = None if handler is None else (handler, trigger)

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.OUT:
                return self._out
            if self._in is not None:
                return self._in
            return 1 if self.pull == Pin.PULL_UP else 0
        self._out = 1 if v else 0
        LOG.append(("pin", self.id, self._out))
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class SPI:
    MSB = 0

    def __init__(self, id, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.settings = None
        self.responder = None  # tx bytes -> rx bytes, for write_readinto / readinto
        buses[("spi", id)] = self
        self.init(baudrate=baudrate, polarity=polarity, phase=phase)
        self.sck, self.mosi, self.miso = sck, mosi, miso

    def init(self, baudrate=1000000, *, polarity=0, phase=0, **kw):
        self.settings = (baudrate, polarity, phase)

    def write(self, buf):
        LOG.append(("spi", self.id, bytes(buf)))

    def write_readinto(self, tx, rx):
        LOG.append(("spi", self.id, bytes(tx)))
        responder = self.responder
        if responder is None:
            for (bus, cs), chip in CHIPS.items():
                if bus == self.id and cs in pins and pins[cs].value() == 0:
                    responder = chip
        got = responder(bytes(tx)) if responder else bytes(len(tx))
        for i in range(len(rx)):
            rx[i] = got[i]

    def readinto(self, rx, write=0):
        self.write_readinto(bytes([write]) * len(rx), rx)

    def read(self, n, write=0):
        rx = bytearray(n)
        self.readinto(rx, write)
        return bytes(rx)


class I2C:
    def __init__(self, id, *, scl=None, sda=None, freq=400000):
        self.id = id
        self.scl, self.sda, self.freq = scl, sda, freq
        self.devices = []  # addresses scan() reports
        buses[("i2c", id)] = self

    def writeto(self, addr, buf, stop=True):
        if addr in NO_ANSWER:
            raise OSError(19)  # ENODEV, as the esp32 port reports a missing device
        LOG.append(("i2c", self.id, addr, bytes(buf)))
        return 1

    def writevto(self, addr, vector, stop=True):
        if addr in NO_ANSWER:
            raise OSError(19)
        data = b"".join(bytes(b) for b in vector)
        LOG.append(("i2c", self.id, addr, data))
        return len(vector)

    def scan(self):
        return list(self.devices)


class UART:
    def __init__(self, id, baudrate=9600, *, tx=None, rx=None, timeout=0, **kw):
        self.id = id
        self.baudrate, self.tx, self.rx = baudrate, tx, rx
        self._rx = bytearray()
        buses[("uart", id)] = self

    def feed(self, data):
        """Bytes the module 'sent': the next read() returns them."""
        self._rx.extend(data)

    def any(self):
        return len(self._rx)

    def read(self, n=-1):
        if not self._rx:
            return None
        if n is None or n < 0:
            n = len(self._rx)
        out = bytes(self._rx[:n])
        self._rx = self._rx[n:]
        return out

    def write(self, buf):
        LOG.append(("uart", self.id, bytes(buf)))
        return len(buf)


class Clock:
    """A millisecond clock a test moves by hand; pass `clock.ticks_ms` where a driver wants time."""

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now += ms


def spi_frames(log, cs_id, spi_id=None):
    """The SPI bytes sent during each chip-select-low window of pin cs_id, one bytes per window."""
    frames = []
    current = None
    for entry in log:
        if entry[0] == "pin" and entry[1] == cs_id:
            if entry[2] == 0:
                current = bytearray()
            elif current is not None:
                frames.append(bytes(current))
                current = None
        elif entry[0] == "spi" and current is not None and (spi_id is None or entry[1] == spi_id):
            current.extend(entry[2])
    return frames
