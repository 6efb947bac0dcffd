# Runs at boot (on a board, and on the virtual board's unix port): start the app.
import app

app.main()
