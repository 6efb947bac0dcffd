"""A bounded queue from a link's thread to whoever reads the link.

A device decides how much it sends; the host must not keep all of it. An Inbox holds
at most `size` items: when a new one comes to a full inbox the oldest goes (the latest
press or status matters most) and is counted in `dropped`.
"""

import collections
import queue
import threading
import time
from typing import Generic, TypeVar

T = TypeVar("T")


class Inbox(Generic[T]):
    """put() never blocks; get(timeout) waits for an item (queue.Empty after `timeout`
    seconds, None waits for ever); the queue.Queue calls the link's readers use."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.dropped = 0
        self._items: collections.deque[T] = collections.deque()
        self._ready = threading.Condition(threading.Lock())

    def put(self, item: T) -> None:
        with self._ready:
            if len(self._items) >= self.size:
                self._items.popleft()
                self.dropped += 1
            self._items.append(item)
            self._ready.notify()

    def get(self, timeout: float | None = None) -> T:
        end = None if timeout is None else time.monotonic() + timeout
        with self._ready:
            while not self._items:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    raise queue.Empty
                self._ready.wait(left)
            return self._items.popleft()

    def get_nowait(self) -> T:
        return self.get(0)

    def empty(self) -> bool:
        with self._ready:
            return not self._items

    def qsize(self) -> int:
        with self._ready:
            return len(self._items)

    def clear(self) -> None:
        with self._ready:
            self._items.clear()
