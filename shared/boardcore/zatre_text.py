"""Both Zatre text formats in one import, for the host: positions (zatre_position) and game
records (zatre_record). The device imports the one it needs: each compiles in less memory.
"""

from boardcore.zatre_position import Position, board_rows, dump_position, parse_position  # noqa: F401
from boardcore.zatre_record import dump_record, parse_record, parse_turn, replay_record  # noqa: F401
