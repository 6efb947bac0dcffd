"""Run by bench/web_latency.py: one Forbes match served on 127.0.0.1 in a process of its own
(so that its memory can be read), until its standard input closes. Prints the pages' links
as one JSON line."""

import json
import sys
import tempfile
from pathlib import Path

from boardlight.sessions.forbes import ForbesSession
from boardlight.sessions.table import Table
from boardlight.store.gamelog import Store
from boardlight.web.server import WebServer


def main():
    with tempfile.TemporaryDirectory() as folder:
        with Store(Path(folder) / "bench.sqlite3") as store:
            # A match that outlasts the benchmark's actions.
            session = ForbesSession.start(store, ["Ann", "Bob"], 20, {"target_score": 100000})
            with WebServer(Table(session)) as web:
                print(json.dumps([url for _label, url in web.links()]), flush=True)
                sys.stdin.read()
                if web.errors:
                    print("server errors: %s" % web.errors, file=sys.stderr)


if __name__ == "__main__":
    main()
