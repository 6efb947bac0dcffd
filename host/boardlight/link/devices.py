"""Finding the board: serial ports that look like MicroPython boards, by USB VID:PID.

Boards with native USB (Raspberry Pi Pico, ESP32-S3 with MicroPython's TinyUSB) announce
their maker's vendor id (boards differ in the product id) and, with MicroPython's USB
stack, the manufacturer string "MicroPython"; many ESP32 dev boards talk through a
USB-serial bridge chip, which could be anything, so those are listed as "maybe".

pyserial reads the USB ids on Linux (/dev/ttyACM0), macOS (/dev/cu.usbmodem1101, the
callout device a program should open) and Windows (COM5, whose manufacturer is the
driver's, "Microsoft", not the board's): the ids decide, on every platform.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from serial.tools import list_ports

from boardlight.invocation import command

# Sources: the USB ids in MicroPython's ports (rp2: 2E8A:0005 on the Pico; esp32: Espressif's
# 303A; stm32/nrf: F055) and the common bridge chips.
MICROPYTHON_IDS = {
    (0x2E8A, 0x0005): "Raspberry Pi Pico (MicroPython)",
    (0x303A, 0x1001): "Espressif ESP32-S3/C3 (USB serial/JTAG)",
    (0xF055, 0x9800): "MicroPython pyboard",
}
MICROPYTHON_VIDS = {
    0x2E8A: "Raspberry Pi RP2 board",
    0x303A: "Espressif ESP32 board (native USB)",
    0xF055: "MicroPython board",
}
BRIDGE_IDS = {
    (0x10C4, 0xEA60): "Silicon Labs CP210x USB-serial (many ESP32 boards)",
    (0x1A86, 0x7523): "WCH CH340 USB-serial (many ESP32 boards)",
    (0x1A86, 0x55D4): "WCH CH9102 USB-serial (many ESP32 boards)",
    (0x0403, 0x6001): "FTDI FT232 USB-serial",
}


class DeviceError(Exception):
    pass


class Device:
    __slots__ = ("port", "vid", "pid", "what", "sure", "serial_number")

    def __init__(self, port: str, vid: int, pid: int, what: str, sure: bool,
                 serial_number: str | None = None) -> None:
        self.port = port
        self.vid = vid
        self.pid = pid
        self.what = what
        self.sure = sure  # True: MicroPython's own ids; False: a bridge chip, maybe a board
        self.serial_number = serial_number

    def line(self) -> str:
        return "%s  %04x:%04x  %s%s" % (
            self.port,
            self.vid,
            self.pid,
            self.what,
            "" if self.sure else " (maybe)",
        )

    def __repr__(self) -> str:
        return "<Device %s>" % self.line()


def find_boards(ports: Iterable[Any] | None = None) -> list[Device]:
    """Devices among `ports` (pyserial ListPortInfo-like objects; default: this
    computer's) that look like MicroPython boards, sure ones first, each group by port."""
    if ports is None:
        ports = list_ports.comports()
    found = []
    for p in ports:
        if p.vid is None or p.pid is None:
            continue
        key = (p.vid, p.pid)
        what = MICROPYTHON_IDS.get(key) or MICROPYTHON_VIDS.get(p.vid)
        if what is None and (getattr(p, "manufacturer", None) or "") == "MicroPython":
            what = "MicroPython board"
        if what is not None:
            found.append(Device(p.device, p.vid, p.pid, what, True, p.serial_number))
        elif key in BRIDGE_IDS:
            found.append(Device(p.device, p.vid, p.pid, BRIDGE_IDS[key], False, p.serial_number))
    found.sort(key=lambda d: (not d.sure, port_order(d.port)))
    return found


def port_order(name: str) -> list[tuple[int, int, str]]:
    """A sort key that puts COM9 before COM10 and ttyACM2 before ttyACM10."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name) if part]


def pick_port(ports: Iterable[Any] | None = None) -> str:
    """The port of the one board plugged in. DeviceError if there is none, or more than one
    MicroPython board (then --port must choose). A single bridge-chip port is taken only
    when no MicroPython board is seen."""
    boards = find_boards(ports)
    sure = [d for d in boards if d.sure]
    choice = sure if sure else boards
    if len(choice) == 1:
        return choice[0].port
    if not choice:
        raise DeviceError("no MicroPython board found: plug one in, or give --port (%s lists ports)" % command("devices"))
    raise DeviceError(
        "%d boards found, choose one with --port: %s" % (len(choice), ", ".join(d.port for d in choice))
    )
