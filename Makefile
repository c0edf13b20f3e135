# nonosat: build, test and check. `make test` is the gate before every commit
# (fastest check first, a few minutes); `make test-long` runs the sweeps it
# samples in full. CI runs both, in that order.

GO       ?= go
FUZZTIME ?= 60s

# Tools that `go install` puts in GOPATH/bin (staticcheck) must be on PATH.
GOBIN := $(shell $(GO) env GOPATH)/bin
export PATH := $(GOBIN):$(PATH)

.PHONY: web screenshots build test test-long race race-long corpus corpus-full fmt vet staticcheck staticcheck-install bench bench-corpus bench-results fuzz install clean

# The release build is static (no cgo: net and os/user would otherwise
# link the C library, and every start would pay for its dynamic loader)
# and leaves out urfave/cli's Markdown documentation, whose library
# initialises itself at every start; nonosat writes its man page itself.
# BenchmarkStartup (benchmarks/startup_test.go) builds the same way.
BUILD_ENV   = CGO_ENABLED=0
BUILD_FLAGS = -tags urfave_cli_no_docs

# nonosat-serve is the server behind nonosat serve, a program of its own
# so that nonosat starts without the HTTP server; it goes beside nonosat.
build:
	$(BUILD_ENV) $(GO) build $(BUILD_FLAGS) -o bin/nonosat ./cmd/nonosat
	$(BUILD_ENV) $(GO) build $(BUILD_FLAGS) -o bin/nonosat-serve ./cmd/nonosat-serve

test: fmt vet staticcheck race

test-long: race-long corpus

# The static site: the workbench page with the whole engine in the
# browser (nonosat.wasm in a Web Worker), for any static file server.
WEB_DIST = web/dist
web:
	rm -rf $(WEB_DIST)
	mkdir -p $(WEB_DIST)/examples
	cp web/static/* $(WEB_DIST)/
	cp examples/*.non examples/*.xml $(WEB_DIST)/examples/
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $(WEB_DIST)/
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $(WEB_DIST)/nonosat.wasm ./wasm
	printf '{"engine":"wasm"}\n' > $(WEB_DIST)/engine.json
	@ls -l $(WEB_DIST)/nonosat.wasm

# Screenshots of the workbench for the README (docs/workbench-*.png): the
# static site in headless Chromium at 390x844 and 1280x800.
screenshots:
	NONOSAT_SHOTS=$(CURDIR)/docs $(GO) test -count=1 -run '^TestScreenshots$$' ./wasm

# Under -short the random and differential sweeps and the corpus samples
# are smaller (each test says by how much); race-long runs them in full.
# The browser tests (packages wasm and cmd/nonosat) run in both; they skip
# without chromium, which BROWSER_CHECK says.
BROWSER_CHECK = @command -v chromium >/dev/null || command -v chromium-browser >/dev/null || echo "browser: SKIPPED: no chromium on PATH, so the browser tests skip (Debian: apt-get install chromium)"

race:
	$(BROWSER_CHECK)
	$(GO) test -race -short ./...

race-long:
	$(GO) test -race ./...

# The corpus tests again without the race detector, which slows SAT search
# about tenfold: larger samples of ../shared/corpora (they skip if it is
# absent). `make corpus-full` runs every puzzle (an hour or more).
CORPUS_TESTS = -run 'Corpus|Survey|Webpbn|Tournament' ./puzzle ./linesolve ./solver ./design

# Without the corpora the tests skip; say so, since go test prints "ok".
CORPUS_CHECK = @test -d ../shared/corpora || echo "corpus: SKIPPED: ../shared/corpora is absent, so the corpus tests skip (ok below means nothing ran)"

corpus:
	$(CORPUS_CHECK)
	$(GO) test -count=1 $(CORPUS_TESTS)

corpus-full:
	$(CORPUS_CHECK)
	NONOSAT_FULL_CORPUS=1 $(GO) test -count=1 -timeout 3h $(CORPUS_TESTS)

fmt:
	@files="$$(gofmt -l .)"; \
	if test -n "$$files"; then \
		echo "gofmt: these files need formatting (run gofmt -w):" >&2; \
		echo "$$files" >&2; \
		exit 1; \
	fi

vet:
	$(GO) vet ./...

# staticcheck is pinned: a newer release may add checks that fail unchanged
# code. v0.8.2 is staticcheck 2026.2.2, which knows Go 1.26.
STATICCHECK_VERSION = v0.8.2

staticcheck: staticcheck-install
	staticcheck ./...

# Installs the pinned staticcheck into GOPATH/bin unless it is there.
staticcheck-install:
	@staticcheck -version 2>/dev/null | grep -qF '($(STATICCHECK_VERSION:v%=%))' || { \
		echo "installing staticcheck $(STATICCHECK_VERSION)"; \
		$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION); \
	}

bench:
	$(GO) test -run '^$$' -bench . ./benchmarks/...

RUNNER  = $(GO) run ./benchmarks/runner
RESULTS = benchmarks/RESULTS.md

# Corpus runner over every set (text table, 20 s per puzzle).
bench-corpus:
	$(RUNNER) -set all -timeout 20s

# The runs of the committed benchmarks/RESULTS.md (each against CaDiCaL on
# the same presolved CNF without the search stage): only on a quiet
# machine; the summary at the top of RESULTS.md is written by hand.
bench-results:
	printf '# nonosat benchmark results\n\nOutput of `make bench-results`: corpus-runner runs in a row on a quiet machine.\n\n' > $(RESULTS)
	$(RUNNER) -md -o $(RESULTS) -append -set survey,hard -timeout 30s -compare cadical+nosearch
	$(RUNNER) -md -o $(RESULTS) -append -set tournament -tournament taai2011 -timeout 20s -compare cadical+nosearch
	$(RUNNER) -md -o $(RESULTS) -append -set hardtests -timeout 20s -compare cadical+nosearch
	$(RUNNER) -md -o $(RESULTS) -append -set webpbn -rows 40 -timeout 20s -compare cadical+nosearch

# Runs every Fuzz* function of every package for FUZZTIME, one at a time
# (go test -fuzz takes one target per run).
fuzz:
	@set -e; \
	for pkg in $$($(GO) list ./...); do \
		list="$$($(GO) test -list '^Fuzz' $$pkg)" || { echo "$$list" >&2; exit 1; }; \
		for target in $$(echo "$$list" | grep '^Fuzz' || true); do \
			echo "== fuzz $$pkg $$target for $(FUZZTIME)"; \
			$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done

# install puts the binary, the man page and the shell completions where
# distributions do, under PREFIX (and DESTDIR, for packaging).
PREFIX  ?= /usr/local
DESTDIR ?=
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 bin/nonosat bin/nonosat-serve $(DESTDIR)$(PREFIX)/bin/
	bin/nonosat man > $(DESTDIR)$(PREFIX)/share/man/man1/nonosat.1
	bin/nonosat completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/nonosat
	bin/nonosat completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_nonosat
	bin/nonosat completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/nonosat.fish

clean:
	rm -rf bin
