"""A log open twice in one process (the table's writer and its league pusher's reader)
loses nothing when another program reads it meanwhile: opening the second Store must not
drop the first one's locks, or that program's last connection out takes the -wal file the
writer is still writing to."""

import subprocess
import sys

from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from session_scripts import play_out

READ = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('SELECT count(*) FROM actions').fetchone(); c.close()"


def test_a_second_store_in_the_process_keeps_the_writers_wal_file(tmp_path):
    path = tmp_path / "games.sqlite3"
    writer = Store(path)
    session = session_class("zatre").start(writer, ["Ann", "Bob"], 7)
    with Store(path, readonly=True) as reader:  # the pusher's, in the same process
        assert reader.game_count(session.row.id) == session.seq
    # Another program reads the log and closes it: it must not find itself the last one.
    subprocess.run([sys.executable, "-c", READ, str(path)], check=True)
    assert (tmp_path / "games.sqlite3-wal").exists()
    play_out(session)  # every action to the game's end, after the other program left
    logged = session.seq
    writer.close()
    with Store(path, readonly=True) as again:
        assert again.game_count(session.row.id) == logged > 1
        assert again.game(session.row.id).status == "finished"
