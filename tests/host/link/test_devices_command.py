"""`boardlight devices --all` lists every port; when none is a board it must not tell the
user to run the --all they just ran."""

from click.testing import CliRunner
from serial.tools.list_ports_common import ListPortInfo

from boardlight.cli import cli


def _ports(monkeypatch, ports):
    import serial.tools.list_ports

    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: ports)


def _uart():
    p = ListPortInfo("/dev/ttyS0", skip_link_detection=True)
    p.vid = p.pid = None
    return p


def test_devices_without_all_points_to_all(monkeypatch):
    _ports(monkeypatch, [_uart()])
    out = CliRunner().invoke(cli, ["devices"])
    assert out.exit_code == 0
    assert out.stdout == ""
    assert out.stderr == "no MicroPython boards found (1 serial ports seen; --all lists them)\n"


def test_devices_all_lists_the_ports_and_does_not_repeat_the_hint(monkeypatch):
    _ports(monkeypatch, [_uart()])
    out = CliRunner().invoke(cli, ["devices", "--all"])
    assert out.exit_code == 0
    assert out.stdout == "/dev/ttyS0  no USB ids  n/a (not a board)\n"
    assert out.stderr == "no MicroPython boards found (1 serial ports seen)\n"


def test_devices_on_windows_lists_com_ports_in_number_order(monkeypatch):
    def com(name, vid=None, pid=None):
        p = ListPortInfo(name, skip_link_detection=True)
        p.vid, p.pid, p.manufacturer = vid, pid, "Microsoft"
        p.description = "USB Serial Device (%s)" % name if vid else "Communications Port (%s)" % name
        return p

    _ports(monkeypatch, [com("COM11", 0x2E8A, 0x0005), com("COM2"), com("COM9", 0x2E8A, 0x0005), com("COM10")])
    out = CliRunner().invoke(cli, ["devices", "--all"])
    assert out.exit_code == 0
    assert out.stdout.splitlines() == [
        "COM9  2e8a:0005  Raspberry Pi Pico (MicroPython)",
        "COM11  2e8a:0005  Raspberry Pi Pico (MicroPython)",
        "COM2  no USB ids  Communications Port (COM2) (not a board)",
        "COM10  no USB ids  Communications Port (COM10) (not a board)",
    ]
