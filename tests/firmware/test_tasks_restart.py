"""No task of the firmware ever dies: one that fails (here an input task whose driver raises
AttributeError on its second poll) is started again, counted in the status frame's
`restarts`, and says so on the console and to the host in an err frame `task`."""

import json

from fw_helpers import run_fw

BODY = r"""
import asyncio
import json
import app
from boardcore.protocol.codec import DEVICE, decode

board = {"name": "t", "display": {"kind": "virtual", "brightness": 8}, "buttons": {"next": 1}, "scanner": None}
a = app.App(board, RecordingDisplay(8, 8))
out = []
a.link._write = out.append
said = []
app.print = lambda *words: said.append(" ".join(str(w) for w in words))
runs = []

async def flaky():
    runs.append(1)
    await asyncio.sleep_ms(5)
    if len(runs) == 1:
        raise AttributeError("'NoneType' object has no attribute 'send'")
    a.emit(("button", "next", "short"))  # the input works again
    await asyncio.sleep_ms(1000)

async def main():
    task = asyncio.create_task(a.keep("input", flaky))
    await asyncio.sleep_ms(300)
    task.cancel()

asyncio.run(main())
errs = [decode(line, DEVICE)[2] for line in out if b" err " in line]
print("RESULT " + json.dumps([len(runs), a.restarts, said, errs, a.standalone is not None]))
"""


def test_a_task_that_fails_is_started_again_and_says_so(tmp_path):
    run = run_fw(tmp_path, BODY)
    line = next(line for line in run.lines if line.startswith("RESULT "))
    runs, restarts, said, errs, dealing = json.loads(line[7:])
    text = "input task stopped (AttributeError: 'NoneType' object has no attribute 'send'), started again"
    assert runs == 2 and restarts == 1
    assert said == ["boardlight: " + text]
    assert errs == [{"code": "task", "msg": text[:80]}]
    assert dealing  # the press after the restart reached the app
