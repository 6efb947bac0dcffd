"""Board configurations: every file in firmware/boards loads on CPython and on MicroPython, and
every kind of mistake is refused with an error that names the field."""

import copy
import json
import sys
from pathlib import Path

import pytest

from conftest import FIGURES
from fakes.mp import run_mp

ROOT = Path(__file__).resolve().parents[2]
BOARDS = sorted((ROOT / "firmware" / "boards").glob("*.json"))
sys.path.insert(0, str(ROOT / "firmware"))
import board_config  # noqa: E402
from board_config import BoardConfigError  # noqa: E402

PICO = json.loads((ROOT / "firmware" / "boards" / "pico.json").read_text())


def test_the_required_boards_exist():
    names = {p.stem for p in BOARDS}
    assert {"pico", "esp32s3"} <= names
    kinds = {json.loads(p.read_text())["display"]["kind"] for p in BOARDS}
    assert {"max7219", "ht16k33", "neopixel", "ssd1306"} <= kinds


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_every_board_loads_on_cpython(path):
    config = board_config.load(str(path))
    assert config["name"] == path.stem  # deploy --board NAME finds NAME.json
    assert "next" in config["buttons"] and "menu" in config["buttons"]


def test_every_board_loads_on_micropython_and_agrees():
    out = run_mp("""
import json, os, board_config
for f in sorted(os.listdir("firmware/boards")):
    c = board_config.load("firmware/boards/" + f)
    print(json.dumps([f, c["display"]["kind"], c["display"]["width"], c["display"]["height"],
                      sorted(c["buttons"].items()), board_config.required_packages(c)]))
""", heap="96k", mpy=True)
    for (name, kind, w, h, buttons, packages), path in zip(out, BOARDS):
        c = board_config.load(str(path))
        assert name == path.name
        assert [kind, w, h] == [c["display"]["kind"], c["display"]["width"], c["display"]["height"]]
        assert [tuple(b) for b in buttons] == sorted(c["buttons"].items())
        assert packages == board_config.required_packages(c)
    assert len(out) == len(BOARDS)


def test_defaults_filled_in():
    raw = copy.deepcopy(PICO)
    for key in ("debounce_ms", "long_press_ms"):
        del raw[key]
    del raw["display"]["brightness"], raw["display"]["rotation"], raw["display"]["max_brightness"]
    c = board_config.validate(raw)
    assert (c["debounce_ms"], c["long_press_ms"], c["display"]["max_brightness"]) == (20, 600, 15)
    assert (c["display"]["brightness"], c["display"]["rotation"], c["display"]["colour"]) == (8, 0, False)


def test_required_packages():
    assert board_config.required_packages(board_config.validate(PICO)) == []
    oled = board_config.load(str(ROOT / "firmware" / "boards" / "pico-oled.json"))
    assert board_config.required_packages(oled) == ["ssd1306"]


def test_virtual_display_kind_accepted():
    raw = {"name": "virtual", "board": "the unix port", "mcu": "unix",
           "display": {"kind": "virtual", "width": 16, "height": 16, "colour": True},
           "buttons": {"next": "n", "menu": "m", "p1": "1"}, "scanner": True}
    c = board_config.validate(raw)
    assert c["display"] == {"kind": "virtual", "width": 16, "height": 16, "colour": True, "brightness": 8}
    assert c["scanner"] == {"kind": "virtual"}
    assert board_config.pin_uses(c) == []


def edit(path, value):
    """PICO with the field at dotted `path` set to `value` (None deletes it)."""
    raw = copy.deepcopy(PICO)
    obj = raw
    keys = path.split(".")
    for key in keys[:-1]:
        obj = obj[key]
    if value is None:
        del obj[keys[-1]]
    else:
        obj[keys[-1]] = value
    return raw


