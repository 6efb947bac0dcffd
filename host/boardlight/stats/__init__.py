"""Statistics, ratings and game nights, all computed from the game log when asked, so that
an undone game or a changed log never leaves a stale number: load (the finished games'
results), summary (per player and game), ratings (openskill, Plackett-Luce), night (the
standings of a game night), closing (what the table shows when a game ends)."""
