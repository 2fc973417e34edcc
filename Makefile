# `make run` and `make test` work on a fresh machine: each creates .venv and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run playground test lint typecheck format bench clean browser postgres wordlists activity screenshots emoji-font

$(STAMP): pyproject.toml constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev]'
	@touch $(STAMP)

# The Activity's page (web/activity: the Embedded App SDK and esbuild from npm), built into web/activity/dist when
# missing or older than its sources. Without Node.js the bot still runs; the Activity's page says it is not built.
ACTIVITY_PAGE := web/activity/dist/index.html
ACTIVITY_SOURCES := web/activity/package.json web/activity/package-lock.json web/activity/build.mjs $(wildcard web/activity/src/*)

$(ACTIVITY_PAGE): $(ACTIVITY_SOURCES)
	@if command -v npm >/dev/null 2>&1; then \
	  cd web/activity && npm ci --no-audit --no-fund --loglevel=error && node build.mjs; \
	else \
	  echo "Node.js and npm are missing: the Activity's page is not built (the bot runs without it)"; \
	fi

activity: $(ACTIVITY_PAGE)

# With DISCORD_TOKEN: the bot on Discord. Without: the playground (a local Discord in the browser).
run: $(STAMP) $(ACTIVITY_PAGE)
	$(BIN)/python -m bot

# The playground even when a token is set (its own database: data/playground.sqlite3).
playground: $(STAMP) $(ACTIVITY_PAGE)
	$(BIN)/python -m bot --playground

# The browser tests use Debian's chromium (Playwright's own download is not needed). Installed when missing and
# running as root; otherwise those tests are skipped and say how to install it.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "chromium is missing: the browser tests will be skipped (sudo apt-get install chromium)"; \
	  fi; }

# The PostgreSQL tests start throwaway servers of their own with the binaries (initdb, pg_ctl, postgres); they never
# touch a system cluster. Installed when missing and running as root; otherwise those tests are skipped and say so.
postgres:
	@{ command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; } || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else \
	    echo "PostgreSQL is missing: the PostgreSQL tests will be skipped (sudo apt-get install postgresql)"; \
	  fi; }

# The chat rule's test that no real word is taken for a misspelt number reads Debian's English, French and German
# word lists (docs/chat-rule.md). Installed when missing and running as root; otherwise, or when apt cannot reach
# its mirror, that test is skipped: the suite does not fail for want of them.
WORD_LISTS := /usr/share/dict/american-english /usr/share/dict/british-english /usr/share/dict/french /usr/share/dict/ngerman
wordlists:
	@ls $(WORD_LISTS) >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wamerican wbritish wfrench wngerman >/dev/null; } \
	      || echo "Could not install the word lists: one chat-rule test will be skipped"; \
	  else \
	    echo "Word lists are missing: one chat-rule test will be skipped (sudo apt-get install wamerican wbritish wfrench wngerman)"; \
	  fi; }

lint: $(STAMP)
	$(BIN)/ruff check bot cogs tests benchmarks tools
	$(BIN)/ruff format --check bot cogs tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy --strict bot cogs tools benchmarks

# The suite runs on every core (pytest-xdist): each test has its own emulator, port and database.
test: lint typecheck browser postgres wordlists $(ACTIVITY_PAGE)
	$(BIN)/python -m pytest -q -n auto

format: $(STAMP)
	$(BIN)/ruff format bot cogs tests benchmarks tools
	$(BIN)/ruff check --fix bot cogs tests benchmarks tools

# The docs' pictures (docs/screenshots/ and docs/playground.png): every game played in the playground, at phone width,
# in Debian's chromium, on fixed deals. Fails, listing them, when a French or German server shows English words.
# `$(BIN)/python -m tools.screenshots --all` plays every game in every language into test-artifacts/ for review.
screenshots: $(STAMP) browser emoji-font
	$(BIN)/python -m tools.screenshots

# The pictures show the bot's emojis (🟢, 💡, 🤖...) as Discord does: Chromium needs a colour emoji font for them.
emoji-font:
	@fc-list 2>/dev/null | grep -qi "color emoji" || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-color-emoji >/dev/null; \
	  else \
	    echo "No colour emoji font: the screenshots will show boxes (sudo apt-get install fonts-noto-color-emoji)"; \
	  fi; }

# Every figure of the README's benchmark table (each script prints its own; some take minutes).
bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/chat_rule.py
	$(BIN)/python benchmarks/hearts.py
	$(BIN)/python benchmarks/barbu.py
	$(BIN)/python benchmarks/crapette.py
	$(BIN)/python benchmarks/klondike.py
	$(BIN)/python benchmarks/render.py
	$(BIN)/python benchmarks/thegame_board.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
