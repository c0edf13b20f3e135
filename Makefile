# nonosat: build, test and check. `make test` is the CI gate (fastest check first).

GO       ?= go
FUZZTIME ?= 60s

# Tools that `go install` puts in GOPATH/bin (staticcheck) must be on PATH.
GOBIN := $(shell $(GO) env GOPATH)/bin
export PATH := $(GOBIN):$(PATH)

.PHONY: build test fmt vet staticcheck bench fuzz install clean

build:
	$(GO) build -o bin/nonosat ./cmd/nonosat

test: fmt vet staticcheck
	$(GO) test -race ./...

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

install:
	$(GO) install ./cmd/nonosat

clean:
	rm -rf bin
