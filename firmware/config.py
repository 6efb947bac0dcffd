"""Firmware-wide settings: the version reported in the handshake and the link's timing."""

FIRMWARE_VERSION = "0.1.0"
BOARD_FILE = "board.json"  # the deployed board configuration, at the root of the flash
RESEND_MS = 150  # a data frame not acknowledged within this is sent again
TICK_MS = 20  # how often resends and the host timeout are checked
HOST_TIMEOUT_MS = 3500  # the host pings every second; this much silence means it is gone
SCROLL_MS = 70  # one step of scrolling text
WAIT_MS = 120  # one step of the waiting animation
IDLE_GC_MS = 200  # this long without a frame or an event is idle: collect the garbage then
IDLE_GC_BYTES = 2048  # ... if at least this much has been allocated since the last time
GC_THRESHOLD = 8192  # bytes allocated that force a collection even in a long burst
RESTART_MS = 100  # a task that failed is started again after this
NOTICE_MS = 3000  # how long a part's error screen shows at boot before its message
LONG_PRESS_MS = 600  # default long-press time when the board file gives none
