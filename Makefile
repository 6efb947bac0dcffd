# Two entry points for a fresh clone: `make play` and `make test`.
# Both create (once) and reuse the virtual environment in .venv.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
GAME   ?= fits
ARGS   ?=

.PHONY: play test test-fast bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==25.3
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/boardlight play $(GAME) $(ARGS)

test: $(STAMP)
	$(BIN)/pytest $(ARGS)

# Everything but the MicroPython, virtual-board, table-UI (pilot), browser and many-process
# layers, and the wheel install: under a minute, for the edit-test loop. CI runs `make test`.
test-fast: $(STAMP)
	$(BIN)/pytest -m "not micropython and not vboard and not pilot and not browser and not processes and not slow" $(ARGS)

# Every benchmark prints its figures; *_worker.py files are run by the benchmarks themselves.
bench: $(STAMP)
	for b in $(filter-out %_worker.py,$(wildcard bench/*.py)); do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
