"""`boardlight sim` in a terminal: the virtual board's matrix drawn live, keys as buttons.

Each LED is two character cells ("██") in 24-bit colour, scaled by the brightness
level; unlit LEDs are dim dots. Keys come from the board file's buttons (virtual.json:
n = next, m = menu, 1..6 = p1..p6): a key is a short press, the same key with Shift
(upper case, or !"£$%^ / !@#$%^ over the digits) a long press. "s" reads a card code
and scans it; "q" or Ctrl-C quits.
"""

import codecs
import os
import queue
import select
import sys
import termios
import threading
import time
import tty
from collections.abc import Mapping
from typing import TYPE_CHECKING, TextIO

from boardlight.invocation import command

if TYPE_CHECKING:
    from boardlight.vboard.board import VirtualBoard
    from boardlight.vboard.frame import MatrixFrame

# {key: (button, long press)}
Keys = dict[str, tuple[str, bool]]

SHIFTED_DIGITS = {"!": "1", "@": "2", '"': "2", "#": "3", "£": "3", "$": "4", "%": "5", "^": "6"}


def render(frame: "MatrixFrame", colour: bool = True) -> str:
    """The frame as terminal text: one line per LED row, ANSI colours when `colour`."""
    lines = []
    scale = (frame.level + 1) / 16
    for y in range(frame.height):
        parts = []
        for x in range(frame.width):
            if not frame.lit(x, y):
                parts.append("\x1b[38;2;60;60;60m· \x1b[0m" if colour else ". ")
                continue
            if not colour:
                parts.append("##")
                continue
            r, g, b = (int(c * scale) for c in frame.rgb(x, y))
            parts.append("\x1b[38;2;%d;%d;%dm██\x1b[0m" % (r, g, b))
        lines.append("".join(parts))
    return "\n".join(lines)


def key_map(buttons: Mapping[str, object]) -> Keys:
    """{key: (button, long)} from a board file's {button: key} mapping."""
    keys: Keys = {}
    for name in sorted(buttons):
        key = buttons[name]
        if not isinstance(key, str) or len(key) != 1:
            continue
        keys[key] = (name, False)
        if key.isdigit():
            for shifted, digit in SHIFTED_DIGITS.items():
                if digit == key:
                    keys[shifted] = (name, True)
        elif key.upper() != key:
            keys[key.upper()] = (name, True)
    return keys


def help_line(keys: Keys) -> str:
    short = sorted((k, v[0]) for k, v in keys.items() if not v[1])
    return "  ".join("%s=%s" % kv for kv in short) + "  (Shift: long press)  s=scan  q=quit"


def run(board: "VirtualBoard", buttons: Mapping[str, object], long_ms: int = 600,
        out: TextIO = sys.stdout, inp: TextIO = sys.stdin) -> None:
    """Show the matrix and take keys until q or Ctrl-C."""
    keys = key_map(buttons)
    fd = inp.fileno()
    old = termios.tcgetattr(fd)
    out.write("\x1b[2J")
    status = ["virtual board on %s  (mpremote connect %s, %s)" % (board.port, board.port, command("play --port %s" % board.port))]
    stop = threading.Event()
    # While "card code: " waits for a line, the matrix is not redrawn: a redraw would put
    # the cursor back at the start of the prompt's line and the typed code out of sight.
    prompting = threading.Event()
    screen = threading.Lock()

    def draw_loop() -> None:
        seen = None
        while not stop.is_set():
            with screen:
                now = (board.frames_seen, status[0])
                if now != seen and board.frame is not None and not prompting.is_set():
                    seen = now
                    text = render(board.frame)
                    # \x1b[J: what was below (the last card code typed) goes.
                    out.write("\x1b[H" + text + "\n\n" + help_line(keys) + "\n" + status[0] + "\x1b[K\n\x1b[J")
                    out.flush()
            time.sleep(0.02)

    drawer = threading.Thread(target=draw_loop, daemon=True)
    drawer.start()
    # Keys typed faster than one read (a quick double tap, a paste) arrive together: each
    # is a press. Presses of one button run one after the other, in the order typed (a
    # second "down" while the first is still down would be refused by the firmware): one
    # worker and queue per button. Other buttons run alongside.
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    presses: dict[str, queue.Queue[bool | None]] = {}

    def press_worker(name: str, waiting: queue.Queue[bool | None]) -> None:
        while True:
            long = waiting.get()
            if long is None:
                return
            try:
                board.press(name, long, long_ms)
            except ConnectionError as e:
                status[0] = not_running(e)

    def not_running(e: ConnectionError) -> str:
        # The firmware is not running: mpremote took the port over and left the board at
        # its REPL, or it stopped. Say so, and go on: a soft reset brings it back.
        return "%s; mpremote connect %s soft-reset starts it again" % (e, board.port)

    pending = ""
    try:
        tty.setcbreak(fd)
        while True:
            if not pending:
                ready, _, _ = select.select([fd], [], [], 0.2)
                if not ready:
                    continue
                data = os.read(fd, 64)
                if not data:
                    break
                pending = decoder.decode(data)
                if not pending:
                    continue  # the first byte of a character such as "£"
            ch, pending = pending[0], pending[1:]
            if ch in ("q", "\x03", "\x04"):
                break
            if ch == "s":
                typed, pending = pending, ""  # keys that came with the "s" start the code
                with screen:
                    prompting.set()
                    termios.tcsetattr(fd, termios.TCSADRAIN, old)
                    out.write("\x1b[Kcard code: " + typed)
                    out.flush()
                try:
                    if "\n" in typed or "\r" in typed:  # the whole code came with the "s"
                        typed = typed.replace("\r", "\n")
                        code, pending = typed.split("\n", 1)
                        code = code.strip()
                        out.write("\n")
                    else:
                        code = (typed + inp.readline()).strip()
                finally:
                    tty.setcbreak(fd)
                    prompting.clear()
                try:
                    board.scan(code)
                    status[0] = "scanned %s" % code
                except ValueError as e:
                    status[0] = str(e)
                except ConnectionError as e:
                    status[0] = not_running(e)
                continue
            if ch in keys:
                name, long = keys[ch]
                if name not in presses:
                    presses[name] = queue.Queue()
                    threading.Thread(target=press_worker, args=(name, presses[name]),
                                     daemon=True).start()
                presses[name].put(long)
                status[0] = "%s %s" % (name, "long" if long else "short")
    finally:
        stop.set()
        for waiting in presses.values():
            waiting.put(None)
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        drawer.join(1)
        out.write("\n")