BAD = [
    # (field edited, new value, field named in the error, words in the message)
    ("name", None, "name", "missing"),
    ("mcu", "atmega328", "mcu", "rp2040, esp32s3, unix"),
    ("display.kind", "lcd", "display.kind", "'lcd'"),
    ("display.kind", "virtual", "display.kind", "needs mcu unix"),
    ("display.width", 12, "display.width", "multiples of 8"),
    ("display.height", 24, "display", "32x24 needs 12 MAX7219 modules: at most 8"),
    ("display.colour", True, "display.colour", "monochrome"),
    ("display.rotation", 45, "display.rotation", "0, 90, 180 or 270"),
    ("display.rotation", [0, 90], "display.rotation", "2 values for 4 modules"),
    ("display.brightness", 16, "display.brightness", "0..15"),
    ("display.brightness", True, "display.brightness", "0..15"),
    ("display.max_brightness", 20, "display.max_brightness", "0..15"),
    ("display.spi.sck", 5, "display.spi.sck", "cannot be SPI0 SCK on rp2040 (use 2, 6, 18, 22)"),
    ("display.spi.id", 2, "display.spi.id", "0, 1"),
    ("display.spi.mosi", 25, "display.spi.mosi", "0-22, 26-28"),
    ("display.spi.speed", 1, "display.spi.speed", "unknown field"),
    ("display.cs", 14, "display.cs", "already used by buttons.next"),
    ("display.cs", None, "display.cs", "not None"),
    ("buttons.nxt", 20, "buttons.nxt", "unknown button name"),
    ("buttons.menu", None, "buttons.menu", "every board needs next and menu"),
    ("buttons.p1", 3, "buttons.p2", "already used by buttons.p1"),
    ("buttons", [14, 15], "buttons", "NAME: GPIO"),
    ("long_press_ms", 50, "long_press_ms", "100..5000"),
    ("scanner.kind", "nfc", "scanner.kind", "mfrc522, barcode"),
    ("scanner.rst", 18, "scanner.rst", "already used by display.spi.sck"),
    ("scanner.spi.miso", None, "scanner.spi.miso", "not None"),
    ("scanner.spi.id", 0, "scanner.spi.sck", "cannot be SPI0 SCK"),
    ("scanner.colour", 1, "scanner.colour", "unknown field"),
    ("display.typo", 1, "display.typo", "unknown field"),
]


@pytest.mark.parametrize("path,value,field,words", BAD, ids=[b[0] + "=" + repr(b[1]) for b in BAD])
def test_errors_name_the_field(path, value, field, words):
    raw = edit(path, value)
    before = copy.deepcopy(raw)
    with pytest.raises(BoardConfigError) as err:
        board_config.validate(raw)
    assert err.value.field == field
    assert str(err.value).startswith(field + ": ")
    assert words in str(err.value)
    assert raw == before  # validation never changes what it was given


def test_shared_spi_bus_must_agree_on_its_pins():
    # Display and scanner on SPI0: allowed when the pins match, refused when they differ.
    raw = copy.deepcopy(PICO)
    raw["scanner"]["spi"] = {"id": 0, "sck": 18, "mosi": 19, "miso": 16}
    c = board_config.validate(raw)
    assert c["scanner"]["spi"]["sck"] == c["display"]["spi"]["sck"] == 18
    raw["scanner"]["rst"] = 21
    raw["scanner"]["spi"]["sck"] = 22  # also an SPI0 SCK pin, and free, but not the bus's
    with pytest.raises(BoardConfigError) as err:
        board_config.validate(raw)
    assert str(err.value) == "scanner.spi.sck: SPI0 SCK is GPIO 18 elsewhere in this file"


def test_esp32s3_pins_and_buses():
    raw = json.loads((ROOT / "firmware" / "boards" / "esp32s3.json").read_text())
    raw["buttons"]["p6"] = 19  # the USB D- line
    with pytest.raises(BoardConfigError) as err:
        board_config.validate(raw)
    assert err.value.field == "buttons.p6" and "1-18, 21, 38-42, 47-48" in str(err.value)
    raw["buttons"]["p6"] = 8
    raw["scanner"]["uart"]["id"] = 0  # UART0 is the REPL console
    with pytest.raises(BoardConfigError) as err:
        board_config.validate(raw)
    assert err.value.field == "scanner.uart.id"


def test_neopixel_current_limit_must_cover_idle_draw():
    raw = json.loads((ROOT / "firmware" / "boards" / "esp32s3.json").read_text())
    raw["display"]["max_current_ma"] = 256  # 16 x 16 idle pixels draw 256 mA already
    with pytest.raises(BoardConfigError) as err:
        board_config.validate(raw)
    assert err.value.field == "display.max_current_ma" and "257..20000" in str(err.value)


def test_not_json_and_not_an_object():
    with pytest.raises(BoardConfigError) as err:
        board_config.loads("{", "broken.json")
    assert err.value.field == "(file)" and "broken.json is not valid JSON" in str(err.value)
    with pytest.raises(BoardConfigError):
        board_config.loads("[1, 2]")


def test_errors_on_micropython_name_the_field_too():
    out = run_mp("""
import json, board_config
raw = json.load(open("firmware/boards/pico.json"))
raw["display"]["spi"]["sck"] = 5
try:
    board_config.validate(raw)
except board_config.BoardConfigError as e:
    print(json.dumps([e.field, str(e)]))
""")[0]
    assert out == ["display.spi.sck", "display.spi.sck: pin 5 cannot be SPI0 SCK on rp2040 (use 2, 6, 18, 22)"]


