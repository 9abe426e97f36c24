# ViewSelectors: the set-up is `make run` (the Frankly server on the embedded sample app) and
# `make test`. Both install the system packages they need first.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps xpath-oracle py-tools run test test-examples test-browser bench bench-peers scaling scaling-binary test-sanitizers test-tsan test-asan fuzz fuzz-build clean

# libpcre2-dev: the regex engine links PCRE2; libxml2-dev: the XML loaders call libxml2's SAX2
# parser. pkg-config finds both.
deps:
	@if ! dpkg -s libpcre2-dev >/dev/null 2>&1 || ! dpkg -s libxml2-dev >/dev/null 2>&1 \
		|| ! command -v pkg-config >/dev/null 2>&1; then \
		echo "installing libpcre2-dev, libxml2-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libpcre2-dev libxml2-dev pkg-config; \
	fi

# The xpath engine's oracle: lxml (libxml2's XPath) in .venv-oracle, for Tests/XPathTests. On a
# fresh Debian `python3 -m venv` needs python3-venv, installed with apt-get as `deps` does.
ORACLE_VENV := $(CURDIR)/.venv-oracle
xpath-oracle:
	@if ! "$(ORACLE_VENV)/bin/python" -c "import lxml" >/dev/null 2>&1; then \
		if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then \
			echo "installing python3-venv"; \
			$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv >/dev/null; \
		fi; \
		echo "creating $(ORACLE_VENV) with lxml"; \
		rm -rf "$(ORACLE_VENV)" && python3 -m venv "$(ORACLE_VENV)" && "$(ORACLE_VENV)/bin/pip" install -q "lxml>=5,<7"; \
	fi

# The Python tools the tests drive our output with: the official MCP client SDK (`mcp`, for
# `frankly mcp`'s tests) and `jsonschema` (SARIF 2.1.0 validation of `frankly audit`), in .venv-tools.
TOOLS_VENV := $(CURDIR)/.venv-tools
py-tools:
	@if ! "$(TOOLS_VENV)/bin/python" -c "import mcp, jsonschema" >/dev/null 2>&1; then \
		if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then \
			echo "installing python3-venv"; \
			$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv >/dev/null; \
		fi; \
		echo "creating $(TOOLS_VENV) with mcp and jsonschema"; \
		rm -rf "$(TOOLS_VENV)" && python3 -m venv "$(TOOLS_VENV)" && "$(TOOLS_VENV)/bin/pip" install -q "mcp>=1.20,<2" "jsonschema>=4.20,<5"; \
	fi

run: deps
	$(SWIFT) build -c release --product frankly
	$$($(SWIFT) build -c release --show-bin-path)/frankly serve

# The example plug-in is a dynamic library product, which `--build-tests` does not build: build it
# and hand its path to the tests that load it (they fail, rather than skip, when it is named but absent).
# The xpath oracle tests run lxml from .venv-oracle (`xpath-oracle`); they too fail when named but absent.
# The server's suites run in a process of their own: Swift Testing runs a synchronous test on the
# cooperative pool (one thread per core), so minutes of differential tests on a 2-core machine
# starved the server tests' async work (three WorkLane tests waited 60 s for a task to start).
test: deps xpath-oracle py-tools
	$(SWIFT) build --build-tests
	$(SWIFT) build --product ClassChainEngine
	VIEWSELECTORS_CLASS_CHAIN_PLUGIN=$$($(SWIFT) build --show-bin-path)/libClassChainEngine.so \
		VIEWSELECTORS_XPATH_ORACLE=$(ORACLE_VENV)/bin/python VIEWSELECTORS_PY_TOOLS=$(TOOLS_VENV)/bin/python \
		$(SWIFT) test --skip-build --skip FranklyServerTests
	$(SWIFT) test --skip-build --filter FranklyServerTests
	$(MAKE) test-examples
	$(MAKE) test-browser

