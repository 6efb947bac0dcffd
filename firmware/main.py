# Runs at boot (on a board, and on the virtual board's unix port): check the board file,
# give the checker's heap back, then load and start the app (both never at once).
import gc
import sys

import board_config
import config

board = board_config.load(config.BOARD_FILE, config.CHECKED_FILE)
for name in ("board_config", "board_check"):
    sys.modules.pop(name, None)
del board_config
gc.collect()

import app

app.main(board)
