"""Display and input drivers for real boards; hw/setup.py picks them from the board config."""