# Examples/: the library user's path (Docs/Library.md) as packages that depend on this one by
# path, each with its own build folder. In order: the docs' compiled blocks still match their code;
# the engine author's core-only package builds and compiled no HTTP module (the footprint promise);
# the quick start builds and runs on the sample app with the class_chain plug-in loaded in-process,
# and on a recording; the examples' tests pass (building the package also builds its benchmark).
HTTP_MODULES := Hummingbird|HummingbirdCore|NIO[A-Za-z0-9]*|_NIO[A-Za-z0-9]*|Logging|ServiceLifecycle|AsyncHTTPClient
test-examples: deps
	python3 Examples/check-doc-blocks.py Docs/Library.md Docs/WritingAnEngine.md
	python3 Docs/check-architecture.py $(SWIFT)
	$(SWIFT) build --package-path Examples/ClassPathEngine
	@modules=$$(find Examples/ClassPathEngine/.build -name '*.swiftmodule' -path '*/Modules/*' | sed 's#.*/##; s#\.swiftmodule$$##' | sort -u | tr '\n' ' '); \
	echo "core-only consumer compiled: $$modules"; \
	case " $$modules " in *" SelectorCore "*) ;; *) echo "no SelectorCore module found: the footprint check looks in the wrong place" >&2; exit 1;; esac; \
	if echo " $$modules " | tr ' ' '\n' | grep -Ex '$(HTTP_MODULES)'; then \
		echo "a consumer of SelectorCore alone compiled the HTTP modules above (Docs/Library.md, Footprint)" >&2; exit 1; fi
	@fetched=$$(ls Examples/ClassPathEngine/.build/checkouts 2>/dev/null | tr '\n' ' '); \
	echo "core-only consumer fetched: $${fetched:-nothing}"; \
	if echo " $$fetched " | grep -Eq ' (hummingbird|swift-nio|swift-log|swift-service-lifecycle|swift-argument-parser) '; then \
		echo "a consumer with traits: [] resolved the server's packages (Package.swift's Server trait)" >&2; exit 1; fi
	$(SWIFT) build --product ClassChainEngine
	$(SWIFT) build --package-path Examples --build-tests
	@out=$$($$($(SWIFT) build --package-path Examples --show-bin-path)/QuickStart - \
		$$($(SWIFT) build --show-bin-path)/libClassChainEngine.so) || exit 1; echo "$$out"; \
	echo "$$out" | grep -qxF 'chained: ["1054"]' || { echo "QuickStart: expected chained: [\"1054\"]" >&2; exit 1; }; \
	echo "$$out" | grep -qF 'plug-in engines: ["class_chain"] ["1054"]' || { echo "QuickStart: the plug-in step did not run" >&2; exit 1; }
	$$($(SWIFT) build --package-path Examples --show-bin-path)/QuickStart Tests/Fixtures/real/xcuitest_ios_settings_zh_uiautodev.xml
	$(SWIFT) test --package-path Examples --skip-build

# The inspector page (GET /) end to end in headless Chromium; installs chromium, chromium-driver
# and selenium (in .venv-browser) when missing. See Tests/Browser/run.sh.
test-browser: deps
	SWIFT=$(SWIFT) bash Tests/Browser/run.sh

# Sanitizers (Docs/Reliability.md has the timings). Each has its own build folder so the normal
# build is never invalidated. TSan runs the concurrency-heavy suites: the matcher's parallel scans,
# the sharded cache, the regex engine's per-thread match data, and the server end to end.
# The server's suites run one test at a time: Hummingbird answers on Swift's cooperative pool (one
# thread per core), and under TSan another test's seconds of synchronous work (generating a 10^5-view
# tree) held both threads of a 2-core CI machine, so a test's server did not answer for 40 s.
TSAN_FILTER ?= ParallelEqualityTests|RegistryAndCacheTests|RegexConcurrencyTests|CheckTests
TSAN_SERIAL_FILTER ?= FranklyServerTests
test-sanitizers: test-tsan test-asan

test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/tsan.supp $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_FILTER)'
	TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/tsan.supp $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_SERIAL_FILTER)' --no-parallel

# ASan on the whole suite, LeakSanitizer included (Tests/lsan.supp names the toolchain's own
# leaks it ignores), with the plug-in built the same way so the plug-in tests run too. The server's
# suites run in a process of their own, as in `test`: in one process, two WorkLane tests' holder
# task did not start within 60 s behind minutes of synchronous differential tests on CI. And they
# run one test at a time, as under TSan: in parallel on a 2-core CI machine, other server tests'
# synchronous ASan-slowed work held both cooperative threads for 30 s, so a server's 2 s upload
# deadline (HostileRoundFourTests) could not fire in time.
# VIEWSELECTORS_SANITIZED caps the differential tests' generated trees at 2x10^4 views
# (ViewSelectorsTesting's TestScale): at 10^5 under ASan they took half the stage; `test` runs
# them at full size.
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(SWIFT) build --product ClassChainEngine --sanitize=address --scratch-path .build-asan
	VIEWSELECTORS_CLASS_CHAIN_PLUGIN=$$($(SWIFT) build --show-bin-path --scratch-path .build-asan)/libClassChainEngine.so \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 VIEWSELECTORS_SANITIZED=1 \
	$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --skip FranklyServerTests
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 VIEWSELECTORS_SANITIZED=1 \
	$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter FranklyServerTests --no-parallel

