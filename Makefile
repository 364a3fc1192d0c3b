# Every target runs on the Node 24 the project pins (the "node" devDependency), not the machine's Node.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: grant-moderator revoke-moderator start test lint format setup setup-start test-faults install typecheck migrate bench bench-auth bench-listings bench-saved-searches bench-gateway bench-chat bench-first-page clean reset backup restore

start: setup-start install ## the whole product at http://localhost:8080
	tsx scripts/start.ts

test: setup install lint ## the whole suite: lint, type check, then jest on the real PostgreSQL, Redis and RabbitMQ
	bash scripts/test.sh

lint: install ## ESLint (type-aware: promises, React hooks), Prettier's check, knip (dead files, exports, dependencies), the commit messages' form
	eslint --max-warnings 0 .
	prettier --check . --log-level warn
	knip --no-progress --no-config-hints
	bash scripts/check-commits.sh

format: install ## Prettier writes the tree's formatting
	prettier --write . --log-level warn

setup: ## Debian packages the suite needs; PostgreSQL, Redis and RabbitMQ started if they are stopped
	bash scripts/setup.sh --for test

setup-start:
	bash scripts/setup.sh --for start

test-faults: install ## the fault suite at full size, one table (stops/starts the local RabbitMQ and PostgreSQL: run it alone)
	tsx test/faults/run.ts $(ARGS)

install: node_modules/.install-stamp

node_modules/.install-stamp: package.json package-lock.json proto/package.json services/*/package.json gateway/package.json web/package.json testkit/package.json bench/package.json scripts/install.sh
	bash scripts/install.sh
	@touch $@

typecheck: install
	npm run typecheck

migrate: install
	npm run migrate

grant-moderator: install ## PHONE=+1...: make that member a moderator (the API never can)
	@test -n "$(PHONE)" || { echo 'usage: make grant-moderator PHONE=+14085550123'; exit 2; }
	tsx services/auth/src/moderators.ts grant '$(PHONE)'

revoke-moderator: install ## PHONE=+1...: that member is no longer a moderator
	@test -n "$(PHONE)" || { echo 'usage: make revoke-moderator PHONE=+14085550123'; exit 2; }
	tsx services/auth/src/moderators.ts revoke '$(PHONE)'

bench: install ## every performance goal (browse, gateway, search, chat, first page): one table, each figure beside its baseline
	npm run bench -w bench

bench-auth: install ## GET /api/auth/user: direct, through the gateway, through nginx
	npm run bench:auth

bench-listings: install ## GET /api/listings (browse, filters, text search) at 100k listings, with query plans
	npm run bench:listings

bench-saved-searches: install ## a new listing matched against 100,000 saved searches: cost per listing, beside its baselines
	npm run bench:saved-searches

bench-gateway: install ## an uncached path: direct vs the gateway vs nginx
	BENCH_ONLY=gateway npm run bench -w bench

bench-first-page: install ## the landing page: initial JS (gzip) and LCP in headless Chromium
	BENCH_ONLY=first-page npm run bench -w bench

bench-chat: install ## chat at 500 messages/s: 1,000 WebSockets on 2 messaging replicas, send-to-receive latency, memory per socket
	npm run bench:chat

clean: ## what installing and building made; the local marketplace's data stays (make reset empties it)
	rm -rf node_modules var/toolchain coverage web/dist

backup: setup-start install ## one archive of the local marketplace (database, photos, keys) under var/backups/; prints its path
	@tsx scripts/backup.ts

restore: setup-start install ## FILE=var/backups/…tar: bring a backup back into an emptied marketplace (make reset first; REPLACE=1 overwrites)
	@test -n "$(FILE)" || { echo 'usage: make restore FILE=var/backups/vnmarket-<time>.tar [REPLACE=1]'; exit 2; }
	@tsx scripts/restore.ts '$(FILE)'

reset: install ## the local marketplace back to empty: its database, Redis keys, event queues, photos and keys (stop make start first)
	tsx scripts/reset.ts

