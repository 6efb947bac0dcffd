"""Folders a killed run leaves in the temporary folder (a virtual board's flash and side
channel, a deploy's image) are removed at the next start: only boardlight's, only this
user's, only those whose process is gone."""

import os
import signal
import subprocess
import sys

import pytest

from boardlight import scratch

STARTS_A_BOARD = """
import sys, time
from boardlight.vboard.board import VirtualBoard
board = VirtualBoard().start()
board.wait_firmware(15)
print(board.flash, board.bridge._side_dir, flush=True)
time.sleep(60)
"""


def _run(tmp_path, code):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)


def test_a_killed_runs_folders_go_at_the_next_start(tmp_path):
    first = _run(tmp_path, STARTS_A_BOARD)
    left = first.stdout.readline().split()
    first.send_signal(signal.SIGKILL)
    first.wait()
    # The flash in TMPDIR; the side channel there too, or in /tmp when TMPDIR is too long
    # for a socket's path.
    assert len(left) == 2 and all(os.path.isdir(p) for p in left) and left[0].startswith(str(tmp_path))
    second = _run(tmp_path, STARTS_A_BOARD)
    now = second.stdout.readline().split()
    try:
        assert not any(os.path.exists(p) for p in left)
        assert all(os.path.isdir(p) for p in now)  # its own stay while it runs
    finally:
        second.kill()
        second.wait()


def test_only_boardlights_own_folders_of_ended_processes_are_removed(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        gone = tmp_path / ("boardlight-flash-%d-abc123" % dead.pid)
        kept = {
            "running": tmp_path / ("boardlight-side-%d-abc123" % alive.pid),
            "this process": tmp_path / ("boardlight-deploy-%d-abc123" % os.getpid()),
            "not ours": tmp_path / ("someone-flash-%d-abc123" % dead.pid),
            "unknown kind": tmp_path / ("boardlight-photos-%d-abc123" % dead.pid),
        }
        for folder in [gone, *kept.values()]:
            folder.mkdir()
            (folder / "main.py").write_text("x")
        link_target = tmp_path / "target"
        link_target.mkdir()
        link = tmp_path / ("boardlight-flash-%d-def456" % dead.pid)
        link.symlink_to(link_target)  # a link is not a folder we made: neither it nor its target goes
        removed = scratch.sweep(tmp_path)
        assert removed == [gone] and not gone.exists()
        assert all(f.is_dir() for f in kept.values())
        assert link.is_symlink() and (link_target).is_dir()
    finally:
        alive.kill()
        alive.wait()


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to make another user's folder")
def test_another_users_folder_is_left(tmp_path):
    import pwd

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    theirs = tmp_path / ("boardlight-flash-%d-abc123" % dead.pid)
    theirs.mkdir()
    os.chown(theirs, pwd.getpwnam("nobody").pw_uid, -1)
    assert scratch.sweep(tmp_path) == [] and theirs.is_dir()


def test_scratch_folders_are_private():
    folder = scratch.make("deploy")
    try:
        assert os.stat(folder).st_mode & 0o777 == 0o700
        assert folder.name.startswith("boardlight-deploy-%d-" % os.getpid())
    finally:
        folder.rmdir()
