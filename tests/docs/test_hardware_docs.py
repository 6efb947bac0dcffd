"""hardware/: the committed wiring tables, diagrams, bill of materials and power budget are what
hardware/generate.py makes from firmware/boards/*.json, and the figures in them are right."""

import importlib.util
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"


def load_generator():
    spec = importlib.util.spec_from_file_location("hardware_generate", HARDWARE / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen = load_generator()


def test_committed_files_match_the_board_files():
    rendered = gen.render_all()
    for rel, text in sorted(rendered.items()):
        path = HARDWARE / rel
        assert path.exists(), "%s missing: run python hardware/generate.py" % rel
        assert path.read_text() == text, "%s is stale: run python hardware/generate.py" % rel
    # and no leftovers from a board file that was removed or renamed
    committed = {"wiring/" + p.name for p in (HARDWARE / "wiring").iterdir()}
    assert committed == {rel for rel in rendered if rel.startswith("wiring/")}
    assert gen.main(["--check"]) == 0


def test_a_changed_board_file_changes_the_table(tmp_path, monkeypatch):
    boards = tmp_path / "boards"
    shutil.copytree(ROOT / "firmware" / "boards", boards)
    raw = json.loads((boards / "pico.json").read_text())
    raw["buttons"]["next"] = 21  # GP21 is header pin 27
    (boards / "pico.json").write_text(json.dumps(raw))
    monkeypatch.setattr(gen, "BOARDS", boards)
    table = gen.render_all()["wiring/pico.md"]
    assert "| GP21 (pin 27) | button next | leg 1 (leg 2 to GND) | `buttons.next` |" in table
    assert "GP14 (pin 19)" not in table
    monkeypatch.setattr(gen, "HERE", HARDWARE)
    assert gen.main(["--check"]) == 1  # the committed pico.md no longer matches


def test_pico_wiring_rows_by_hand():
    # From firmware/boards/pico.json and the Pico pinout: GP18 is header pin 24, GP19 pin 25,
    # GP17 pin 22, GP22 pin 29; VBUS is pin 40, 3V3 OUT pin 36, GND pin 38.
    text = (HARDWARE / "wiring" / "pico.md").read_text()
    for row in (
        "| GP18 (pin 24) | MAX7219 LED matrix | CLK | `display.spi.sck` |",
        "| GP19 (pin 25) | MAX7219 LED matrix | DIN | `display.spi.mosi` |",
        "| GP17 (pin 22) | MAX7219 LED matrix | CS | `display.cs` |",
        "| GP13 (pin 17) | MFRC522 RFID reader | SDA (SS) | `scanner.cs` |",
        "| GP22 (pin 29) | MFRC522 RFID reader | RST | `scanner.rst` |",
        "| GP14 (pin 19) | button next | leg 1 (leg 2 to GND) | `buttons.next` |",
        "| VBUS (pin 40) | MAX7219 LED matrix | VCC | (power) |",
        "| 3V3 OUT (pin 36) | MFRC522 RFID reader | 3.3V | (power) |",
    ):
        assert row in text


@pytest.mark.parametrize("name", sorted(gen.load_boards()))
def test_every_pin_of_every_board_is_in_its_table_and_diagram(name):
    config = gen.load_boards()[name]
    table = (HARDWARE / "wiring" / (name + ".md")).read_text()
    fields = [line.split("|")[4].strip().strip("`") for line in table.splitlines() if line.startswith("| ") and "`" in line]
    expected = [field for _, _, field in gen.board_config.pin_uses(config)]
    assert sorted(fields) == sorted(expected)
    svg = ET.parse(HARDWARE / "wiring" / (name + ".svg")).getroot()
    lines = svg.findall("{http://www.w3.org/2000/svg}line")
    assert len(lines) == len(gen.wiring_rows(config))  # one wire drawn per table row


def test_bom_pico_by_hand():
    # pico.json: Pico 6.00, 4-in-1 MAX7219 5.00, MFRC522 2.50, stickers 8.00, 8 buttons x 0.25 = 2.00,
    # perfboard 2.50, wires 2.50, USB cable 2.50: total 31.00.
    text = (HARDWARE / "bom.md").read_text()
    section = text.split("## pico\n")[1].split("## ")[0]
    assert "| 12 x 12 mm tactile push button with cap | 8 | 0.25 | 2.00 |" in section
    assert "| **total** | | | **31.00** |" in section
    # the 16 x 16 NeoPixel build needs its own supply, the level shifter and the capacitor
    esp = text.split("## esp32s3\n")[1].split("## ")[0]
    for part in ("5 V 2 A power supply", "74AHCT125", "1000 uF"):
        assert part in esp


def test_power_budget_by_hand():
    # pico: 4 MAX7219 modules x 330 mA at intensity 15 (31/32 duty) = 1320 mA unlimited;
    #   max_brightness 4 -> duty 9/32: 4 * 330 * 9 // 31 = 383; + Pico 30 + MFRC522 26 = 439 -> USB.
    # esp32s3: 256 WS2812B. With no limit at all (no brightness_cap, as the MAX7219 row has
    #   no max_brightness): 256 idle + 256 * 3 * 20 = 256 + 15360 = 15616. The board file's
    #   caps: brightness_cap 96 at level 15, channel = 255 * 16 * 96 // 4080 = 96,
    #   256 + 256 * 3 * 96 * 20 // 255 = 256 + 5782 = 6038, and max_current_ma holds it to 1800;
    #   + ESP32-S3 60 + GM65 160 = 2020 -> its own supply.
    text = (HARDWARE / "power.md").read_text()
    assert "| pico | max7219 32 x 8 | 1320 | 383 | 30 | 26 | 439 | USB |" in text
    assert "| esp32s3 | neopixel 16 x 16 | 15616 | 1800 | 60 | 160 | 2020 | own 5 V supply (USB gives 500) |" in text
    d = {"kind": "neopixel", "width": 16, "height": 16, "brightness_cap": 96, "max_current_ma": 1800}
    assert gen.display_ma(d, 15) == 6038 and gen.display_ma(d, 15, capped=False) == 15616


def test_power_model_matches_the_driver():
    # The budget's NeoPixel formula and the driver's limit agree: the 8 x 8 all-white frame the
    # driver test limits to 485 mA (tests/firmware/test_driver_neopixel.py) is 3904 mA unlimited here.
    d = {"kind": "neopixel", "width": 8, "height": 8, "brightness_cap": 255, "max_current_ma": 500}
    assert gen.display_ma(d, 15) == 64 + 64 * 3 * 255 * 20 // 255 == 3904
    assert gen.limited_ma(d, 15) == 500
