"""Old --direct wiring files (display/buttons/long_ms, quarter-turn rotation, serpentine,
max_brightness in percent) are refused with how to convert each field, and converting as the
message says gives the same picture on the matrix."""

import json
import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # Blinka picks its board on first import

import digitalio
import pytest

import board
from boardlight.direct import board_file, old_wiring
from boardlight.direct.max7219 import Max7219Matrix
from host.direct.test_direct import RecordingSPI

OLD_MAX7219 = {"display": {"kind": "max7219", "width": 32, "height": 8, "cs": "D5", "rotation": 1},
               "buttons": {"next": "D17", "menu": "D27"}, "long_ms": 600, "debounce_ms": 20}
OLD_NEOPIXEL = {"display": {"kind": "neopixel", "width": 16, "height": 16, "pin": "D18", "serpentine": False,
                            "order": "GRB", "max_brightness": 25},
                "buttons": {"next": "D17", "menu": "D27"}}

HEAD = ("an old --direct wiring file: --direct now reads a firmware board file with \"mcu\": \"linux\" "
        "(docs/building.md; firmware/boards/raspberry-pi.json is one). Convert it field by field:")


def test_an_old_max7219_file_says_how_to_convert_each_field(tmp_path):
    path = tmp_path / "wiring.json"
    path.write_text(json.dumps(OLD_MAX7219))
    with pytest.raises(old_wiring.OldWiringFile) as err:
        board_file.load(path)
    assert str(err.value).splitlines() == [
        "%s: %s" % (path, HEAD),
        '  (new) "name": "wiring", "board": "Raspberry Pi 4" (what it is, for people), "mcu": "linux"',
        '  long_ms 600 -> "long_press_ms": 600',
        '  debounce_ms 20 -> "debounce_ms": 20 (unchanged)',
        '  display.cs "D5" -> "cs": "D5" (unchanged), and (new) "spi": {"sck": "SCK", "mosi": "MOSI"},'
        ' the pins of the hardware SPI it used',
        '  display.rotation 1 (quarter turns) -> "rotation": 0 (degrees clockwise), and turn the panel round'
        " so that its input end is on the right: a board file lays the chain's far end on the left,"
        " old 1 laid it on the right",
        "  (new) display.brightness: 0..15 at start, default 8 (old files started at 15)",
        '  buttons -> "buttons" (unchanged: NAME: Blinka pin name)',
    ]


def test_an_old_neopixel_file_says_how_to_convert_each_field():
    with pytest.raises(old_wiring.OldWiringFile) as err:
        board_file.validate(OLD_NEOPIXEL, "panel")
    assert str(err.value).splitlines()[1:] == [
        '  (new) "name": "panel", "board": "Raspberry Pi 4" (what it is, for people), "mcu": "linux"',
        '  display.pin "D18" -> "pin": "D18" (unchanged)',
        '  display.serpentine false -> "wiring": "rows" (or "columns", "columns-serpentine")',
        '  display.order "GRB" -> "order": "GRB" (unchanged)',
        '  display.max_brightness 25 (percent) -> "brightness_cap": 63 (of 255); (new) "max_current_ma",'
        " default 500, now also limits the panel's draw",
        "  (new) display.brightness: 0..15 at start, default 8 (old files started at 15)",
        '  buttons -> "buttons" (unchanged: NAME: Blinka pin name)',
    ]


@pytest.mark.parametrize("q,degrees", [(0, 270), (1, 180), (2, 90), (3, 0)])
def test_the_rotation_of_one_module(q, degrees):
    old = {"display": {"kind": "max7219", "width": 8, "height": 8, "cs": "D5", "rotation": q},
           "buttons": {"next": "D17", "menu": "D27"}}
    line = [line for line in old_wiring.conversion(old) if line.startswith("display.rotation")]
    assert line == ['display.rotation %d (quarter turns) -> "rotation": %d (degrees clockwise)' % (q, degrees)]


