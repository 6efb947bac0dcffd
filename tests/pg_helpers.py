"""A throwaway PostgreSQL server for the league's tests: Debian's `postgresql` package
(.ci/run installs it), a cluster made with initdb in a temporary folder, listening on
127.0.0.1 at a free port, trusted for local connections, removed at the end.

As root (CI), the cluster runs as the `postgres` user, since PostgreSQL refuses to run as
root. Without the package the tests fail on CI and are skipped elsewhere.
"""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time

import pytest


def _bindir():
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(candidate, "initdb")):
            return candidate
    found = shutil.which("initdb")
    return os.path.dirname(found) if found else None


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


NO_SERVER = "no PostgreSQL server: `apt-get install postgresql` (.ci/run does it)"


def need_postgres():
    """For a test: fail on CI, skip elsewhere, when the machine has no PostgreSQL."""
    if _bindir() is None:
        if os.environ.get("CI"):
            pytest.fail(NO_SERVER)
        pytest.skip(NO_SERVER)


class Postgres:
    """One running cluster: `url(dbname)` for a database in it, `kill()`/`start()`."""

    def __init__(self):
        bindir = _bindir()
        if bindir is None:
            raise RuntimeError(NO_SERVER)
        self.bindir = bindir
        self.folder = tempfile.mkdtemp(prefix="boardlight-pg-")
        os.chmod(self.folder, 0o755)
        self.data = os.path.join(self.folder, "data")
        self.sockets = os.path.join(self.folder, "sockets")
        os.mkdir(self.sockets)
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.folder, "postgres")
            shutil.chown(self.sockets, "postgres")
        self.port = _free_port()
        self._run("initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--no-locale", "--no-sync")
        with open(os.path.join(self.data, "postgresql.conf"), "a") as conf:
            conf.write("listen_addresses = '127.0.0.1'\nport = %d\nunix_socket_directories = '%s'\n"
                       "max_connections = 200\nshared_buffers = 32MB\n" % (self.port, self.sockets))
        self.start()

    def _run(self, tool, *args, check=True):
        argv = [os.path.join(self.bindir, tool), *args]
        if self.as_root:
            argv = ["runuser", "-u", "postgres", "--"] + argv
        return subprocess.run(argv, check=check, capture_output=True, text=True, timeout=120)

    def start(self):
        done = self._run("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w",
                         "-t", "60", "start", check=False)
        if done.returncode != 0:
            raise RuntimeError("PostgreSQL did not start: %s %s" % (done.stdout, self._log()))

    def _log(self):
        try:
            with open(os.path.join(self.folder, "log")) as f:
                return f.read()[-2000:]
        except OSError:
            return ""

    def kill(self):
        """Stop the server at once, as a crash would (immediate mode: no checkpoint)."""
        self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop", check=False)

    def stop(self):
        self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, dbname="postgres"):
        return "postgresql://postgres@127.0.0.1:%d/%s" % (self.port, dbname)

    def new_database(self, name):
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute('CREATE DATABASE "%s"' % name)
        return self.url(name)

    def wait_ready(self, timeout=30):
        import psycopg

        end = time.monotonic() + timeout
        while True:
            try:
                with psycopg.connect(self.url(), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)
