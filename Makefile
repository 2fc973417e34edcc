# `make run` and `make test` work on a fresh machine: each creates .venv and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck format bench clean

$(STAMP): pyproject.toml constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

lint: $(STAMP)
	$(BIN)/ruff check bot cogs tests benchmarks
	$(BIN)/ruff format --check bot cogs tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict bot cogs

test: lint typecheck
	$(BIN)/python -m pytest -q

format: $(STAMP)
	$(BIN)/ruff format bot cogs tests benchmarks
	$(BIN)/ruff check --fix bot cogs tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/chat_rule.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
