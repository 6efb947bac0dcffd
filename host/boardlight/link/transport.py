"""The byte pipe under the host link: a pyserial port, opened and re-opened.

A port is a serial device (/dev/ttyACM0, /dev/cu.usbmodem1101, COM5) or any URL that
pyserial's serial_for_url() opens: socket://HOST:PORT (a board behind a network bridge,
an emulator), rfc2217://HOST:PORT (a board on another computer), loop:// (tests).
Reads wait with pyserial's own timeout, which every platform's backend implements (a
select() on the port's descriptor would not work on Windows).

A board that is unplugged or reboots makes reads and writes fail; that is an ordinary
event here (TransportClosed), not a crash: the link reopens the port when it is back.
"""

from typing import Protocol

import serial

MAX_READ = 65536  # bytes taken in one read(): the link handles them, then reads again


class TransportClosed(Exception):
    """The port is gone (unplugged, closed, reset)."""


class Transport(Protocol):
    """What a Link reads and writes through (SerialTransport; tests give their own)."""

    @property
    def is_open(self) -> bool: ...

    def open(self) -> None: ...

    def close(self) -> None: ...

    def read(self, timeout: float) -> bytes: ...

    def write(self, data: bytes) -> None: ...


class SerialTransport:
    def __init__(self, port: str, baudrate: int = 115200) -> None:
        self.port = port
        self.baudrate = baudrate
        self.ser: serial.Serial | None = None

    def open(self) -> None:
        """Open the port; TransportClosed if it is not there (yet). pyserial flushes what
        arrived before the open, so the device's boot output is lost: the host handshakes."""
        try:
            self.ser = serial.serial_for_url(self.port, self.baudrate, timeout=0, write_timeout=2, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as e:
            # ValueError: a URL pyserial cannot parse (an unknown scheme, a bad option).
            self.ser = None
            raise TransportClosed(str(e)) from None

    @property
    def is_open(self) -> bool:
        return self.ser is not None

    def close(self) -> None:
        if self.ser is not None:
            try:
                self.ser.close()
            except (serial.SerialException, OSError):
                pass
            self.ser = None

    def read(self, timeout: float) -> bytes:
        """Whatever bytes arrive within `timeout` seconds (b"" if none): waits for the
        first byte, then takes every byte already there."""
        ser = self.ser
        if ser is None:
            raise TransportClosed("not open")
        try:
            if ser.timeout != timeout:
                ser.timeout = timeout  # reconfigures the port: only when it changes
            data = ser.read(1)
            # in_waiting is a byte count on serial ports and loop://, and 0 or 1 on
            # socket://: go on while it says more is there, up to a bound.
            waiting = ser.in_waiting if data else 0
            while waiting and len(data) < MAX_READ:
                data += ser.read(waiting)
                waiting = ser.in_waiting
        except (serial.SerialException, OSError, TypeError, ValueError) as e:
            # TypeError/ValueError: the port's handle went away while closing.
            raise TransportClosed(str(e)) from None
        return data

    def write(self, data: bytes) -> None:
        ser = self.ser
        if ser is None:
            raise TransportClosed("not open")
        try:
            ser.write(data)
        except (serial.SerialException, OSError) as e:
            raise TransportClosed(str(e)) from None
