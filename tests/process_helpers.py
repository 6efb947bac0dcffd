"""Helpers for the tests that start a boardlight command and stop it with a signal."""

import signal


def ctrl_c_reaches_it():
    """A Popen preexec_fn: the command takes SIGINT as a terminal's Ctrl-C, and SIGTERM and
    SIGHUP as `kill` and a closed terminal, even when the tests run where they are ignored
    (a shell's background job ignores SIGINT, nohup SIGHUP, and children inherit that: the
    command then keeps them ignored, as it should, and a signal test would wait in vain)."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
