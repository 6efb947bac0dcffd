"""Display and input drivers for real boards; hw_setup.py picks them from the board config."""
