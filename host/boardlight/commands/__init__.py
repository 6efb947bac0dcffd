"""One module per game: each defines `register(play, replay, score, hint)`."""
