# Every target documents itself: `make help` lists them.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.deps-installed
export CARGO_TERM_COLOR ?= never

.DEFAULT_GOAL := help

.PHONY: help
help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  %-12s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml requirements/test.txt requirements/adapters.txt requirements/train.txt requirements/serve.txt
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -r requirements/test.txt -r requirements/adapters.txt -r requirements/train.txt -r requirements/serve.txt
	touch $(STAMP)

.PHONY: venv
venv: $(STAMP) ## Create .venv with the Python tools the project uses

.PHONY: build
build: venv ## Build the extension (release) into .venv
	VIRTUAL_ENV=$(abspath $(VENV)) PATH=$(abspath $(VENV))/bin:$$PATH $(VENV)/bin/maturin develop --release --locked --quiet

.PHONY: wheel
wheel: venv ## Build the abi3 manylinux wheel (one for every Python >= 3.11) into dist/: pip install it anywhere, no Rust needed
	VIRTUAL_ENV=$(abspath $(VENV)) PATH=$(abspath $(VENV))/bin:$$PATH $(VENV)/bin/maturin build --release --locked --out dist
	@ls -1 dist/salon-*.whl

.PHONY: demo
demo: build ## The main job: an arena of the strongest bots on every game; records and an HTML viewer in replays/
	$(PY) -m salon arena --all-games --bots mcts:200,greedy --games 4 --jobs 2 --out replays --html replays/game.html --html-game colors_of_paris

SERVE_HOST ?= 127.0.0.1
SERVE_PORT ?= 8000
.PHONY: serve
serve: build ## Play in the browser: the local web app on SERVE_HOST:SERVE_PORT (default 127.0.0.1:8000)
	$(PY) -m salon serve --host $(SERVE_HOST) --port $(SERVE_PORT)

.PHONY: test
test: build ## Every test: Rust (nextest), Python (pytest, benchmarks run once), browser, types and stubs, fuzzing
	$(MAKE) test-rust
	$(MAKE) test-python
	$(MAKE) train-smoke
	$(MAKE) test-browser
	$(MAKE) typecheck
	$(MAKE) fuzz

.PHONY: test-rust
test-rust: ## Rust unit, conformance and scenario tests of the core and every game
	@if cargo nextest --version >/dev/null 2>&1; then \
		cargo nextest run --workspace --exclude salon-python --cargo-profile test-fast --locked; \
	else \
		cargo test --workspace --exclude salon-python --profile test-fast --locked; \
	fi

.PHONY: test-python
test-python: build ## Python tests, and the benchmarks run once each with timing disabled
	$(PY) -m pytest -q --benchmark-disable --ignore=tests/browser --ignore=tests/learning/test_alphazero_example.py

.PHONY: train-smoke
train-smoke: build ## The AlphaZero example at toy scale (one short iteration, then a resumed one), as CI runs it
	$(PY) -m pytest -q tests/learning/test_alphazero_example.py

TRAIN_GAME ?= azul_sintra
PLAYERS ?= 2
AGENT_HOURS ?=
# The recipe of the shipped networks' runs, for a game and player count that has no card yet
# (a card's own command, which may differ, is used where salon ships a network).
AGENT_FLAGS ?= --games-per-iteration 128 --parallel 128 --simulations 64 --policy gumbel --threads 1 \
	--hidden 256 --layers 2 --train-steps 90 --buffer 500000 --value-mix 0.5 --eval-games 20 \
	--eval-every 1000 --eval-mcts-simulations 1000 --seed 5
.PHONY: agents
agents: build ## Retrain the shipped network of GAME at PLAYERS players with its model card's command, as many iterations as the card (runs/GAME-PLAYERSp, resumable; AGENT_HOURS caps one run)
	$(PY) scripts/retrain_agent.py "$(GAME)" $(PLAYERS) $(if $(AGENT_HOURS),--hours $(AGENT_HOURS)) --default-flags "$(AGENT_FLAGS)"
