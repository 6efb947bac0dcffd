"""The league's tokens: one for the tournament director, one per table.

A token is shown once, when it is made, and only its SHA-256 is kept: a copy of the
database gives nobody a table's or the director's rights. The director's is compared in
constant time; a table's is looked up by its digest (what a lookup's timing could tell
is of the digest, not the token).

>>> token = new_token()
>>> len(token) >= 32 and matches(token, digest(token)) and not matches(token + "x", digest(token))
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

PREFIX_TABLE = "blt_"
PREFIX_DIRECTOR = "bld_"


def new_token(prefix: str = "") -> str:
    """A fresh secret (192 random bits, URL-safe)."""
    return prefix + secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: str, stored: str) -> bool:
    return hmac.compare_digest(digest(token), stored)
