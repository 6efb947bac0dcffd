"""One module per game or feature: each defines `register(**groups)`, taking what it needs
of cli, play, replay, score, hint (see cli._mount)."""
