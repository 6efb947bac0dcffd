"""`boardlight sim --heap`: what the check accepts is what MicroPython is started with. A
size with a space around it ("96k ", as a shell variable may leave it) passed the check,
which strips it, but went to `micropython -X heapsize=96k ` unstripped, which refuses it:
the board restarted the interpreter in a loop. A size far beyond any microcontroller made
the unix port crash at start the same way."""

import pytest

from boardlight.vboard.board import VirtualBoard, VirtualBoardError, heap_bytes


def test_the_heap_goes_to_micropython_as_checked(tmp_path):
    board = VirtualBoard(flash=tmp_path / "flash", install=None, heap=" 96k ")
    try:
        assert board.bridge.heap == "96k"
    finally:
        board.close()


@pytest.mark.parametrize("heap", ["1025m", "100000m", "2000000k"])
def test_a_heap_no_microcontroller_has_is_refused(heap):
    with pytest.raises(VirtualBoardError, match="at most 1024m"):
        heap_bytes(heap)


def test_the_largest_heap_allowed():
    assert heap_bytes("1024m") == 1 << 30
