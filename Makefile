# Two commands do all set-up: `make serve` and `make test`. Both are safe to run twice.
# The interpreter .venv is made from: the system's python3 when it is 3.11 or newer and can make
# a virtualenv, else the first python3 on the PATH. Debian builds its python3 with profile-guided
# optimisation and LTO; a source build without them (pyenv's default) ran the Fantasyland setter
# 22-26% slower here (bench/fantasyland.py, six alternating runs). `make PYTHON=...` overrides it.
SYSTEM_PYTHON := $(shell /usr/bin/python3 -c 'import sys, ensurepip, venv; \
	print(sys.executable if sys.version_info >= (3, 11) else "")' 2>/dev/null)
PYTHON ?= $(or $(SYSTEM_PYTHON),python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test bootstrap bench bundle messages makemessages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# Each language's compiled catalogue (.mo, never committed) is rebuilt when its .po changes.
MESSAGES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))

messages: $(MESSAGES)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po | $(STAMP)
	$(BIN)/python manage.py compilemessages --locale $* --ignore .venv

# The scripts' catalogue (djangojs domain), served at /jsi18n/.
locale/%/LC_MESSAGES/djangojs.mo: locale/%/LC_MESSAGES/djangojs.po | $(STAMP)
	$(BIN)/python manage.py compilemessages --locale $* --ignore .venv

# After changing a marked string: find every string into the .po files, then translate them.
MAKEMESSAGES_ARGS := --all --add-location file --no-obsolete --ignore .venv --ignore bench \
	--ignore scripts --ignore staticfiles --ignore test-artifacts --ignore tests \
	--ignore node_modules --ignore build
makemessages: $(STAMP)
	$(BIN)/python manage.py makemessages $(MAKEMESSAGES_ARGS)
	$(BIN)/python manage.py makemessages -d djangojs $(MAKEMESSAGES_ARGS)

# The phone's offline engine (issue 38): Pyodide from the npm registry, pinned and checked by
# its hash in package-lock.json, and the engine's own files, into build/offline/.
node_modules/.installed: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

bundle: $(STAMP) messages node_modules/.installed
	$(BIN)/python manage.py bundle

bootstrap: $(STAMP) messages bundle
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_rules

serve: bootstrap
	$(BIN)/python manage.py runserver 127.0.0.1:8000

test: $(STAMP) messages bundle
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/bandit -q -r scoring referee -ll
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/evaluator.py
	$(BIN)/python bench/ofc.py
	$(BIN)/python bench/island.py
	$(BIN)/python bench/pineapple.py
	$(BIN)/python bench/fantasyland.py
