# Vanlexis: the two commands that matter are `make play` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: play test quick runtime lint typecheck unit browser js lexicon bench clean synth deploy fuzz audit stress lock destroy placements

$(STAMP): pyproject.toml requirements/dev.lock
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/dev.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@touch $(STAMP)

## The build tools from the npm registry, as locked: the CDK command line, Pyodide and
## TypeScript (the client's type check).
NODE_STAMP := node_modules/.installed-stamp
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $(NODE_STAMP)

## Set up and start the game locally.
play: $(STAMP)
	$(BIN)/python -m infra.local $(PLAY_ARGS)

## Set up and run every check and test.
test: lint typecheck js browser unit runtime

## The fast loop while working (~3 min, no npm, no browser): lint, types, the engine's and the
## routes' tests.
quick: lint typecheck
	$(BIN)/pytest -q tests/unit tests/functional

## The browser tests drive Debian's Chromium: install it when it is missing and we can.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Chromium for the browser tests (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "note: no Chromium and no root apt-get: the browser tests will be skipped"; fi; }

## The browser client: its headless store with node's built-in test runner, and its type check
## (TypeScript over the JSDoc types and the protocol's generated ones; nothing is emitted).
js: $(NODE_STAMP)
	node --test tests/js/
	node_modules/.bin/tsc --noEmit -p frontend

## The unit suites again on CPython 3.14, the functions' Python (Pyodide in node; ~3 min).
runtime: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m tests.runtime

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine functions infra

unit: $(STAMP) $(NODE_STAMP)
	$(BIN)/pytest

## Rebuild the lexicon artifact from the pinned dictionary (needs npm; ~3 minutes).
lexicon: $(STAMP)
	$(BIN)/python -m tools.lexicon_build

## Synthesize the CloudFormation template into cdk.out/ (offline; builds the Lambda code).
CDK := PATH="$(CURDIR)/$(BIN):$$PATH" JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION=1 node_modules/.bin/cdk
synth: $(STAMP) $(NODE_STAMP)
	$(CDK) synth --quiet

## Deploy to the AWS account of your credentials: make deploy CDK_ARGS="-c account=… -c region=…"
deploy: $(STAMP) $(NODE_STAMP)
	$(CDK) deploy $(CDK_ARGS)

## Delete a deployed stack (its table and site buckets are kept: docs/operations.md).
destroy: $(STAMP) $(NODE_STAMP)
	$(CDK) destroy $(CDK_ARGS)

## The nightly-sized protocol fuzzing (20,000 cases; make test runs 300).
fuzz: $(STAMP)
	VANLEXIS_FUZZ_EXAMPLES=20000 $(BIN)/pytest -q tests/fuzz

## Count every legal placement of the counted positions by brute force, independently of the
## move generator, and rewrite tests/golden/placements.txt (~1 min; review the diff).
placements: $(STAMP)
	$(BIN)/python -m tests.brute_placements

## Conflicting commands, repeats, drops, crashes and timers on the local stack (~5 min).
stress: $(STAMP)
	$(BIN)/python -m bench.stress

## Known vulnerabilities in the installed dependencies (needs the PyPI advisory database).
audit: $(STAMP)
	$(BIN)/python -m pip install --quiet pip-audit
	$(BIN)/pip-audit

## Print the benchmark figures.
bench: $(STAMP)
	$(BIN)/python -m bench.lexicon
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.movegen
	$(BIN)/python -m bench.review
	$(BIN)/python -m bench.handlers
	$(BIN)/python -m bench.paced
	$(BIN)/python -m bench.flood

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis test-artifacts cdk.out

## Resolve the dependencies again and rewrite both lock files (needs PyPI): the tests' and the
## functions' (the same versions, for Python $(LAMBDA_PYTHON) on Lambda).
LAMBDA_PYTHON := 3.14
lock: $(STAMP)
	$(BIN)/python -m pip install --quiet uv==0.13.9
	$(BIN)/uv pip compile pyproject.toml --extra dev --universal --generate-hashes \
	  --python-version 3.11 --no-header -q -o requirements/dev.lock
	$(BIN)/uv pip compile pyproject.toml --universal --generate-hashes \
	  --python-version $(LAMBDA_PYTHON) --no-header -q -c requirements/dev.lock \
	  -o requirements/lambda.lock
