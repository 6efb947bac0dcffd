"""Helpers for the tests that start a boardlight command and stop it with a signal."""

import signal


def ctrl_c_reaches_it():
    """A Popen preexec_fn: the command takes SIGINT as a terminal's Ctrl-C, even when the
    tests run where SIGINT is ignored (a shell's background job ignores it, and its
    children inherit that: Python then sets no KeyboardInterrupt handler)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
