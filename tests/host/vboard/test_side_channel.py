"""The virtual board's side channel (its matrix and its buttons) answers only the bridge
that started it: a unix socket only its user can reach, opened with a key both ends know.
Another user cannot connect; a connection without the key is closed and changes nothing."""

import os
import socket
import stat
import subprocess
import time

import pytest

from boardlight.vboard.board import VirtualBoard
from boardlight.vboard.bridge import HANDSHAKE_S
from conftest import MICROPYTHON


@pytest.fixture(scope="module")
def board():
    with VirtualBoard() as b:
        b.wait_firmware(15)
        yield b


def still_drives_the_matrix(board):
    seen = board.frames_seen
    board.press("next")  # no host: the standalone dealer deals a card
    board.wait_frame(newer_than=seen)
    assert board.side_errors == []


def closed_by_the_bridge(conn, timeout=HANDSHAKE_S + 3):
    """Everything the bridge sent before closing `conn` (it must close it)."""
    conn.settimeout(timeout)
    got = b""
    while True:
        data = conn.recv(4096)
        if not data:
            return got
        got += data


def test_the_socket_is_private_to_its_user(board):
    path = board.bridge.side_path
    folder = os.path.dirname(path)
    st_dir, st_sock = os.stat(folder), os.stat(path)
    assert stat.S_IMODE(st_dir.st_mode) == 0o700 and stat.S_ISSOCK(st_sock.st_mode)
    assert stat.S_IMODE(st_sock.st_mode) == 0o600
    assert st_dir.st_uid == st_sock.st_uid == os.getuid()


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to act as another user")
def test_another_user_cannot_connect(board):
    # A child process that becomes "nobody" and tries to connect (forked, not exec'd: the
    # test's own interpreter may sit where nobody may not run it).
    import pwd

    nobody = pwd.getpwnam("nobody")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        said = b"?"
        try:
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            s = socket.socket(socket.AF_UNIX)
            s.connect(board.bridge.side_path)
            said = b"connected"
        except PermissionError:
            said = b"PermissionError"
        except BaseException as e:  # noqa: BLE001 (reported to the parent)
            said = repr(e).encode()
        finally:
            os.write(w, said)
            os._exit(0)
    os.close(w)
    said = os.read(r, 200)
    os.close(r)
    os.waitpid(pid, 0)
    assert said == b"PermissionError"
    still_drives_the_matrix(board)


def test_a_connection_without_the_key_is_closed_and_changes_nothing(board):
    refused = board.bridge.refused
    # Presses sent straight away, as someone who found the socket might.
    rogue = socket.socket(socket.AF_UNIX)
    rogue.connect(board.bridge.side_path)
    seen = board.frames_seen
    rogue.sendall(b"down next\nup next\nscan 04A3B2C1\n")
    assert closed_by_the_bridge(rogue) == b""  # not one frame of the matrix
    rogue.close()
    assert board.frames_seen == seen  # the presses went nowhere
    # A wrong key, and a silent connection (closed after HANDSHAKE_S).
    wrong = socket.socket(socket.AF_UNIX)
    wrong.connect(board.bridge.side_path)
    wrong.sendall(b"hello " + b"0" * 32 + b"\n")
    assert closed_by_the_bridge(wrong) == b""
    wrong.close()
    silent = socket.socket(socket.AF_UNIX)
    silent.connect(board.bridge.side_path)
    started = time.monotonic()
    assert closed_by_the_bridge(silent) == b""
    assert HANDSHAKE_S - 0.5 <= time.monotonic() - started < HANDSHAKE_S + 3
    silent.close()
    assert board.bridge.refused == refused + 3
    # The firmware's own connection was never displaced.
    still_drives_the_matrix(board)


CHANNEL = """
import sys
from sim.channel import Channel
try:
    Channel(sys.argv[1], "mine:theirs")
    print("connected")
except OSError as e:
    print("refused:", e)
"""


@pytest.mark.parametrize("answer, said", [(b"welcome theirs\n", "connected"),
                                          (b"welcome nope\n", "refused: the side channel's other end did not answer with this board's key")])
def test_the_firmware_takes_only_a_bridge_that_knows_its_key(tmp_path, answer, said):
    # The firmware's end on the unix port, against a listener standing in for the bridge.
    from mpy_tree import image_path

    path = str(tmp_path / "s")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(path)
    listener.listen(1)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([".frozen"] + image_path("virtual")))
    child = subprocess.Popen([str(MICROPYTHON), "-X", "heapsize=96k", "-c", CHANNEL, path], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        listener.settimeout(10)
        conn, _ = listener.accept()
        conn.settimeout(10)
        assert conn.recv(64) == b"hello mine\n"
        conn.sendall(answer)
        out, err = child.communicate(timeout=10)
    finally:
        child.kill()
        listener.close()
    assert out.strip() == said, err
