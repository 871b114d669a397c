# Two commands do all the set-up: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $(STAMP)

.PHONY: install demo test eval bench
install: $(STAMP)

demo: $(STAMP)
	$(BIN)/newsprism analyze examples/aleppo-2016-12-14/
	@mkdir -p build
	@$(BIN)/newsprism analyze examples/aleppo-2016-12-14/ --format html -o build/aleppo-2016-12-14.html 2>/dev/null
	@echo "The full report, with the articles side by side: open $(CURDIR)/build/aleppo-2016-12-14.html in a browser"

test: $(STAMP)
	$(BIN)/python -m pytest -q -rs

eval: $(STAMP)
	$(BIN)/newsprism eval

bench: $(STAMP)
	$(BIN)/python bench/bench_analyze.py
