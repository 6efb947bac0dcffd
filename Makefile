# Two entry points for a fresh clone: `make play` and `make test`.
# Both create (once) and reuse the virtual environment in .venv.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
GAME   ?= fits
ARGS   ?=

# The tests run on every core (pytest-xdist): one worker a core, each test module on one
# worker (--dist loadfile), as a module's tests share its module- and session-scoped
# fixtures (a virtual board, a built wheel) and some of them go on from the state the
# one before left (tests/firmware/test_heap.py: FITS, then Zatre, then Forbes on one board).
XDIST  ?= -n auto --dist loadfile

.PHONY: play test test-fast test-all test-exhaustive bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==25.3
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/boardlight play $(GAME) $(ARGS)

test: $(STAMP)
	$(BIN)/pytest $(XDIST) $(ARGS)

# Everything but the MicroPython, virtual-board, table-UI (pilot), browser and many-process
# layers, and the wheel install: for the edit-test loop. CI runs `make test`.
test-fast: $(STAMP)
	$(BIN)/pytest $(XDIST) -m "not micropython and not vboard and not pilot and not browser and not processes and not slow" $(ARGS)

# `make test` with the tests marked `exhaustive` over every case, not a fixed sample
# (the MemoryError injection at every call of the device's paths).
test-all: $(STAMP)
	$(BIN)/pytest $(XDIST) --exhaustive $(ARGS)

# What test-all adds to test: the exhaustive tests alone (.ci/run, after `make test`).
test-exhaustive: $(STAMP)
	$(BIN)/pytest $(XDIST) --exhaustive -m exhaustive $(ARGS)

# Every benchmark prints its figures; *_worker.py files are run by the benchmarks themselves.
bench: $(STAMP)
	for b in $(filter-out %_worker.py,$(wildcard bench/*.py)); do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
