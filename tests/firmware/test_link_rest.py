"""Without a host the dealer gets the link's heap: once it deals, the protocol's codec is
not loaded on the device (about 5 KB), and a host's hello still makes a session (the
codec is imported again for the line). On MicroPython, with the board file of a Pico
(machine faked on the unix port)."""

from fakes.mp import run_mp

REST = """
import json, sys, machine, board_config
from hw import setup as hw_setup
board = board_config.load("firmware/boards/pico.json")
display, attach = hw_setup.build(board)
import app
a = app.App(board, display)
out = []
a.link._write = out.append
app.print = lambda *words: None
import gc
gc.collect()
before = gc.mem_alloc()
a.link.rest()
gc.collect()
freed = before - gc.mem_alloc()
a.emit(("button", "next", "down"))
a.emit(("button", "next", "short"))
dealing = a.standalone is not None
resting = "boardcore.protocol.codec" not in sys.modules
import boardcore.protocol.codec as codec
hello = codec.encode(codec.HOST, 0, "hello", {"v": codec.PROTOCOL_VERSION, "sid": "5e551011"})
del codec
sys.modules.pop("boardcore.protocol.codec")  # as the dealer left it
a.link.take(hello[:20])
a.link.take(hello[20:])
info = [line for line in out if line.startswith(b"@0 info ")]
print(json.dumps([freed, dealing, resting, a.link.connected, len(info), a.standalone is None]))
"""


def test_the_dealer_has_the_codec_heap_and_a_hello_still_connects():
    freed, dealing, resting, connected, infos, dealer_dropped = run_mp(REST)[0]
    assert freed >= 4000  # the codec's heap itself comes back
    assert dealing and resting
    # The hello, in two pieces, read through a line buffer made anew: one info, a session.
    assert connected and infos == 1 and dealer_dropped
