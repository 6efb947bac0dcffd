"""A part that does not answer at boot (an I2C backpack or OLED miswired, unpowered or
at another address) is named with its bus, pins and address and what to check, not as a
bare "OSError: [Errno 19] ENODEV" from inside the driver. A display that does not answer
stops the boot with that message (the device has nothing to show on); a scanner that does
not answer is left out and its message kept for the app to show and to report."""

from fakes.mp import run_mp

BUILD = """
import json, machine, board_config
from hw import setup as hw_setup
machine.NO_ANSWER.add(%d)
board = board_config.load("firmware/boards/%s.json")
try:
    hw_setup.build(board)
    print(json.dumps("built"))
except OSError as e:
    print(json.dumps(str(e)))
"""


def test_missing_ht16k33_is_named_with_its_bus_pins_and_address():
    out = run_mp(BUILD % (0x70, "pico-ht16k33"))[0]
    # pico-ht16k33.json: I2C0, SDA GPIO4, SCL GPIO5, address 112 = 0x70.
    assert out == ("display ht16k33 on I2C0 (SDA GPIO4, SCL GPIO5) at address 0x70 did not answer "
                   "([Errno 19] ENODEV): check its wiring, power and address")


def test_missing_oled_is_named_too():
    out = run_mp(BUILD % (0x3C, "pico-oled"))[0]
    # pico-oled.json: I2C1, SDA GPIO26, SCL GPIO27, address 60 = 0x3c.
    assert out.startswith("display ssd1306 on I2C1 (SDA GPIO26, SCL GPIO27) at address 0x3c did not answer")


def test_a_present_display_builds():
    assert run_mp(BUILD % (0x71, "pico-ht16k33"))[0] == "built"


FAULTS = BUILD.replace('    print(json.dumps("built"))', '    print(json.dumps(["built", board.get("faults")]))')


def test_a_missing_rfid_reader_is_named_with_its_bus_and_pins():
    # pico.json: the MFRC522 on SPI1 (SCK GPIO10, MOSI GPIO11, MISO GPIO12). No chip answers:
    # MISO floats and VersionReg reads 0x00. Without the check the board booted and cards
    # simply never scanned. The scanner is optional: the board is built without it, and
    # the fault (part, short code for the error screen, message) is left for the app.
    out = run_mp(FAULTS % (0x00, "pico"))[0]
    assert out == ["built", [["scanner", "SCAN",
                              "scanner mfrc522 on SPI1 (SCK GPIO10, MOSI GPIO11, MISO GPIO12) did not answer"
                              " ([Errno 19] ENODEV: VersionReg reads 0x00, not a chip): check its wiring and power"]]]


def test_a_present_rfid_reader_builds():
    code = BUILD.replace("from hw import setup as hw_setup\n",
                         "from hw import setup as hw_setup\n"
                         "machine.CHIPS[(1, 13)] = machine.mfrc522(0x91)\n")
    assert run_mp(code % (0x00, "pico"))[0] == "built"
