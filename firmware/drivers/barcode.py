"""A serial barcode / QR scanner module (GM65 and alike) on a UART.

The module sends each code it reads as a line of text ending in CR, LF or CR LF (which one is
a setting of the module; all three are accepted). `poll()` (or the asyncio `run()`) reads what has
arrived, keeps a partial line for the next call, and emits ("scan", CODE) for every complete
line that is printable ASCII of 1..max_len characters. Anything else (bytes from a noisy line,
a module's binary reply to a setting, an over-long run with no line end) is dropped and counted
in `rejected`, never emitted.
"""


class BarcodeReader:
    def __init__(self, uart, emit, max_len=64):
        self.uart = uart
        self.emit = emit
        self.max_len = max_len
        self.rejected = 0
        self._line = bytearray()
        self._overflow = False  # the current line ran past max_len: drop it at its end

    def poll(self):
        n = self.uart.any()
        if not n:
            return
        data = self.uart.read(n)
        if not data:
            return
        for b in data:
            if b == 0x0D or b == 0x0A:
                self._end_line()
            elif self._overflow:
                continue
            elif len(self._line) >= self.max_len:
                self._overflow = True
                self._line = bytearray()
            else:
                self._line.append(b)

    def _end_line(self):
        line = self._line
        self._line = bytearray()
        if self._overflow:
            self._overflow = False
            self.rejected += 1
            return
        if not line:
            return  # the LF of a CR LF pair, or a blank line
        for b in line:
            if b < 0x20 or b > 0x7E:
                self.rejected += 1
                return
        code = line.decode().strip()
        if code:
            self.emit(("scan", code))
        else:
            self.rejected += 1

    async def run(self, period_ms=20):
        import asyncio

        while True:
            self.poll()
            await asyncio.sleep_ms(period_ms)
