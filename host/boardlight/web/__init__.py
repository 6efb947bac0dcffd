"""Each player's phone as a private screen: the web pages of the game being played.

    table = Table(session)                      # boardlight.sessions.table
    with WebServer(table) as server:            # 127.0.0.1, any free port
        for label, url in server.links(): ...   # one page per seat, one for spectators

The pages (web.pages, one module per game) are drawn from the core's own views of each
seat; moves from a page go through the table, like the terminal's. docs/web.md says more.
"""
