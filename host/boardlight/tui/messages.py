"""Messages from the device's link thread and from the table's other writers (the phones'
pages) to the table UI (Textual messages are posted thread-safely and handled on the UI's
own thread)."""

from textual.message import Message


class DeviceEvents(Message):
    """The device's input events wait in its link: the UI takes them from there
    (DeviceBridge.take_events), so a device that floods fills no queue of the UI's."""


class DeviceStatus(Message):
    """The link's state changed (connected, or not answering) with a sentence for the table."""

    def __init__(self, state, text):
        super().__init__()
        self.state = state
        self.text = text


class TableChanged(Message):
    """An action was committed by another front end (a phone's page): redraw."""

    def __init__(self, change):
        super().__init__()
        self.change = change


class ComputerMove(Message):
    """A computer player's job (boardlight.computer.turns.Job) came back from the worker
    thread: its `result`, or the `error` the engine raised."""

    def __init__(self, job, result, error=None):
        super().__init__()
        self.job = job
        self.result = result
        self.error = error
