"""A device that asks for pictures, on MicroPython (a Pico's board file, machine faked on
the unix port): when a host comes it gives back the screens a press loaded, even a press
that only said "HOST LOST"; and a picture's first chunk that cannot be used leaves no
unfinished picture for the next chunks to complete."""

from fakes.mp import run_mp

DEVICE = """
import binascii, gc, json, sys, machine, board_config
from hw import setup as hw_setup
board = board_config.load("firmware/boards/pico.json")
display, attach = hw_setup.build(board)
import app
a = app.App(board, display)
a.pictures = True  # as on a board under config.PICTURES_BELOW
a.link._write = lambda data: None
app.print = lambda *words: None
"""

HOST_LOST_THEN_HOST = DEVICE + """
a.lost = True  # a host was there and went: the next press says so
a.emit(("button", "next", "down"))
a.emit(("button", "next", "short"))
loaded = [m for m in ("alone", "screens", "boardcore.glyphs") if m in sys.modules]
gc.collect()
before = gc.mem_alloc()
a.host_coming()
gc.collect()
print(json.dumps([loaded, a.standalone is None, [m for m in ("alone", "screens", "boardcore.glyphs") if m in sys.modules],
                  before - gc.mem_alloc()]))
"""

CHUNKS = DEVICE + """
import hosted

def raw(off, data):
    return {"w": 32, "h": 8, "fmt": "mono", "off": off, "data": binascii.b2a_base64(data).decode().strip()}

def refused(payload):
    try:
        hosted.frame(a, "raw", payload)
    except Exception as e:
        return str(e)
    return None

hosted.frame(a, "raw", raw(0, bytes([0xFF]) * 16))  # picture A's first half
bad = refused({"w": 32, "h": 8, "fmt": "mono", "off": 0, "data": 5})  # picture B's, unusable
second = refused(raw(16, bytes(16)))  # picture B's second half: no first half to join
shown = bytes(a.display.buffer)
print(json.dumps([bad is not None, second, shown == bytes(32)]))
"""


def test_a_host_after_host_lost_gets_the_heap_of_the_screens_that_press_loaded():
    loaded, dealer_gone, still, freed = run_mp(HOST_LOST_THEN_HOST)[0]
    assert loaded == ["alone", "screens", "boardcore.glyphs"] and dealer_gone
    assert still == []
    assert freed >= 10000  # the modules' heap itself, not only their names in sys.modules


def test_a_first_chunk_that_cannot_be_used_leaves_no_picture_to_finish():
    bad, second, unchanged = run_mp(CHUNKS)[0]
    assert bad
    assert second == "raw chunk at 16 without the chunk at 0"
    assert unchanged  # nothing of picture A reached the display
