"""Messages from the device's link thread and from the table's other writers (the phones'
pages) to the table UI (Textual messages are posted thread-safely and handled on the UI's
own thread)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from boardlight.computer.turns import Job
    from boardlight.sessions.table import Change


class DeviceEvents(Message):
    """The device's input events wait in its link: the UI takes them from there
    (DeviceBridge.take_events), so a device that floods fills no queue of the UI's."""


class DeviceStatus(Message):
    """The link's state changed (connected, or not answering) with a sentence for the table."""

    def __init__(self, state: str, text: str) -> None:
        super().__init__()
        self.state = state
        self.text = text


class TableChanged(Message):
    """An action was committed by another front end (a phone's page): redraw."""

    def __init__(self, change: Change) -> None:
        super().__init__()
        self.change = change


class ComputerMove(Message):
    """A computer player's job (boardlight.computer.turns.Job) came back from the worker
    thread: its `result`, or the `error` the engine raised."""

    def __init__(self, job: Job, result: Any, error: BaseException | None = None) -> None:
        super().__init__()
        self.job = job
        self.result = result
        self.error = error
