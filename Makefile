# The two commands of the README: `make demo` and `make test`.
GO_PKGS = $(shell go list ./... | grep -v '/grammar/gen')

.PHONY: demo test build

build:
	@bash scripts/setup.sh
	go build -buildvcs=auto -o bin/gpredict ./cmd/gpredict
	cp record/java/agent/build/gpredict-agent.jar bin/

# Exit status 1 means "a violation was predicted", which is what the demo
# shows; only 0 and 1 count as success here.
demo: build
	bin/gpredict predict --props all examples/iterator.trace || [ $$? -eq 1 ]

test:
	@bash scripts/setup.sh --dev
	go vet $(GO_PKGS)
	go test ./...
