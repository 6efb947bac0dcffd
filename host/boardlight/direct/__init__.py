"""`--direct`: a matrix and buttons wired straight to a Raspberry Pi (or any Linux board Blinka
supports), driven by the host with the firmware's own screens, dealer, button driver and
board-file validator.

- board_file: load a board file with "mcu": "linux"; old_wiring: refuse an old wiring file
  with how to convert it; pins: look its pin names up in Blinka's `board` module.
- max7219, neopixel: the host canvas (boardlight.canvas) on that hardware; buttons: the
  firmware's debouncer on Blinka inputs.
- device: open_direct() puts them together; link: the same calls as a device link, for the
  table UI; run: the standalone dealer and a tour of screens.
"""
