# Two entry points for a fresh clone: `make play` and `make test`.
# Both create (once) and reuse the virtual environment in .venv.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
GAME   ?= fits
ARGS   ?=

.PHONY: play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==25.3
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/boardlight play $(GAME) $(ARGS)

test: $(STAMP)
	$(BIN)/pytest $(ARGS)

# Every benchmark prints its figures; *_worker.py files are run by the benchmarks themselves.
bench: $(STAMP)
	for b in $(filter-out %_worker.py,$(wildcard bench/*.py)); do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