def test_a_half_converted_file_is_still_recognised():
    half = {"name": "pi", "board": "Raspberry Pi", "mcu": "linux",
            "display": {"kind": "max7219", "width": 8, "height": 8, "spi": {"sck": "SCK", "mosi": "MOSI"}, "cs": "D5"},
            "buttons": {"next": "D17", "menu": "D27"}, "long_ms": 700}
    with pytest.raises(old_wiring.OldWiringFile) as err:
        board_file.validate(half)
    assert 'long_ms 700 -> "long_press_ms": 700' in str(err.value)
    assert '(new) "name"' not in str(err.value)
    half["long_press_ms"] = half.pop("long_ms")
    assert board_file.validate(half)["long_press_ms"] == 700


def test_the_command_line_shows_the_conversion(tmp_path, capsys):
    from boardlight.cli import main

    path = tmp_path / "wiring.json"
    path.write_text(json.dumps(OLD_MAX7219))
    assert main(["direct", "check", str(path)]) == 2  # a bad file
    err = capsys.readouterr().err
    assert HEAD in err and 'long_ms 600 -> "long_press_ms": 600' in err


# What the message claims, checked on the bytes: the old files drove Adafruit's CustomMatrix
# with its own rotation (quarter turns); the converted ones drive the firmware's layout.

def _old_bytes(w, h, q, lit):
    from adafruit_max7219 import matrices

    spi = RecordingSPI()
    m = matrices.CustomMatrix(spi, digitalio.DigitalInOut(board.Dx_OUTPUT), w, h, rotation=q)
    spi.transactions.clear()
    m.fill(0)
    for x, y in lit:
        m.pixel(x, y, 1)
    m.show()
    return spi.transactions


def _new_bytes(w, h, degrees, lit):
    spi = RecordingSPI()
    m = Max7219Matrix(spi, digitalio.DigitalInOut(board.Dx_OUTPUT), w, h, degrees)
    spi.transactions.clear()
    for x, y in lit:
        m.pixel(x, y, 1)
    m.show()
    return spi.transactions


def _picture(w, h):
    # An asymmetric picture: the top row, the left column and one more pixel.
    return sorted({(x, 0) for x in range(w)} | {(0, y) for y in range(h)} | {(w - 3, h - 2)})


@pytest.mark.parametrize("q", [0, 1, 2, 3])
def test_one_module_converted_draws_the_same(q):
    lit = _picture(8, 8)
    assert _new_bytes(8, 8, old_wiring.SINGLE_MODULE_DEGREES[q], lit) == _old_bytes(8, 8, q, lit)


def test_a_chain_at_quarter_turn_3_is_rotation_0():
    lit = _picture(32, 8)
    assert _new_bytes(32, 8, 0, lit) == _old_bytes(32, 8, 3, lit)


def test_a_chain_at_the_old_default_is_rotation_0_turned_round():
    # Turning the panel round (180 degrees) moves pixel (x, y) to (w - 1 - x, h - 1 - y).
    lit = _picture(32, 8)
    turned = [(31 - x, 7 - y) for x, y in lit]
    assert _new_bytes(32, 8, 0, turned) == _old_bytes(32, 8, 1, lit)


def test_the_brightness_cap_scales_as_the_old_percentage():
    # Old: channel * (level + 1) * percent // 1600. New: channel * (level + 1) * cap // 4080,
    # with the cap the message gives. Equal, or one step dimmer at most.
    for percent in (1, 10, 25, 50, 100):
        old = dict(OLD_NEOPIXEL, display=dict(OLD_NEOPIXEL["display"], max_brightness=percent))
        line = [line for line in old_wiring.conversion(old) if line.startswith("display.max_brightness")][0]
        cap = int(line.split('"brightness_cap": ')[1].split()[0])
        for level in range(16):
            for channel in (1, 64, 128, 255):
                before = channel * (level + 1) * percent // 1600
                after = channel * (level + 1) * cap // 4080
                assert before - 1 <= after <= before, (percent, level, channel)
