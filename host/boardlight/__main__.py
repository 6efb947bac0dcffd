"""`python -m boardlight`: the same command line as the `boardlight` program."""

import sys

from boardlight.cli import main

sys.exit(main())
