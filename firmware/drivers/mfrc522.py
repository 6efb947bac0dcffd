"""MFRC522 RFID reader over SPI: finds an ISO/IEC 14443 A card or sticker and reads its UID.

Registers and commands are const() as the MFRC522 datasheet (NXP, rev. 3.9) numbers them. SPI
register access (datasheet 8.1.2.3): one address byte, bit 7 = 1 to read, bits 6..1 = the
register, bit 0 = 0; then the data byte. The card exchange follows ISO/IEC 14443-3: REQA (7 bits)
-> ATQA; anticollision (SEL 0x20) -> 4 UID bytes + BCC; SELECT (SEL 0x70 + UID + BCC + CRC_A)
-> SAK, and again at cascade level 2 for 7-byte UIDs (NTAG stickers); then HLTA, so a card
that stays on the reader is read once and read again only after it has left the field.

`poll()` (or the asyncio `run()`) emits ("scan", UID) with the UID in upper-case hex.
"""

from micropython import const
import time

# Registers (datasheet 9.2)
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_ERROR = const(0x06)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BIT_FRAMING = const(0x0D)
_MODE = const(0x11)
_TX_CONTROL = const(0x14)
_TX_ASK = const(0x15)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_T_RELOAD_H = const(0x2C)
_T_RELOAD_L = const(0x2D)
_VERSION = const(0x37)

# Commands (datasheet 10.3)
_IDLE = const(0x00)
_TRANSCEIVE = const(0x0C)
_SOFT_RESET = const(0x0F)

# ComIrqReg bits: RxIRq, IdleIRq, ErrIRq, TimerIRq
_RX_IRQ = const(0x20)
_IDLE_IRQ = const(0x10)
_ERR_IRQ = const(0x02)
_TIMER_IRQ = const(0x01)
# ErrorReg bits that spoil a frame: BufferOvfl, CollErr, ParityErr, ProtocolErr
_FRAME_ERRORS = const(0x1B)

# ISO/IEC 14443-3 type A
_REQA = const(0x26)
_HLTA = const(0x50)
_SEL_CL1 = const(0x93)
_SEL_CL2 = const(0x95)
_CASCADE_TAG = const(0x88)


def crc_a(data):
    """ISO/IEC 14443-3 CRC_A (x^16 + x^12 + x^5 + 1, preset 0x6363, LSB first): (low, high)."""
    crc = 0x6363
    for byte in data:
        b = (byte ^ crc) & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return crc & 0xFF, crc >> 8


