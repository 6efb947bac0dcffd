"""Talking to a league server over HTTP (the standard library's, so a table needs nothing
more than boardlight): JSON in, JSON out, the token as a bearer header.

Two kinds of failure: Unreachable (no answer: the network, the server down or killed
mid-request; try again later, nothing is lost) and Refused (the league answered no, with
its reason; sending the same again gets the same answer).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit


class Unreachable(Exception):
    """The league did not answer (the message says what happened)."""


class Refused(Exception):
    """The league answered with a refusal: `status` (HTTP) and its reason."""

    def __init__(self, status: int, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.details = details or {}  # what the refusal says besides its text


def check_url(url: str) -> str:
    """The league's base URL without a trailing slash; ValueError for one that is not
    http(s)://host[:port]."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("a league server is http://HOST:PORT (or https://...), not %r" % url)
    return url.rstrip("/")


def call(url: str, path: str, token: str | None = None, body: Any = None,
         timeout: float = 10.0) -> Any:
    """GET (body None) or POST `body` as JSON to url + path; the JSON answer."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(check_url(url) + path, data=data,
                                     method="GET" if body is None else "POST")
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as exc:
        details: dict[str, Any] = {}
        try:
            answer = json.loads(exc.read().decode("utf-8"))
            details = answer if isinstance(answer, dict) else {}
            reason = details.pop("error", None) or exc.reason
        except (ValueError, AttributeError, OSError):
            reason = exc.reason
        if exc.code >= 500:
            raise Unreachable("the league server failed (%d): %s" % (exc.code, reason)) from None
        raise Refused(exc.code, str(reason), details) from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        why = getattr(exc, "reason", exc)
        raise Unreachable("no answer from the league at %s: %s" % (url, why)) from None
