"""An optional part that does not answer at boot does not stop the device: a board file
with an MFRC522 scanner that reads back nothing (machine faked on the unix port) boots,
shows the error screen with the part's short code on the matrix, tells the host in
`info`, and deals when a button is pressed."""

from fakes.mp import run_mp

BOOT = """
import json, machine, board_config
from hw import setup as hw_setup
board = board_config.load("firmware/boards/pico.json")
display, attach = hw_setup.build(board)  # no chip on SPI1: VersionReg reads 0x00
import app
a = app.App(board, display)
a.link._write = lambda data: None
said = []
app.print = lambda *words: said.append(" ".join(words))  # the console line, kept for the check
spi = machine.buses[("spi", 0)]

def shown():
    # What the four modules show, followed through every window (digit, module) -> byte.
    regs = {}
    for f in machine.spi_frames(machine.LOG, 17):
        for m in range(len(f) // 2):
            if 1 <= f[2 * m] <= 8:
                regs[(m, f[2 * m] - 1)] = f[2 * m + 1]
    rows = []
    for y in range(8):
        rows.append("".join("#" if regs.get((x // 8, y), 0) & (0x80 >> (x % 8)) else "." for x in range(32)))
    return rows

a.show_faults()
error = shown()
notice = a.notice
info = a.info()
a.emit(("button", "next", "down"))
a.emit(("button", "next", "short"))
print(json.dumps([error, notice, info["scanner"], info["faults"], a.standalone is not None, shown() != error,
                  said]))
"""


def test_a_missing_scanner_is_shown_reported_and_the_device_deals():
    import sys

    from conftest import ROOT
    from fw_helpers import RecordingCanvas

    sys.path.insert(0, str(ROOT / "firmware"))
    import screens

    error, notice, scanner, faults, dealing, redrawn, said = run_mp(BOOT)[0]
    # The matrix shows the error screen with the scanner's code, as the screens draw it:
    # on the 32 x 8 the cross in the left square and "SCAN" beside it.
    expected = RecordingCanvas(32, 8)
    screens.error(expected, "SCAN")
    assert error == expected.rows()
    assert any("#" in row[9:] for row in error)
    assert notice == "NO SCANNER"  # scrolled after it, then the waiting animation
    message = ("scanner mfrc522 on SPI1 (SCK GPIO10, MOSI GPIO11, MISO GPIO12) did not answer"
               " ([Errno 19] ENODEV: VersionReg reads 0x00, not a chip): check its wiring and power")
    assert said == ["boardlight: " + message]  # the whole message on the console
    assert scanner is False
    assert faults == [{"part": "scanner", "code": "SCAN", "msg": message[:100]}]
    assert dealing and redrawn
