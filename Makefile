# KCorp Team Manager — `make run` serves the app, `make test` proves it works.

BUILD_PACKAGES := pkg-config libsqlite3-dev zlib1g-dev libpq-dev libmicrohttpd-dev libargon2-dev libgnutls28-dev libicu-dev libvips-dev libcurl4-openssl-dev libxlsxwriter-dev
TEST_PACKAGES := postgresql caddy chromium chromium-l10n chromium-driver python3-selenium python3-pytest python3-pytest-xdist python3-venv python3-pil python3-icalendar python3-openpyxl python3-cryptography calcurse openssl curl mount gcc
ENSURE := scripts/ensure-packages

BENCH_PACKAGES := wrk nginx-light sqlite3 postgresql gcc

.PHONY: run test bench lint format e2e screenshots build-deps test-deps

## run: build (release) and run the main job on the default database
run: build-deps
	swift build -c release --product kcorp --static-swift-stdlib
	.build/release/kcorp serve

# Test tools from PyPI, in a virtual environment of the build's own: schemathesis for the
# contract test, openapi-python-client for the generated-client test, and axe-core 4.12.1
# (the axe.min.js that axe-playwright-python ships; the browser tests inject it through
# Selenium).
TOOLS := .build/tools/bin/openapi-python-client

## test: format lint, Apple availability, Swift tests, then the browser walk and reliability
test: build-deps test-deps lint $(TOOLS)
	/usr/bin/python3 -m pytest -q Tests/checks  # availability, the French catalog, Dynamic Type, file sizes
	/usr/bin/python3 scripts/check-apple-availability.py
	/usr/bin/python3 scripts/generate-champion-data.py --check  # ChampionData.swift is data/champions.json
	/usr/bin/python3 scripts/generate-localizations.py --check  # Localizations.swift, Localizable.xcstrings
	swift build --build-tests
	swift build --target KCorpApp  # type-checks TeamUI and the app against Checks/SwiftUIInterface
	swift package --package-path Apple/KCorp.swiftpm describe >/dev/null  # the iPhone app package: its one source is KCorpApp's, type-checked above; its manifest resolves
	cd Apple/Exercise.swiftpm && swift build  # the brief's own answer, type-checked the same way
	swift test --skip-build
	# Three at a time (the browsers wait on the servers and the servers on the disk), each its
	# own servers and Chromium; the longest test first (Tests/longest_first.py).
	PYTHONPATH=Tests /usr/bin/python3 -m pytest -q -n 3 -p longest_first Tests/e2e Tests/reliability

## e2e: only the browser walk (after a build)
e2e: test-deps $(TOOLS)
	swift build --product kcorp
	/usr/bin/python3 -m pytest -q Tests/e2e

## screenshots: the browser walk, saving the README's pictures under docs/screenshots
screenshots: test-deps
	swift build --product kcorp
	KCORP_SCREENSHOTS=docs/screenshots /usr/bin/python3 -m pytest -q Tests/e2e -k "the_briefs_story or french_coach or promotes_a_player or desktop_uses_its_width or a_scrim_a_player_away or the_week_at_phone_size"

## bench: release build, then speed, memory and scaling beside nginx and sqlite3
## (prints a table and writes docs/BENCHMARKS.md)
bench: build-deps
	@$(ENSURE) $(BENCH_PACKAGES)
	swift build -c release --product kcorp --static-swift-stdlib
	/usr/bin/python3 scripts/bench.py

## lint: check formatting (fix with `make format`)
lint:
	swift format lint --strict --recursive Package.swift Sources Tests Checks Apple/KCorp.swiftpm/Package.swift \
	  Apple/Exercise.swiftpm/*.swift

format:
	swift format --in-place --recursive Package.swift Sources Tests Checks Apple/KCorp.swiftpm/Package.swift \
	  Apple/Exercise.swiftpm/*.swift

$(TOOLS):
	/usr/bin/python3 -m venv .build/tools
	.build/tools/bin/pip install --quiet schemathesis==4.32.5 openapi-python-client==0.29.1
	.build/tools/bin/pip install --quiet --no-deps axe-playwright-python==0.1.8

build-deps:
	@$(ENSURE) $(BUILD_PACKAGES)

test-deps:
	@$(ENSURE) $(TEST_PACKAGES)
