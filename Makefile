# SquareScores: `make run` serves the app on the LAN, `make test` runs every test.
VENV    := .venv
PYTHON  := $(VENV)/bin/python
PORT    ?= 8000
export FLASK_APP := app:create_app

# The pages' languages (SPEC section 5). Each language's catalog (a .po file) is kept in the
# repository; its compiled .mo is made from it here, before `run` and the tests, whenever the .po
# is newer. `make catalogs` extracts the messages from the code (app/translations/messages.pot)
# and brings each catalog up to date; `make translations` compiles them.
LANGUAGES := de ar
POT       := app/translations/messages.pot
CATALOGS  := $(foreach lang,$(LANGUAGES),app/translations/$(lang)/LC_MESSAGES/messages.po)
COMPILED  := $(CATALOGS:.po=.mo)
# What marks a message: gettext's own words, Flask-Babel's lazy ones (forms: `_l`), and what the
# engines and services say (app/games/say.py). tests/i18n reads this line.
KEYWORDS  := -k Say -k many:1,2 -k _l -k lazy_gettext -k lazy_ngettext:1,2 -k lazy_pgettext:1c,2

.PHONY: run https test check js lint test-postgres test-image image bench bench-live crashtest migrate clean catalogs
.PHONY: translations

# The app's packages (requirements.txt, all the image has) and the tests' and linters' beside them.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# What `make run` and `make https` say, and how they start: the schema brought up to date, then
# the address each phone on the network should open (for each of the machine's IPv4 addresses).
define announce
	$(VENV)/bin/flask db upgrade
	@echo ""
	@echo "SquareScores is up. On a phone on this network, open:"
	@for ip in $$( (hostname -I 2>/dev/null || echo 127.0.0.1) | tr ' ' '\n' | grep -F .); do \
		echo "    $(1)://$$ip:$(2)/"; done
	@echo ""
endef
GUNICORN := $(VENV)/bin/gunicorn --config gunicorn.conf.py "app:create_app()"

run: $(VENV)/.installed $(COMPILED)
	$(call announce,http,$(PORT))
	PORT=$(PORT) $(GUNICORN)

# HTTPS (SPEC section 9): Caddy (deploy/Caddyfile, Debian's `caddy`) in front of the same gunicorn,
# which then listens on loopback only and believes Caddy's X-Forwarded-* (TRUSTED_PROXIES=1). By
# default certificates come from Caddy's own local authority, kept in instance/caddy/; each phone
# trusts its root once (docs/deploying.md). SITE=scores.example.org TLS=you@example.org
# HTTPS_PORT=443 HTTP_PORT=80 make https: certificates from Let's Encrypt for a public domain.
# Ctrl-C stops both; so does Caddy's own end (a port taken, say), which stops gunicorn after it.
SITE       ?= $(shell hostname -I 2>/dev/null | tr ' ' '\n' | grep -F . | head -1 || echo localhost)
TLS        ?= internal
HTTPS_PORT ?= 8443
HTTP_PORT  ?= 8080
CADDY_HOME := $(CURDIR)/instance/caddy
https: $(VENV)/.installed $(COMPILED)
	@command -v caddy >/dev/null || { echo "make https needs Caddy: apt-get install caddy"; exit 1; }
	$(call announce,https,$(HTTPS_PORT))
	@echo "The local authority's certificate, for phones to trust: http://$(SITE):$(HTTP_PORT)/root.crt"
	@echo ""
	@# Each lives only as long as the other: a gunicorn that cannot take its port (another app
	@# there) must not leave Caddy serving that other app over HTTPS to the phones. Ctrl-C stops both.
	BIND=127.0.0.1:$(PORT) TRUSTED_PROXIES=1 PUBLIC_URL=https://$(SITE):$(HTTPS_PORT) \
		$(GUNICORN) & app=$$!; \
	SITE=$(SITE) TLS=$(TLS) HTTPS_PORT=$(HTTPS_PORT) HTTP_PORT=$(HTTP_PORT) \
		UPSTREAM=127.0.0.1:$(PORT) CA_DIR=$(CADDY_HOME)/data/caddy/pki/authorities/local \
		XDG_DATA_HOME=$(CADDY_HOME)/data XDG_CONFIG_HOME=$(CADDY_HOME)/config \
		caddy run --config deploy/Caddyfile --adapter caddyfile & proxy=$$!; \
	trap 'kill $$app $$proxy 2>/dev/null' INT TERM; \
	while kill -0 $$app 2>/dev/null && kill -0 $$proxy 2>/dev/null; do sleep 1; done; \
	kill $$app $$proxy 2>/dev/null; wait $$app; wait $$proxy; \
	echo "SquareScores over HTTPS has stopped (if you did not stop it: see the messages above;" \
		"another program on port $(PORT), $(HTTPS_PORT) or $(HTTP_PORT)? PORT=, HTTPS_PORT= and HTTP_PORT= choose others)."

