# nonosat: build, test and check. `make test` is the gate before every commit
# (fastest check first, a few minutes); `make test-long` runs the sweeps it
# samples in full. CI runs both, in that order.

GO       ?= go
FUZZTIME ?= 60s

# Tools that `go install` puts in GOPATH/bin (staticcheck) must be on PATH.
GOBIN := $(shell $(GO) env GOPATH)/bin
export PATH := $(GOBIN):$(PATH)

.PHONY: build test test-long race race-long corpus corpus-full fmt vet staticcheck bench bench-corpus bench-results fuzz install clean

build:
	$(GO) build -o bin/nonosat ./cmd/nonosat

test: fmt vet staticcheck race

test-long: race-long corpus

# Under -short the random and differential sweeps and the corpus samples
# are smaller (each test says by how much); race-long runs them in full.
race:
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

staticcheck:
	@command -v staticcheck >/dev/null 2>&1 || { \
		echo "installing staticcheck"; \
		$(GO) install honnef.co/go/tools/cmd/staticcheck@latest; \
	}
	staticcheck ./...

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
	install -m 755 bin/nonosat $(DESTDIR)$(PREFIX)/bin/nonosat
	bin/nonosat man > $(DESTDIR)$(PREFIX)/share/man/man1/nonosat.1
	bin/nonosat completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/nonosat
	bin/nonosat completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_nonosat
	bin/nonosat completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/nonosat.fish

clean:
	rm -rf bin
