"""How long a user waits: `boardlight play` until its first screen, and `boardlight sim`
until its firmware answers, each from a warm image cache and from an empty one.

play: `boardlight play fits` in a pseudo-terminal (100 x 30) with nothing plugged in,
until the table's status line says "virtual board: connected" (the firmware booted, shook
hands and shows the game); and with --no-device until the table's first screen. sim:
`boardlight sim --no-tty` until a Link on the port it prints has shaken hands. Each is
the median of RUNS. Exits 1 if the virtual board's first screen on a warm cache takes more
than FLOOR_S.
"""

import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from boardlight.link.connection import Link

BOARDLIGHT = str(Path(sys.executable).with_name("boardlight"))
RUNS = 5
FLOOR_S = 1.0


def play_until(text, *args, env):
    """Seconds from starting `boardlight play fits ARGS` in a terminal to `text` on it."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    t0 = time.perf_counter()
    proc = subprocess.Popen([BOARDLIGHT, "play", "fits", "--players", "Ann,Bob", "--seed", "1", *args],
                            stdin=slave, stdout=slave, stderr=slave, env=dict(env, TERM="xterm-256color"),
                            start_new_session=True)
    os.close(slave)
    seen, took = b"", None
    try:
        while time.perf_counter() - t0 < 30:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
                if text.encode() in seen:
                    took = time.perf_counter() - t0
                    break
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(master)
    if took is None:
        raise SystemExit("play never showed %r: %r" % (text, seen[-500:]))
    return took


def sim_until_answered(env):
    t0 = time.perf_counter()
    proc = subprocess.Popen([BOARDLIGHT, "sim", "--no-tty"], env=env, stdin=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        port = re.search(r" on (\S+)", proc.stderr.readline()).group(1)
        with Link(port) as link:
            link.wait_connected(20)
        return time.perf_counter() - t0
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, BOARDLIGHT_DB=os.path.join(tmp, "games.sqlite3"),
                   BOARDLIGHT_CACHE=os.path.join(tmp, "cache"))
        fresh = 0

        def cold():
            nonlocal fresh
            fresh += 1
            return dict(env, BOARDLIGHT_CACHE=os.path.join(tmp, "cold%d" % fresh))

        play_until("virtual board: connected", env=env)  # fills the warm cache
        figures = [
            ("play, virtual board, warm cache", [play_until("virtual board: connected", env=env) for _ in range(RUNS)]),
            ("play, virtual board, empty cache", [play_until("virtual board: connected", env=cold()) for _ in range(RUNS)]),
            ("play --no-device", [play_until("Enter", "--no-device", env=env) for _ in range(RUNS)]),
            ("sim --no-tty, warm cache", [sim_until_answered(env) for _ in range(RUNS)]),
            ("sim --no-tty, empty cache", [sim_until_answered(cold()) for _ in range(RUNS)]),
        ]
    for name, times in figures:
        print("%-34s median %.2f s (of %d: %s)" % (name, statistics.median(times), len(times),
                                                   " ".join("%.2f" % t for t in times)))
    ok = statistics.median(figures[0][1]) <= FLOOR_S
    print("floor (virtual board's first screen on a warm cache <= %.0f s): %s" % (FLOOR_S, "met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