# The slowest tests are named at the end, so that a test growing slow is seen where it grows.
DURATIONS := --durations=15

# On both cores (pytest-xdist): the browser, look, live and fuzz tests each keep to one worker,
# one kind at a time, while the other workers take the rest (tests/conftest.py). `make test` runs
# three workers on the two cores: a live test spends much of its time waiting on its servers'
# deadlines, and a third worker fills those waits (6 min 37 s against 7 min 15 s with two,
# docs/testing.md); the fast layer is Python alone, and runs two. `WORKERS=0` runs serially.
test: WORKERS ?= 3
check: WORKERS ?= 2
# Each process compiles the app's modules and the rewritten tests once, and the next reads them
# (the tests start a hundred servers and three workers): kept as .pyc whatever the shell says.
test: export PYTHONDONTWRITEBYTECODE :=
test: lint js $(COMPILED)
	$(PYTHON) -m pytest -n $(WORKERS) --dist loadgroup -m "not image" $(DURATIONS)

# The fast layer, the one to run while working: lint and types, then the rules, the services, the
# API and the pages through Flask's test client (everything but a real browser, a real gunicorn,
# the look checks and the contract's fuzzing, which `make test` adds).
FAST := not browser and not live and not look and not fuzz and not image
check: export PYTHONDONTWRITEBYTECODE :=
check: lint js $(COMPILED)
	$(PYTHON) -m pytest -n $(WORKERS) -m "$(FAST)" $(DURATIONS)

# The pages' pure JavaScript (app/static's ES modules: sums, answers, the outbox, words, times),
# by Node's own test runner, no browser and no build step (tests/js/).
js:
	@command -v node >/dev/null || { echo "The pages' JavaScript is tested by Node: apt-get install nodejs"; exit 1; }
	@node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' \
		|| { echo "The pages' JavaScript is tested by Node 20.19 or later (ES modules without a package.json): this is $$(node --version)"; exit 1; }
	node --test tests/js/

# Lint (ruff: pyflakes, pycodestyle, import order, bugbear, pyupgrade) and types (mypy, strict on
# the engines, services and pages), as pyproject.toml sets them; `make test` runs this first.
lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# What depends on the database, again on PostgreSQL (.ci/run starts one on loopback with this
# role and database). Left out, since `make test` already ran them and they would only run the
# same again: the engines' and the arithmetic's tests (no_database: they touch none), and the
# live and crash tests (live: the gunicorn they start runs on a SQLite file of its own), all but
# those that need servers sharing this PostgreSQL (live_postgres: LISTEN/NOTIFY between them),
# and the checks of how pages look and read (look: axe-core and screenshots see the same pages).
# One worker: every test makes its tables anew in the one database.
PG_TEST_URL ?= postgresql+psycopg://squarescores:squarescores@127.0.0.1/squarescores_test
test-postgres: $(VENV)/.installed $(COMPILED)
	TEST_DATABASE_URL=$(PG_TEST_URL) $(PYTHON) -m pytest $(DURATIONS) \
		-m "not no_database and not look and not image and (not live or live_postgres)"

