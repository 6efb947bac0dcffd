"""hw_setup builds each board's hardware from its config (machine faked), the inputs reach the
app's emit callback, and every screen renders through every board's real display driver under
micropython -X heapsize=96k, with what the driver sends matching what the screen drew."""

import json
from pathlib import Path

import pytest

from conftest import FIGURES
from fakes.mp import run_mp

ROOT = Path(__file__).resolve().parents[2]
BOARDS = sorted(p.stem for p in (ROOT / "firmware" / "boards").glob("*.json"))
# Boards a microcontroller runs: not the virtual board (unix), not a Pi driving its own
# matrix (linux, `boardlight direct`: tests/host/direct).
REAL = [b for b in BOARDS
        if json.loads((ROOT / "firmware" / "boards" / (b + ".json")).read_text()).get("mcu") not in ("unix", "linux")]

BUILD = """
import json, asyncio, machine, board_config
from hw import setup as hw_setup
# The RFID readers of pico.json (SPI1, CS GPIO13) and esp32s3-32x8.json (SPI2, CS GPIO10)
# are present: they answer VersionReg, which the driver reads at boot.
machine.CHIPS[(1, 13)] = machine.CHIPS[(2, 10)] = machine.mfrc522()
board = board_config.load("firmware/boards/%s.json")
display, attach = hw_setup.build(board)
"""


def test_pico_build_wires_what_the_file_says():
    out = run_mp(BUILD % "pico" + """
spi0, spi1 = machine.buses[("spi", 0)], machine.buses[("spi", 1)]
print(json.dumps([type(display).__name__, display.width, display.height, display.level,
                  [spi0.sck.id, spi0.mosi.id, spi0.miso], spi0.settings,
                  [spi1.sck.id, spi1.mosi.id, spi1.miso.id], spi1.settings,
                  sorted([p, machine.pins[p].mode, machine.pins[p].pull] for p in (2, 3, 4, 5, 6, 7, 14, 15))]))
""")[0]
    kind, w, h, level, pins0, set0, pins1, set1, buttons = out
    assert (kind, w, h, level) == ("MAX7219", 32, 8, 4)
    assert pins0 == [18, 19, None] and set0 == [10000000, 0, 0]  # MAX7219: mode 0, no MISO
    assert pins1 == [10, 11, 12] and set1 == [4000000, 0, 0]  # MFRC522 on its own bus
    assert buttons == [[p, 0, 1] for p in (2, 3, 4, 5, 6, 7, 14, 15)]  # Pin.IN, Pin.PULL_UP


def test_a_linux_board_file_is_not_built_on_a_microcontroller():
    out = run_mp("""
import json, board_config
from hw import setup as hw_setup
try:
    hw_setup.build(board_config.load("firmware/boards/raspberry-pi.json"))
except ValueError as e:
    print(json.dumps(str(e)))
""")[0]
    assert out == "mcu: a linux board file is for `boardlight direct` on that computer, not for a microcontroller"


def test_inputs_reach_emit_as_asyncio_tasks():
    # pico-oled: buttons plus a barcode reader on UART0. Press "next" for ~100 ms and have
    # the scanner send a code; both arrive through the app's emit.
    out = run_mp(BUILD % "pico-oled" + """
events = []
uart = machine.buses[("uart", 0)]
async def main():
    tasks = [asyncio.create_task(make()) for make in attach(events.append)]
    await asyncio.sleep_ms(30)
    machine.pins[14].drive(0)
    uart.feed(b"FITS-L3\\r")
    await asyncio.sleep_ms(100)
    machine.pins[14].drive(1)
    await asyncio.sleep_ms(80)
    for t in tasks:
        t.cancel()
asyncio.run(main())
print(json.dumps([uart.baudrate, uart.tx.id, uart.rx.id, sorted(events)]))
""")[0]
    assert out == [9600, 0, 1, [["button", "next", "down"], ["button", "next", "short"], ["scan", "FITS-L3"]]]


SCREENS = [
    # (label, code drawing on d, must light something)
    ("waiting", "screens.waiting(d, 5)", True),
    ("connected", "screens.connected(d)", True),
    ("error", "screens.error(d)", True),
    ("error_code", "screens.error(d, 'E3')", True),
    ("message", "s = screens.message(d, 'HELLO')\nfor _ in range(6): s.step()", False),
    ("scores", "s = screens.scores(d, [12, 7])\nfor _ in range(9): s.step()", False),
    ("fits_L3", "screens.fits_card(d, 'L3', round_no=2)", True),
    ("fits_start", "screens.fits_card(d, 'Y', start=True, round_no=3, player=1)", True),
    ("forbes_hand", "screens.forbes_hand(d, 'STCX')", True),
    ("forbes_stone", "screens.forbes_stone(d, 'X')", True),
    ("zatre", "screens.zatre_tiles(d, [3, 5], (11, 2, 4, 7))", True),
]