def test_a_copy_loaded_by_path_raises_its_own_error_class():
    # deploy loads firmware/board_config.py by path, beside any board_config already imported;
    # the error it catches must be its own copy's class, not the other one's.
    import importlib.util

    spec = importlib.util.spec_from_file_location("board_config_copy", ROOT / "firmware" / "board_config.py")
    copy_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy_module)
    assert copy_module.BoardConfigError is not BoardConfigError
    with pytest.raises(copy_module.BoardConfigError) as err:
        copy_module.validate(edit("buttons.menu", None))
    assert err.value.field == "buttons.menu"


LINUX = json.loads((ROOT / "firmware" / "boards" / "raspberry-pi.json").read_text())


def edit_linux(path, value):
    raw = copy.deepcopy(LINUX)
    obj = raw
    keys = path.split(".")
    for key in keys[:-1]:
        obj = obj[key]
    if value is None:
        del obj[keys[-1]]
    else:
        obj[keys[-1]] = value
    return raw


def test_a_linux_board_names_its_pins_as_blinka_does():
    c = board_config.validate(LINUX)
    assert c["mcu"] == "linux" and c["scanner"] is None
    assert c["display"]["spi"] == {"sck": "SCK", "mosi": "MOSI"}  # no bus id, no speed: Blinka's
    assert c["buttons"]["next"] == "D17"
    assert ("D5", "CS", "display.cs") in board_config.pin_uses(c)
    assert ("SCK", "SPI SCK", "display.spi.sck") in board_config.pin_uses(c)
    neo = edit_linux("display", {"kind": "neopixel", "width": 16, "height": 16, "pin": "D18", "wiring": "rows"})
    assert board_config.validate(neo)["display"]["order"] == "GRB"


BAD_LINUX = [
    ("display.cs", 5, "display.cs", "must be a pin name of Blinka's board module, such as \"D17\", not 5"),
    ("display.cs", "5", "display.cs", "not '5'"),
    ("display.cs", "D-5", "display.cs", "not 'D-5'"),
    ("display.cs", "D17", "display.cs", "pin 'D17' is already used by buttons.next"),
    ("display.spi.id", 0, "display.spi.id", "not on mcu linux: Blinka finds the bus from its pins"),
    ("display.spi.baudrate", 8000000, "display.spi.baudrate", "unknown field"),
    ("display.kind", "ssd1306", "display.kind", "must be one of max7219, neopixel, not 'ssd1306'"),
    ("display.kind", "virtual", "display.kind", "must be one of max7219, neopixel, not 'virtual'"),
    ("buttons.p1", 22, "buttons.p1", "must be a pin name"),
    ("scanner", {"kind": "barcode", "uart": {"tx": "TXD", "rx": "RXD"}}, "scanner", "must be null on mcu linux"),
]


@pytest.mark.parametrize("path,value,field,words", BAD_LINUX, ids=[b[0] + "=" + repr(b[1]) for b in BAD_LINUX])
def test_linux_errors_name_the_field(path, value, field, words):
    with pytest.raises(BoardConfigError) as err:
        board_config.validate(edit_linux(path, value))
    assert err.value.field == field
    assert words in str(err.value)


def test_neopixel_byte_order():
    raw = json.loads((ROOT / "firmware" / "boards" / "esp32s3.json").read_text())
    assert board_config.validate(raw)["display"]["order"] == "GRB"
    raw["display"]["order"] = "RGB"
    assert board_config.validate(raw)["display"]["order"] == "RGB"
    raw["display"]["order"] = "RGBW"
    with pytest.raises(BoardConfigError) as err:
        board_config.validate(raw)
    assert str(err.value) == "display.order: must be one of GRB, RGB, RBG, GBR, BRG, BGR, not 'RGBW'"


def test_board_check_does_not_import_board_config():
    # board_config imports board_check to check a file; the other way round would be a cycle.
    import ast

    tree = ast.parse((ROOT / "firmware" / "board_check.py").read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "board_config" not in imported


def test_the_check_at_boot_gives_its_heap_back():
    # As the device boots (app.load_board): the validator's modules are loaded for the check
    # and dropped after it; what stays is the checked config.
    loaded, kept, free = run_mp("""
import gc, json, sys
import app
gc.collect()
base = gc.mem_alloc()
import board_config
import board_check
gc.collect()
loaded = gc.mem_alloc() - base
for name in ("board_config", "board_check"):
    sys.modules.pop(name)
del board_config, board_check
gc.collect()
base = gc.mem_alloc()
board = app.load_board("firmware/boards/pico.json")
gc.collect()
print(json.dumps([loaded, gc.mem_alloc() - base, gc.mem_free()]))
""", heap="96k", mpy=True)[0]
    FIGURES["board file check at boot (.mpy, 96k, pico.json)"] = (
        "validator %d bytes while loaded, %d kept after (the config), %d free after boot" % (loaded, kept, free))
    assert kept < loaded // 4