# The container image (SPEC section 15, Dockerfile): podman's, else docker's. BASE names the Debian
# it starts from; VERSION, SOURCE and LICENSES go into its OCI labels. With podman the machine's CA
# bundle is lent to the build, for a proxy that inspects TLS (pip trusts it).
ENGINE   ?= $(shell command -v podman >/dev/null && echo podman || echo docker)
IMAGE    ?= localhost/squarescores:latest
BASE     ?= debian:bookworm-slim
VERSION  ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
SOURCE   ?= $(shell git remote get-url origin 2>/dev/null)
LICENSES ?=
# podman's own format is OCI's, which has no HEALTHCHECK: it is told Docker's.
CA_BUNDLE := /etc/ssl/certs/ca-certificates.crt
PODMAN_BUILD := --format docker $(if $(wildcard $(CA_BUNDLE)),-v $(CA_BUNDLE):$(CA_BUNDLE):ro)
image:
	$(ENGINE) build $(if $(findstring podman,$(ENGINE)),$(PODMAN_BUILD)) \
		--build-arg BASE=$(BASE) --build-arg VERSION="$(VERSION)" \
		--build-arg SOURCE="$(SOURCE)" --build-arg LICENSES="$(LICENSES)" -t $(IMAGE) .

# The image built and run with podman: tests/image/ (a few minutes: docs/testing.md). Not part of
# `make test`; .ci/run runs it after.
test-image: $(VENV)/.installed
	$(PYTHON) -m pytest -m image $(DURATIONS) tests/image

# Throughput and latency under load, as ratios to a one-row request; then live push: PHONES
# holding event streams while hosts write, beside 1,000 phones polling; then a group's bank of
# 1,000 matches (tests/perf/bank_bench.py); then ratings of a bank of 10,000 matches and the
# result card (tests/perf/skill_bench.py); then a game night: its seating, pairs seated together
# again against the fewest possible, and seated by standings (tests/perf/seating_bench.py), and
# eight tables playing with the big screen following (tests/perf/night_bench.py); then a season
# over 10,000 banked matches (tests/perf/season_bench.py). Not part of `make test`.
# `make bench-live PHONES=2000` runs only the live push part.
PHONES ?= 5000
bench: $(VENV)/.installed
	$(PYTHON) tests/perf/bench.py --phones $(PHONES)
	$(PYTHON) tests/perf/bank_bench.py
	$(PYTHON) tests/perf/skill_bench.py
	$(PYTHON) tests/perf/seating_bench.py
	$(PYTHON) tests/perf/night_bench.py
	$(PYTHON) tests/perf/season_bench.py
	$(PYTHON) tests/perf/notify_bench.py
	$(PYTHON) tests/perf/plays_bench.py

bench-live: $(VENV)/.installed
	$(PYTHON) tests/perf/bench.py --sections live,poll --phones $(PHONES)

# gunicorn killed (-9) ten times under writers: nothing answered may be lost.
crashtest: $(VENV)/.installed $(COMPILED)
	$(PYTHON) tests/perf/crash.py --kills 10

# After changing app/models/: generate a migration, then read it before committing.
migrate: $(VENV)/.installed
	$(VENV)/bin/flask db migrate -m "$(m)"

catalogs: $(VENV)/.installed
	$(VENV)/bin/pybabel extract -F babel.cfg $(KEYWORDS) --no-wrap --project SquareScores \
		-o $(POT) .
	for lang in $(LANGUAGES); do $(VENV)/bin/pybabel update -i $(POT) -d app/translations \
		-l $$lang --no-wrap --no-fuzzy-matching --ignore-obsolete || exit 1; done

translations: $(COMPILED)

app/translations/%/LC_MESSAGES/messages.mo: app/translations/%/LC_MESSAGES/messages.po \
		| $(VENV)/.installed
	$(VENV)/bin/pybabel compile -l $* -i $< -o $@

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