RENDER = """
import gc
import screens
def popcount(data):
    n = 0
    for b in data:
        while b:
            n += b & 1
            b >>= 1
    return n
def lit(d):
    n = 0
    for y in range(d.height):
        for x in range(d.width):
            if d.pixel(x, y):
                n += 1
    return n
# What each chip shows: the drivers send only what changed since their last frame, so the
# chip's registers are followed through every write since boot (the log is read, then
# cleared, at each screen), not read off the last frame's writes alone.
chip = {}
def follow(d):
    kind = board["display"]["kind"]
    if kind == "max7219":
        for f in machine.spi_frames(machine.LOG, d.cs.id):
            for m in range(len(f) // 2):
                if 1 <= f[2 * m] <= 8:
                    chip[(m, f[2 * m])] = f[2 * m + 1]
    elif kind == "ht16k33":
        for e in machine.LOG:
            if e[0] == "i2c" and len(e[3]) > 1 and e[3][0] < 16:
                for i in range(1, len(e[3])):
                    chip[e[3][0] + i - 1] = e[3][i]
def sent(d):
    kind = board["display"]["kind"]
    if kind in ("max7219", "ht16k33"):
        return popcount(list(chip.values()))
    if kind == "ssd1306":
        return popcount(d.dev.ram)
    frame = d.np.frames[-1]
    return sum(1 for i in range(0, len(frame), 3) if frame[i] or frame[i + 1] or frame[i + 2])
peak = 0
for label, code in %s:
    d = display
    follow(d)
    machine.LOG.clear()
    exec(code)
    d.show()
    follow(d)
    gc.collect()
    peak = max(peak, gc.mem_alloc())
    print(json.dumps([label, lit(d), sent(d)]))
print(json.dumps(["heap", peak]))
"""


@pytest.mark.parametrize("board", REAL)
def test_every_screen_renders_through_the_driver_at_96k(board):
    screens = [[label, code] for label, code, _ in SCREENS]
    out = run_mp(BUILD % board + RENDER % json.dumps(screens), heap="96k", mpy=True, timeout=120)
    FIGURES["render heap after a screen, %s (bytes)" % board] = out[-1][1]
    assert [row[0] for row in out[:-1]] == [s[0] for s in SCREENS]
    for (label, lit, sent), (_, _, must_light) in zip(out[:-1], SCREENS):
        assert sent == lit, "%s on %s: the driver sent %d lit pixels, the canvas has %d" % (label, board, sent, lit)
        if must_light:
            assert lit > 0, "%s drew nothing on %s" % (label, board)


# Sizes no board file uses yet, built straight from the drivers (same checks as above).
OTHER_SIZES = [
    ("max7219", 16, 16, "MAX7219(machine.SPI(0), machine.Pin(5), 16, 16, rotation=[0, 90, 180, 270])",
     "from drivers.max7219 import MAX7219"),
    ("max7219", 64, 8, "MAX7219(machine.SPI(0), machine.Pin(5), 64, 8)", "from drivers.max7219 import MAX7219"),
    ("ht16k33", 8, 8, "HT16K33(machine.I2C(0), width=8)", "from drivers.ht16k33 import HT16K33"),
    ("neopixel", 8, 8, "NeoPixelMatrix(machine.Pin(4), 8, 8, max_current_ma=400, level=4)",
     "from drivers.neopixel_matrix import NeoPixelMatrix"),
    ("neopixel", 32, 8, "NeoPixelMatrix(machine.Pin(4), 32, 8, 'columns-serpentine', 64, 400)",
     "from drivers.neopixel_matrix import NeoPixelMatrix"),
    ("ssd1306", 128, 32, "OLED(machine.I2C(0), 128, 32)", "from drivers.oled import OLED"),
]


@pytest.mark.parametrize("kind,w,h,make,imp", OTHER_SIZES, ids=["%s-%dx%d" % s[:3] for s in OTHER_SIZES])
def test_every_screen_renders_on_other_sizes_at_96k(kind, w, h, make, imp):
    screens = [[label, code] for label, code, _ in SCREENS]
    setup = "import json, machine\n%s\nboard = {'display': {'kind': %r}}\ndisplay = %s\n" % (imp, kind, make)
    out = run_mp(setup + RENDER % json.dumps(screens), heap="96k", mpy=True, timeout=120)
    assert [row[0] for row in out[:-1]] == [s[0] for s in SCREENS]
    for (label, lit, sent), (_, _, must_light) in zip(out[:-1], SCREENS):
        assert sent == lit, "%s on %s %dx%d: sent %d lit pixels, canvas has %d" % (label, kind, w, h, sent, lit)
        if must_light:
            assert lit > 0, "%s drew nothing on %s %dx%d" % (label, kind, w, h)
