"""Firmware-wide settings: the version reported in the handshake and the link's timing."""

FIRMWARE_VERSION = "0.1.0"
BOARD_FILE = "board.json"  # the deployed board configuration, at the root of the flash
CHECKED_FILE = "board.ok"  # board.json as checked, with its checksum: boots after the first skip the check
RESEND_MS = 150  # a data frame not acknowledged within this is sent again
TICK_MS = 20  # how often resends and the host timeout are checked
HOST_TIMEOUT_MS = 3500  # the host pings every second; this much silence means it is gone
SCROLL_MS = 70  # one step of scrolling text
WAIT_MS = 120  # one step of the waiting animation
# A device with less heap than this asks the host to draw (info "pictures": the host
# sends every screen as a raw picture): drawing them itself needs about 84 KB.
PICTURES_BELOW = 90 * 1024
LONG_PRESS_MS = 600  # default long-press time when the board file gives none
