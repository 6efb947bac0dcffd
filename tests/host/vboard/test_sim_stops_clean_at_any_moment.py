"""`boardlight sim` stops well whenever its stop signal comes: during the board's set-up
(before it printed its port), or a second one during its clean-up. Each time the command
exits 0 within seconds, its interpreter killed and its temporary folders removed.

The signal is delivered by the command to itself from inside one step of the set-up or
the clean-up (os.kill of its own pid in the main thread, where Python runs the handler a
few bytecodes later): the moments a signal from outside hits only now and then."""

import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from process_helpers import ctrl_c_reaches_it

# Runs `boardlight sim --no-tty` with one step wrapped: the wrapper sends the signal once,
# after the step (set-up) or before it (clean-up: the command is already stopping).
WORKER = r"""
import os, shutil, signal, subprocess, sys
from boardlight import image
from boardlight.cli import cli
from boardlight.vboard import bridge, board

where, signum = sys.argv[1], int(sys.argv[2])
owners = {"image.build": (image, "build"), "Bridge.__init__": (bridge.Bridge, "__init__"),
          "Bridge.start": (bridge.Bridge, "start"), "VirtualBoard.start": (board.VirtualBoard, "start"),
          "Bridge.stop": (bridge.Bridge, "stop"), "Popen.kill": (subprocess.Popen, "kill"),
          "shutil.rmtree": (shutil, "rmtree")}
owner, name = owners[where]
real = getattr(owner, name)
sent = []

def wrapped(*args, **kwargs):
    first = not sent
    sent.append(1)
    if first and where in ("Bridge.stop", "Popen.kill", "shutil.rmtree"):
        os.kill(os.getpid(), signum)
    result = real(*args, **kwargs)
    if first and where not in ("Bridge.stop", "Popen.kill", "shutil.rmtree"):
        os.kill(os.getpid(), signum)
    return result

setattr(owner, name, wrapped)
cli(["sim", "--no-tty"], prog_name="boardlight")
"""

SETUP = ["image.build", "Bridge.__init__", "Bridge.start", "VirtualBoard.start"]
CLEANUP = ["Bridge.stop", "Popen.kill", "shutil.rmtree"]
SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]
IDS = ["ctrl-c", "kill", "hangup"]


def _left_behind(pid, folders):
    """This run's scratch folders still there, and interpreters still running its flash."""
    mark = "boardlight-flash-%d-" % pid
    left = sorted(e.name for f in folders for e in os.scandir(f)
                  if re.match(r"\.?boardlight-\w+-%d-" % pid, e.name))
    for other in os.listdir("/proc"):
        try:
            if other.isdigit() and mark.encode() in open("/proc/%s/environ" % other, "rb").read():
                left.append("interpreter %s" % other)
        except OSError:
            pass
    return left


def _run(tmp_path, where, stop, first=None):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-c", WORKER, where, str(int(stop))], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, preexec_fn=ctrl_c_reaches_it)
    try:
        if first is not None:  # the command's first stop, once its board runs
            line = proc.stderr.readline()
            assert line.startswith("virtual board "), line + proc.stderr.read()
            proc.send_signal(first)
        start = time.monotonic()
        rc = proc.wait(15)
        took = time.monotonic() - start
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    # The side channel's folder is in /tmp when TMPDIR's path is long.
    return rc, took, err, _left_behind(proc.pid, {str(tmp_path), "/tmp", tempfile.gettempdir()})


@pytest.mark.parametrize("stop", SIGNALS, ids=IDS)
@pytest.mark.parametrize("where", SETUP)
def test_a_stop_signal_during_set_up_ends_the_command_clean(tmp_path, where, stop):
    rc, took, err, left = _run(tmp_path, where, stop)
    assert rc == 0, err
    assert left == [], err
    assert took < 10


@pytest.mark.parametrize("again", SIGNALS, ids=IDS)
@pytest.mark.parametrize("where", CLEANUP)
def test_a_second_stop_signal_during_clean_up_does_not_cut_it_short(tmp_path, where, again):
    rc, took, err, left = _run(tmp_path, where, again, first=signal.SIGTERM)
    assert rc == 0, err
    assert left == [], err
    assert took < 10


def _hangup_ignored():
    ctrl_c_reaches_it()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as nohup leaves it


def test_a_hangup_ignored_from_the_start_stays_ignored(tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "boardlight.cli", "sim", "--no-tty"], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, preexec_fn=_hangup_ignored)
    try:
        line = proc.stderr.readline()
        assert line.startswith("virtual board "), line
        proc.send_signal(signal.SIGHUP)
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(2)  # still running the board
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert _left_behind(proc.pid, {str(tmp_path), "/tmp", tempfile.gettempdir()}) == []
