"""A 3 x 5 font of digits (and ' ', '-', '+') for numbers that must fit beside a picture.

Same layout as glyph_font: 3 column bytes per character, bit 0 = top row.
"""

WIDTH = 3
HEIGHT = 5
CHARS = "0123456789 -+"

DATA = (
    b"\x1f\x11\x1f"  # 0  ### #.# #.# #.# ###
    b"\x12\x1f\x10"  # 1  .#. ##. .#. .#. ###
    b"\x1d\x15\x17"  # 2  ### ..# ### #.. ###
    b"\x15\x15\x1f"  # 3  ### ..# ### ..# ###
    b"\x07\x04\x1f"  # 4  #.# #.# ### ..# ..#
    b"\x17\x15\x1d"  # 5  ### #.. ### ..# ###
    b"\x1f\x15\x1d"  # 6  ### #.. ### #.# ###
    b"\x01\x01\x1f"  # 7  ### ..# ..# ..# ..#
    b"\x1f\x15\x1f"  # 8  ### #.# ### #.# ###
    b"\x17\x15\x1f"  # 9  ### #.# ### ..# ###
    b"\x00\x00\x00"  # ' '
    b"\x04\x04\x04"  # -  ... ... ### ... ...
    b"\x04\x0e\x04"  # +  ... .#. ### .#. ...
)
