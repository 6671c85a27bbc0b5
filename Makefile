# The two commands of the README: `make demo` and `make test`.
GO_PKGS = $(shell go list ./... | grep -v '/grammar/gen')

.PHONY: setup demo test build

setup:
	@bash scripts/setup.sh

build: setup
	go build -o bin/gpredict ./cmd/gpredict

demo: build
	bin/gpredict trace check examples/iterator.trace

test: setup
	go vet $(GO_PKGS)
	go test ./...
