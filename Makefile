# Two commands do all the set-up: `make demo` and `make test`.
#   make test    the fast suite (everything but the full evaluation), then `make lint`
#   make lint    ruff, mypy against its baseline, the generated CLI reference is current
#   make eval    the full evaluation on ../shared and the quality gate (slow)
#   make ci      what CI runs (.ci/run): test (with lint), eval
#   make docs    regenerate docs/cli.md's reference from `--help` (after changing a command in cli/)
#   make lock    rewrite constraints.txt, the exact tested versions every install uses
#                (pyproject.toml keeps compatible ranges for people installing newsprism)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e ".[test,eval]"
	touch $(STAMP)

.PHONY: install demo test test-all lint eval ci docs snapshot mypy-baseline bench lock
install: $(STAMP)

demo: $(STAMP)
	$(BIN)/newsprism analyze examples/aleppo-2016-12-14/
	@mkdir -p build
	@$(BIN)/newsprism analyze examples/aleppo-2016-12-14/ --format html -o build/aleppo-2016-12-14.html 2>/dev/null
	@echo "The full report, with the articles side by side: open $(CURDIR)/build/aleppo-2016-12-14.html in a browser"

# the fast suite, then the checks CI runs (a red `make lint` is a red CI)
test: $(STAMP)
	$(BIN)/python -m pytest -q -rs -m "not slow"
	$(MAKE) --no-print-directory lint

# the fast suite and the slow tests (the quality gate as a test)
test-all: $(STAMP)
	$(BIN)/python -m pytest -q -rs

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python scripts/mypy_ratchet.py
	$(BIN)/cog --check -I scripts docs/cli.md

eval: $(STAMP)
	$(BIN)/newsprism eval

ci: test eval

docs: $(STAMP)
	$(BIN)/cog -r -I scripts docs/cli.md

snapshot: $(STAMP)
	NEWSPRISM_UPDATE_SNAPSHOT=1 $(BIN)/python -m pytest -q tests/test_contract.py

mypy-baseline: $(STAMP)
	$(BIN)/python scripts/mypy_ratchet.py --update

bench: $(STAMP)
	$(BIN)/python bench/bench_analyze.py

lock: $(STAMP)
	( echo "# The exact versions newsprism is tested with (make lock); every make install uses them."; \
	  $(BIN)/python -m pip freeze --exclude-editable | grep -v '^newsprism' ) > constraints.txt