# libFuzzer targets (the Fuzz/ package; never part of `swift build` or `make test`).
# `make fuzz` runs each of FUZZ_TARGETS for FUZZ_SECONDS; `make fuzz FUZZ_TARGETS=regex FUZZ_SECONDS=600`.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= shelley shelley_compat uiquery regex predicate fry uiselector xpath maestro chain dump formats map_request reference detox wdio xcuitest espresso compose recordings
FUZZ_BUILD := $(SWIFT) build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address

fuzz-build: deps
	$(FUZZ_BUILD)

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-tsan .build-asan Fuzz/.build

# Side-by-side query times against libxml2 XPath (lxml) and lexbor CSS (selectolax); NODES=1000000.
bench-peers: deps
	bash Benchmarks/Peers/run.sh

# No change makes a query slower: BASE (a commit, default the last one) and the work tree built in
# release side by side (BASE in a worktree under .bench-base with its own build folder), every
# meanings row and the extra rows of Benchmarks/Compare/bench_compare.py run alternating, a ratio
# per row; exit 1 names rows slower beyond noise. `make bench-compare BASE=59ef146 NODES=10000,100000`.
BASE ?= HEAD
COMPARE_NODES ?= 10000,100000
.PHONY: bench-compare
bench-compare: deps
	@# The base's worktree and build are kept while it stays at BASE: a rerun builds nothing for it.
	@if [ "$$(git -C .bench-base rev-parse HEAD 2>/dev/null)" != "$$(git rev-parse $(BASE))" ]; then \
		rm -rf .bench-base && git worktree prune && git worktree add --detach .bench-base $(BASE); fi
	$(SWIFT) build -c release --product frankly --package-path .bench-base --scratch-path .bench-base/.build
	$(SWIFT) build -c release --product ClassChainEngine --package-path .bench-base --scratch-path .bench-base/.build
	$(SWIFT) build -c release --product frankly
	$(SWIFT) build -c release --product ClassChainEngine
	python3 Benchmarks/Compare/bench_compare.py --nodes $(COMPARE_NODES) \
		--base $$($(SWIFT) build -c release --package-path .bench-base --scratch-path .bench-base/.build --show-bin-path)/frankly \
		--base-plugin $$($(SWIFT) build -c release --package-path .bench-base --scratch-path .bench-base/.build --show-bin-path)/libClassChainEngine.so \
		--head $$($(SWIFT) build -c release --show-bin-path)/frankly \
		--head-plugin $$($(SWIFT) build -c release --show-bin-path)/libClassChainEngine.so $(COMPARE_ARGS)

# One meaning, one cost (issue 30): equivalent selectors in every engine on a generated tree
# (NODES=1000000, seed 1): the same uids, each within RATIO of its row's fastest
# (Benchmarks/Peers/meanings.md). Exit 1 names the selectors that miss.
.PHONY: bench-meanings
bench-meanings: deps
	$(SWIFT) build -c release --product frankly
	$(SWIFT) build -c release --product ClassChainEngine
	python3 Benchmarks/Peers/meanings.py --frankly $$($(SWIFT) build -c release --show-bin-path)/frankly \
		--plugin $$($(SWIFT) build -c release --show-bin-path)/libClassChainEngine.so \
		--tree $${TREE:-/tmp/viewselectors-meanings-$${NODES:-1000000}.json} --generate $${NODES:-1000000} --seed 1 \
		--repeat $${REPEAT:-10} --ratio $${RATIO:-1.5} $${JSON:+--json $$JSON}

# Parallel scaling (threads 1..16 at 10^6 and 10^7 nodes) and the serial/parallel threshold sweep.
scaling: deps
	bash Benchmarks/Scaling/scaling.sh

# A static, stripped, gzipped `frankly` plus the scaling script in .build-device/, for a machine
# without Swift (design/matcher.md): there, `gunzip -k frankly.gz && FRANKLY=./frankly bash scaling.sh`.
scaling-binary: deps
	$(SWIFT) build -c release --static-swift-stdlib --product frankly
	mkdir -p .build-device
	strip -o .build-device/frankly $$($(SWIFT) build -c release --show-bin-path)/frankly
	gzip -9f .build-device/frankly
	cp Benchmarks/Scaling/scaling.sh .build-device/

# package-benchmark suites (Benchmarks/ is its own package so `make test` never builds them).
bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark
