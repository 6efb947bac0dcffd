"""The byte pipe under the host link: a pyserial port, opened and re-opened.

A board that is unplugged or reboots makes reads and writes fail; that is an ordinary
event here (TransportClosed), not a crash: the link reopens the port when it is back.
"""

import select

import serial


class TransportClosed(Exception):
    """The port is gone (unplugged, closed, reset)."""


class SerialTransport:
    def __init__(self, port, baudrate=115200):
        self.port = port
        self.baudrate = baudrate
        self.ser = None

    def open(self):
        """Open the port; TransportClosed if it is not there (yet). pyserial flushes what
        arrived before the open, so the device's boot output is lost: the host handshakes."""
        try:
            self.ser = serial.Serial(self.port, self.baudrate, timeout=0, write_timeout=2, exclusive=True)
        except (serial.SerialException, OSError) as e:
            self.ser = None
            raise TransportClosed(str(e)) from None

    @property
    def is_open(self):
        return self.ser is not None

    def close(self):
        if self.ser is not None:
            try:
                self.ser.close()
            except (serial.SerialException, OSError):
                pass
            self.ser = None

    def read(self, timeout):
        """Whatever bytes arrive within `timeout` seconds (b"" if none)."""
        ser = self.ser
        if ser is None:
            raise TransportClosed("not open")
        try:
            ready, _, _ = select.select([ser.fileno()], [], [], timeout)
            if not ready:
                return b""
            data = ser.read(max(1, ser.in_waiting))
        except (serial.SerialException, OSError, TypeError, ValueError) as e:
            # TypeError/ValueError: pyserial's fd went away under select while closing.
            raise TransportClosed(str(e)) from None
        return data

    def write(self, data):
        ser = self.ser
        if ser is None:
            raise TransportClosed("not open")
        try:
            ser.write(data)
        except (serial.SerialException, OSError) as e:
            raise TransportClosed(str(e)) from None