class MFRC522:
    def __init__(self, spi, cs, rst=None, emit=None, polls=200):
        self.spi = spi
        self.cs = cs
        self.emit = emit
        self.polls = polls  # how many times to read ComIrqReg before giving up on an answer
        self.errors = 0  # frames lost to CRC, BCC or chip errors (a figure, not fatal)
        self._tx = bytearray(2)
        self._rx = bytearray(2)
        cs.init(cs.OUT, value=1)
        if rst is not None:
            rst.init(rst.OUT, value=0)  # a low pulse on NRSTPD is a hard reset
            time.sleep_ms(1)
            rst(1)
            time.sleep_ms(50)  # oscillator start-up (datasheet 8.8.2: about 37.74 us, plus margin)
        self.init_chip()

    # register access
    def _write(self, reg, value):
        self._tx[0] = (reg << 1) & 0x7E
        self._tx[1] = value
        self.cs(0)
        self.spi.write(self._tx)
        self.cs(1)

    def _read(self, reg):
        self._tx[0] = 0x80 | ((reg << 1) & 0x7E)
        self._tx[1] = 0
        self.cs(0)
        self.spi.write_readinto(self._tx, self._rx)
        self.cs(1)
        return self._rx[1]

    def _set_bits(self, reg, mask):
        self._write(reg, self._read(reg) | mask)

    def _clear_bits(self, reg, mask):
        self._write(reg, self._read(reg) & ~mask)

    def init_chip(self):
        self._write(_COMMAND, _SOFT_RESET)
        time.sleep_ms(50)
        # A reader that is not wired or not powered reads back 0x00 or 0xFF (MISO floating):
        # say so at boot, or cards would simply never scan. (OSError: hw/setup.py names the
        # part, its bus and its pins.)
        version = self.version()
        if version in (0x00, 0xFF):
            raise OSError(19, "VersionReg reads 0x%02x, not a chip" % version)
        # Timer: TAuto starts it when a transmission ends; TPrescaler = 0xD3E = 3390 gives
        # 13.56 MHz / (2 * 3390 + 1) = 2 kHz, so reload 30 = 15 ms without an answer -> TimerIRq.
        self._write(_T_MODE, 0x8D)
        self._write(_T_PRESCALER, 0x3E)
        self._write(_T_RELOAD_H, 0)
        self._write(_T_RELOAD_L, 30)
        self._write(_TX_ASK, 0x40)  # Force100ASK: the modulation type A needs
        self._write(_MODE, 0x3D)  # CRC preset 0x6363 (ISO 14443-3), MSB first off
        self._set_bits(_TX_CONTROL, 0x03)  # antenna on: drive TX1 and TX2

    def version(self):
        """VersionReg: 0x91 or 0x92 for a genuine MFRC522, 0x88/0x12 for common clones."""
        return self._read(_VERSION)

    def transceive(self, data, bits=0):
        """Send `data` (the last byte only `bits` bits long when bits > 0); the answer bytes,
        or None if no card answered in time or the chip reports a frame error."""
        self._write(_COMMAND, _IDLE)
        self._write(_COM_IRQ, 0x7F)  # clear every interrupt request bit
        self._write(_FIFO_LEVEL, 0x80)  # FlushBuffer
        for b in data:
            self._write(_FIFO_DATA, b)
        self._write(_BIT_FRAMING, bits)  # TxLastBits
        self._write(_COMMAND, _TRANSCEIVE)
        self._set_bits(_BIT_FRAMING, 0x80)  # StartSend
        irq = 0
        for _ in range(self.polls):
            irq = self._read(_COM_IRQ)
            if irq & (_RX_IRQ | _IDLE_IRQ | _TIMER_IRQ):
                break
        self._clear_bits(_BIT_FRAMING, 0x80)
        if not irq & (_RX_IRQ | _IDLE_IRQ) or irq & _TIMER_IRQ:
            return None  # nothing answered
        if self._read(_ERROR) & _FRAME_ERRORS:
            self.errors += 1
            return None
        n = self._read(_FIFO_LEVEL)
        return bytes(self._read(_FIFO_DATA) for _ in range(n))

    def _select(self, sel):
        """Anticollision then SELECT at one cascade level: (the 4 UID bytes, SAK) or None."""
        got = self.transceive(bytes((sel, 0x20)))
        if got is None or len(got) != 5:
            return None
        if got[0] ^ got[1] ^ got[2] ^ got[3] != got[4]:
            self.errors += 1  # BCC wrong: a garbled frame
            return None
        frame = bytes((sel, 0x70)) + got
        lo, hi = crc_a(frame)
        ans = self.transceive(frame + bytes((lo, hi)))
        if ans is None or len(ans) != 3 or crc_a(ans[:1]) != (ans[1], ans[2]):
            if ans is not None:
                self.errors += 1
            return None
        return got[:4], ans[0]

    def read_uid(self):
        """The UID (4 or 7 bytes) of one card in the field, or None."""
        atqa = self.transceive(bytes((_REQA,)), bits=7)
        if atqa is None or len(atqa) != 2:
            return None
        first = self._select(_SEL_CL1)
        if first is None:
            return None
        part, sak = first
        if part[0] != _CASCADE_TAG:
            uid = part
        else:
            second = self._select(_SEL_CL2)
            if second is None:
                return None
            uid = part[1:] + second[0]
        self.halt()
        return uid

    def halt(self):
        # HLTA: the card goes quiet until it leaves the field; a card answers nothing (the
        # timer runs out), which is the expected outcome.
        lo, hi = crc_a(bytes((_HLTA, 0)))
        self.transceive(bytes((_HLTA, 0, lo, hi)))

    def poll(self):
        uid = self.read_uid()
        if uid is not None and self.emit is not None:
            self.emit(("scan", "".join("%02X" % b for b in uid)))
        return uid

    async def run(self, period_ms=100):
        import asyncio

        while True:
            self.poll()
            await asyncio.sleep_ms(period_ms)
