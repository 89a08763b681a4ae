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
TRAIN_HOURS ?= 2
# The settings of the strength runs in docs/learning.md.
TRAIN_FLAGS ?= --games-per-iteration 128 --parallel 128 --simulations 64 --hidden 256 --buffer 500000 \
	--reuse 2 --eval-games 20 --eval-every 6
.PHONY: train-example
train-example: build ## Train the AlphaZero example on TRAIN_GAME for TRAIN_HOURS with TRAIN_FLAGS (runs/alphazero-<game>/, resumable)
	OPENBLAS_NUM_THREADS=1 $(PY) examples/alphazero.py --game $(TRAIN_GAME) --hours $(TRAIN_HOURS) \
		$(TRAIN_FLAGS) --out runs/alphazero-$(TRAIN_GAME) --resume

.PHONY: browser
browser: venv ## Install chromium (apt) and playwright (pip) for the browser tests, idempotently
	scripts/install-browser.sh $(VENV)

.PHONY: test-browser
test-browser: build browser ## The HTML replay viewer and `salon serve` clicked through in headless chromium
	SALON_REQUIRE_BROWSER=1 $(PY) -m pytest -q tests/browser

.PHONY: typecheck
typecheck: build ## mypy --strict on the package, and the hand-written .pyi stubs checked against the built module
	$(PY) -m mypy python/salon
	$(PY) -m mypy.stubtest salon._core --allowlist stubtest-allowlist.txt

.PHONY: fuzz
fuzz: ## Every fuzz target of fuzz/ for a bounded time (FUZZ_SECONDS, default 30 each); non-zero on a finding
	scripts/fuzz-ci.sh

.PHONY: long-runs
long-runs: build ## Millions of moves and clones with flat memory, and states on several threads (figures in docs/reliability.md)
	$(PY) benches/long_runs.py

.PHONY: bench
bench: build ## Benchmarks with timings (pytest-benchmark), side by side in one run
	$(PY) -m pytest benches -q --benchmark-only --benchmark-columns=mean,ops,rounds

.PHONY: search-report
search-report: build ## Batched search (BatchedSearch): simulations/s on every game, where the time goes, self-play moves/s (docs/learning.md)
	OPENBLAS_NUM_THREADS=1 $(PY) benches/search_report.py

.PHONY: network-report
network-report: build ## Native networks against the callable path (one root as a bot plays; 256 roots), where the time goes
	OPENBLAS_NUM_THREADS=1 $(PY) benches/network_report.py

GAME ?= azul_sintra
PLAYERS ?= 2
AGENT_HOURS ?=
# The recipe of the shipped networks' runs, for a game and player count that has no card yet
# (a card's own command, which may differ, is used where salon ships a network).
AGENT_FLAGS ?= --games-per-iteration 128 --parallel 128 --simulations 64 --policy gumbel --threads 1 \
	--hidden 256 --layers 2 --train-steps 90 --buffer 500000 --value-mix 0.5 --eval-games 20 \
	--eval-every 1000 --eval-mcts-simulations 1000 --seed 5
# atelier_studio's observation lists the seats in seat order: its value head is one output per seat.
AGENT_FRAME = $(if $(filter atelier_studio,$(GAME)),--value-frame seat)
.PHONY: agents
agents: build ## Retrain the shipped network of GAME at PLAYERS players with its model card's command, as many iterations as the card (runs/GAME-PLAYERSp, resumable; AGENT_HOURS caps one run); installs nothing before its evaluation
	$(PY) scripts/retrain_agent.py "$(GAME)" $(PLAYERS) $(if $(AGENT_HOURS),--hours $(AGENT_HOURS)) --default-flags "$(AGENT_FLAGS) $(AGENT_FRAME)"
	@echo "evaluate runs/$(GAME)-$(PLAYERS)p/network.onnx with salon arena, then install it: python scripts/ship_agent.py runs/$(GAME)-$(PLAYERS)p --evaluation RECORDS (docs/bots.md)"

.PHONY: bench-rust
bench-rust: ## Criterion benchmarks of the core
	cargo bench -p salon-engine --locked

.PHONY: goldens
goldens: build ## Regenerate the golden playthrough files (review the diff before committing)
	$(PY) -m salon.testing.playthrough --write tests/playthroughs

.PHONY: clean
clean: ## Remove build outputs and the virtual environment
	cargo clean
	rm -rf $(VENV) replays
