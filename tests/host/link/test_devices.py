"""Device discovery by USB ids, with pyserial's ListPortInfo objects made by hand."""

import pytest
from serial.tools.list_ports_common import ListPortInfo

from boardlight.link.devices import DeviceError, find_boards, pick_port


def port(device, vid=None, pid=None, manufacturer=None):
    p = ListPortInfo(device, skip_link_detection=True)
    p.vid, p.pid, p.manufacturer = vid, pid, manufacturer
    return p


PICO = port("/dev/ttyACM0", 0x2E8A, 0x0005, "MicroPython")
S3 = port("/dev/ttyACM1", 0x303A, 0x4001)
CP2102 = port("/dev/ttyUSB0", 0x10C4, 0xEA60)
MOUSE = port("/dev/ttyS0")  # no USB ids: a built-in UART
PHONE = port("/dev/ttyACM2", 0x18D1, 0x4EE7)  # a phone: not a board
OTHER = port("/dev/ttyACM3", 0x1234, 0x5678, "MicroPython")  # MicroPython's USB stack


def test_boards_are_recognised_by_vendor_product_and_manufacturer():
    found = find_boards([MOUSE, CP2102, PHONE, S3, PICO, OTHER])
    # Sure ones (RP2 vendor 2E8A, Espressif 303A, the "MicroPython" manufacturer) first,
    # sorted by port; the CP210x bridge last, as a maybe; the phone and UART not at all.
    assert [(d.port, d.sure) for d in found] == [
        ("/dev/ttyACM0", True),
        ("/dev/ttyACM1", True),
        ("/dev/ttyACM3", True),
        ("/dev/ttyUSB0", False),
    ]
    assert found[0].line() == "/dev/ttyACM0  2e8a:0005  Raspberry Pi Pico (MicroPython)"
    assert found[3].line().endswith("(maybe)")


def test_pick_port_takes_the_only_board():
    assert pick_port([MOUSE, PICO, PHONE]) == "/dev/ttyACM0"
    # A bridge chip is taken only when no sure board is there.
    assert pick_port([PICO, CP2102]) == "/dev/ttyACM0"
    assert pick_port([CP2102, MOUSE]) == "/dev/ttyUSB0"


def test_pick_port_refuses_to_guess():
    with pytest.raises(DeviceError, match="no MicroPython board found"):
        pick_port([MOUSE, PHONE])
    with pytest.raises(DeviceError, match="2 boards found.*/dev/ttyACM0, /dev/ttyACM1"):
        pick_port([S3, PICO])


# The same boards as pyserial lists them on Windows and on macOS.
WIN_PICO = port("COM3", 0x2E8A, 0x0005, "Microsoft")  # usbser.sys names itself, not the board
WIN_S3 = port("COM10", 0x303A, 0x1001, "Microsoft")
WIN_CH340 = port("COM4", 0x1A86, 0x7523, "wch.cn")
WIN_BT = port("COM1")  # a Bluetooth or motherboard port: no USB ids
MAC_PICO = port("/dev/cu.usbmodem14101", 0x2E8A, 0x0005, "MicroPython")
MAC_CP2102 = port("/dev/cu.usbserial-0001", 0x10C4, 0xEA60, "Silicon Labs")
MAC_BT = port("/dev/cu.Bluetooth-Incoming-Port")


def test_windows_ports_are_found_by_their_usb_ids_in_number_order():
    found = find_boards([WIN_BT, WIN_CH340, WIN_S3, WIN_PICO])
    assert [(d.port, d.sure) for d in found] == [("COM3", True), ("COM10", True), ("COM4", False)]
    assert found[0].line() == "COM3  2e8a:0005  Raspberry Pi Pico (MicroPython)"
    assert pick_port([WIN_BT, WIN_CH340, WIN_S3]) == "COM10"
    with pytest.raises(DeviceError, match="2 boards found.*COM3, COM10"):
        pick_port([WIN_S3, WIN_PICO])


def test_macos_ports_are_found_by_their_usb_ids():
    found = find_boards([MAC_BT, MAC_CP2102, MAC_PICO])
    assert [(d.port, d.sure) for d in found] == [("/dev/cu.usbmodem14101", True), ("/dev/cu.usbserial-0001", False)]
    assert pick_port([MAC_BT, MAC_PICO, MAC_CP2102]) == "/dev/cu.usbmodem14101"
    assert pick_port([MAC_BT, MAC_CP2102]) == "/dev/cu.usbserial-0001"
