"""Serial barcode / QR reader: lines over a UART, with partial lines and garbage."""

from fakes.mp import run_mp

SETUP = """
import json, machine
from drivers.barcode import BarcodeReader
uart = machine.UART(1, 9600)
events = []
r = BarcodeReader(uart, events.append, max_len=16)
def feed(data):
    uart.feed(data)
    r.poll()
    return [list(e) for e in events]
"""


def test_lines_with_every_line_end():
    out = run_mp(SETUP + """
print(json.dumps(feed(b"FITS-07\\rFORBES-12\\nZ3\\r\\n")))
print(json.dumps(r.rejected))
""")
    assert out[0] == [["scan", "FITS-07"], ["scan", "FORBES-12"], ["scan", "Z3"]]
    assert out[1] == 0


def test_partial_line_waits_for_its_end():
    # "FITS-" arrives, then "1", then "5\\r": one code, emitted only once the line is complete.
    out = run_mp(SETUP + """
print(json.dumps(feed(b"FITS-")))
print(json.dumps(feed(b"1")))
print(json.dumps(feed(b"5\\r")))
r.poll()  # nothing more waiting: no change
print(json.dumps([list(e) for e in events]))
""")
    assert out == [[], [], [["scan", "FITS-15"]], [["scan", "FITS-15"]]]


def test_garbage_lines_are_dropped_and_counted():
    # 1: noise bytes 0xFF 0x00 0x80 then CR -> not printable: rejected.
    # 2: a code with a control byte inside (0x07) -> rejected whole.
    # 3: 20 printable bytes with no line end (max_len 16) -> overflow, rejected at the CR.
    # 4: only spaces -> nothing left after strip: rejected.
    # Good codes between them still come through, in order.
    out = run_mp(SETUP + """
feed(b"\\xff\\x00\\x80\\rA1\\r")
feed(b"B\\x072\\rC3\\n")
feed(b"ABCDEFGHIJKLMNOPQRST")
feed(b"UV\\rD4\\r   \\r  E5  \\r")
print(json.dumps([[list(e) for e in events], r.rejected]))
""")[0]
    assert out == [[["scan", "A1"], ["scan", "C3"], ["scan", "D4"], ["scan", "E5"]], 4]


def test_exactly_max_len_is_accepted():
    out = run_mp(SETUP + """
feed(b"0123456789ABCDEF\\r0123456789ABCDEFG\\r")
print(json.dumps([[list(e) for e in events], r.rejected]))
""")[0]
    assert out == [[["scan", "0123456789ABCDEF"]], 1]
