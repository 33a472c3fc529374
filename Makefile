# The front door: `make run` starts the product on a fresh machine, `make test` runs every suite.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
MANAGE := $(PY) manage.py
IDENTITY := DJANGO_SETTINGS_MODULE=config.identity_settings $(PY) manage.py
DEMO_PASSWORD ?= demo-password
# Demo shipments `make run` loads (generated, marked as demo data).
DEMO_SHIPMENTS ?= 200000
# Shipments the trade-data benchmark loads into its own database, and that database.
BENCH_SHIPMENTS ?= 100000
BENCH_DATABASE_URL ?= sqlite:///$(CURDIR)/var/bench.sqlite3
# The index the trade-data benchmark searches: duckdb, or clickhouse (chDB in process unless
# TRADE_INDEX_URL names a server).
TRADE_INDEX ?= duckdb
# The sanctions lists the repository ships (OFAC SDN and Consolidated, UN Consolidated).
SANCTIONS_FILES := $(wildcard apps/verification/data/sanctions/*.gz)
# Generated companies and people the lead-sourcing benchmark loads into that database.
BENCH_COMPANIES ?= 20000
BENCH_PEOPLE ?= 100000
export DEMO_PASSWORD

.PHONY: run dev test test-python test-frontend test-e2e lint typecheck install build migrate seed guides bench chromium pango types clean mutation

# The steps after the build run in one process per server, the two side by side: starting
# Django costs seconds on a busy machine, and each step does only what is missing (migrations
# not applied, the provider's clients and demo users, the demo shipments and their index, the
# demo buyers of importers without one, the sanctions lists when none is loaded, the guides
# when missing), so a warm start with nothing changed pays two start-ups, not seven.
run: install build pango
	@$(IDENTITY) bootstrap_identity --migrate --demo-users & identity=$$!; \
	  $(MANAGE) run_steps "migrate --noinput --verbosity 0" \
	    "seed_demo --shipments $(DEMO_SHIPMENTS)" seed_demo_leads \
	    "import_sanctions --if-empty --no-progress $(SANCTIONS_FILES)" \
	    "build_user_guides --if-missing"; status=$$?; wait $$identity && exit $$status
	@bin/serve

dev: install migrate seed guides
	@DEBUG=true WHITENOISE_USE_FINDERS=true npx webpack --mode development --watch & \
	  DJANGO_SETTINGS_MODULE=config.identity_settings $(VENV)/bin/gunicorn config.identity_wsgi:application \
	    --bind 127.0.0.1:$${IDENTITY_PORT:-$$(( $${PORT:-8000} + 1 ))} --threads 4 & \
	  { $(MANAGE) sweep_phone_lookups && $(MANAGE) db_worker --no-reload; } & \
	  DEBUG=true WHITENOISE_USE_FINDERS=true PAYMENTS_SANDBOX=$${PAYMENTS_SANDBOX:-on} $(MANAGE) runserver 127.0.0.1:$${PORT:-8000}; \
	  kill $$(jobs -p) 2>/dev/null

install: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt requirements-dev.txt requirements-chdb.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PIP) install --quiet --disable-pip-version-check --no-deps -r requirements-chdb.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# collectstatic copies the bundles and the packages' files only when they changed: a warm
# `make run` with nothing changed skips it.
build: staticfiles/.collected

# The bundles are named by webpack-stats.json (a build replaces them), the other static files
# by themselves.
staticfiles/.collected: webpack-stats.json $(VENV)/.installed $(shell find static -path static/bundles -prune -o -type f -print 2>/dev/null)
	$(MANAGE) collectstatic --noinput --verbosity 0
	touch $@

webpack-stats.json: node_modules/.installed webpack.config.js tsconfig.json $(shell find assets -type f)
	npm run --silent build

migrate: $(VENV)/.installed
	$(MANAGE) migrate --noinput --verbosity 0
	$(IDENTITY) migrate --noinput --verbosity 0

seed: migrate
	$(IDENTITY) bootstrap_identity --demo-users
	$(MANAGE) seed_demo --shipments $(DEMO_SHIPMENTS)
	$(MANAGE) seed_demo_leads
	$(MANAGE) import_sanctions --if-empty --no-progress $(SANCTIONS_FILES)

# The user guide PDFs (var/user-guide/{en,vi,zh}.pdf), built when missing.
guides: install pango
	$(MANAGE) build_user_guides --if-missing

bench: build migrate
	$(PY) bench/pages.py
	$(MANAGE) import_sanctions --if-empty --no-progress $(SANCTIONS_FILES)
	$(PY) bench/sanctions.py
	BENCH_DATABASE_URL=$(BENCH_DATABASE_URL) $(PY) bench/market.py --fresh --shipments $(BENCH_SHIPMENTS) \
	  --index $(TRADE_INDEX)
	BENCH_DATABASE_URL=$(BENCH_DATABASE_URL) $(PY) bench/leads.py --fresh --shipments $(BENCH_SHIPMENTS) \
		--companies $(BENCH_COMPANIES) --people $(BENCH_PEOPLE)
	$(PY) bench/ask_eval.py
	$(PY) bench/lookup_faults.py --database sqlite:///$(CURDIR)/var/lookup-faults.sqlite3

# The frontend's API types, generated from the OpenAPI document (a test fails when they are stale).
types: install
	$(MANAGE) openapi_schema | npx openapi-typescript --output assets/api/schema.gen.ts

chromium:
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# Pango, which WeasyPrint lays the user guide out with (Chromium's package brings it as well).
pango:
	@/sbin/ldconfig -p | grep -q libpangoft2-1.0.so.0 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpango-1.0-0 libpangoft2-1.0-0; }

test: install build chromium pango lint typecheck test-frontend test-python

test-python:
	$(VENV)/bin/pytest --ds=config.identity_settings apps/identity
	$(VENV)/bin/pytest --ignore=apps/identity

test-frontend: node_modules/.installed
	npm test --silent

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	npm run --silent lint
	$(MANAGE) makemigrations --check --dry-run --verbosity 0
	$(IDENTITY) makemigrations --check --dry-run --verbosity 0

typecheck: install
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --config-file apps/identity/mypy.ini
	npm run --silent typecheck

# Mutation testing of the money and search code with the tests that cover them (slow; not part
# of `make test`): mutmut (settings in pyproject.toml) copies the project into mutants/, then
# bin/mutation-summary prints the killed share per module. One module at a time:
#   make mutation MUTANTS='apps.billing.services.ledger*'
# or the search's: MUTANTS='apps.market.filters*', MUTANTS='apps.market.index.*' (the search
# conditions, the index's queries, its roll-ups and the paging of the shipment list).
# On PostgreSQL (DATABASE_URL) the lock tests of billing run too. Named mutants run again even
# when judged already; without MUTANTS only the mutants not judged yet run. Each mutant's test
# session starts from a copy of the SQLite database the first session migrated
# (mutants/var/test-template-*): delete mutants/ after editing a migration. On a busy machine:
#   make mutation MUTATION_CHILDREN=1
MUTANTS ?=
MUTATION_CHILDREN ?= 2
mutation: install
	$(VENV)/bin/mutmut run --max-children $(MUTATION_CHILDREN) $(MUTANTS)
	$(PY) bin/mutation-summary

clean:
	rm -rf mutants static/bundles staticfiles webpack-stats.json node_modules/.installed $(VENV)/.installed
