"""A club's league: tables that push their games to one server, tournaments paired on it,
live standings for everybody (docs/league.md).

- `db` and `schema`: the league's database, PostgreSQL or one SQLite file.
- `service`: the league itself (tables, tournaments, rounds, pushes), one transaction a call.
- `push`: what a push holds and how it is checked (the chain, then the rules core, `replay`).
- `tournament`: pairings and standings, pure functions of the entrants and the results.
- `app`, `pages`, `server`: the web app, its pages, and `boardlight league serve`.
- `client` and `outbox`: a table's side, offline first (its game log is the outbox).
- `rankings`: the club rankings across seasons (stats.ratings over the league's games).
- `tokens`: the director's and the tables' tokens.
"""
