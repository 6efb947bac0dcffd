"""Helpers for the web pages' tests: a game served on 127.0.0.1, plain HTTP requests."""

import json
import urllib.error
import urllib.request
from contextlib import contextmanager

from boardlight.sessions.registry import session_class
from boardlight.sessions.table import Table
from boardlight.web.server import WebServer


@contextmanager
def served(store, game, players, seed, options=None, **server):
    """(table, server) of a new game whose pages are being served."""
    session = session_class(game).start(store, players, seed, options or {})
    table = Table(session)
    with WebServer(table, **server) as web:
        yield table, web


def request(url, data=None, method=None, headers=None):
    """(status, headers, body bytes) of one request; an HTTP error is an answer too."""
    body = None if data is None else (data if isinstance(data, bytes) else
                                      json.dumps(data).encode())
    sent = {"Content-Type": "application/json"} if body is not None else {}
    sent.update(headers or {})
    req = urllib.request.Request(url, data=body, method=method, headers=sent)
    try:
        with urllib.request.urlopen(req, timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read()
    except urllib.error.URLError:
        return None, None, None  # nothing listens there


def links(server):
    """{label: url}: "seat 1, Ann", ..., "spectators"."""
    return dict(server.links())
