# KCorp Team Manager — `make run` serves the app, `make test` proves it works.

BUILD_PACKAGES := pkg-config libsqlite3-dev libmicrohttpd-dev
TEST_PACKAGES := chromium chromium-driver python3-selenium python3-pytest
ENSURE := scripts/ensure-packages

.PHONY: run test lint format e2e build-deps test-deps

## run: build (release) and run the main job on the default database
run: build-deps
	swift build -c release --product kcorp
	.build/release/kcorp serve

## test: format lint, Swift tests, then the browser walk
test: build-deps test-deps lint
	swift build --build-tests
	swift test --skip-build

## lint: check formatting (fix with `make format`)
lint:
	swift format lint --strict --recursive Package.swift Sources Tests

format:
	swift format --in-place --recursive Package.swift Sources Tests

build-deps:
	@$(ENSURE) $(BUILD_PACKAGES)

test-deps:
	@$(ENSURE) $(TEST_PACKAGES)
