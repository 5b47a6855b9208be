# prospero: top-level entry points. `make demo` and `make test` are the quick start.
BUILD      ?= build
BUILD_ASAN ?= build-asan
BUILD_TSAN ?= build-tsan
CC         ?= clang
GENERATOR  := Ninja
JOBS       ?= $(shell nproc)
# The project builds with clang (it is also the guest compiler and the fuzzer host).
export CC := clang
export CXX := clang++

.PHONY: all deps configure build demo test test-asan test-tsan test-quick bench fuzz clean status

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo

configure: $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# `make demo`: the CPU demo guest (what the emulator's spine does, printed), then the GPU demo
# (guests/gpu_demo: a compute shader's animation through AGC and video out) in a window where
# a display exists (close it to end), else headless with its first DEMO_FRAMES frames
# written as PNG files to $(BUILD)/demo-frames.
DEMO_FRAMES ?= 60
demo: deps build
	$(BUILD)/bin/prospero --game $(BUILD)/guests/demo
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  $(BUILD)/bin/prospero --game $(BUILD)/guests/gpu_demo; \
	else \
	  echo "no display: the GPU demo runs headless, frames in $(BUILD)/demo-frames"; \
	  $(BUILD)/bin/prospero --headless --dump-frames $(BUILD)/demo-frames \
	    --game $(BUILD)/guests/gpu_demo -- 1920 1080 $(DEMO_FRAMES); \
	fi

# `make test`: the full configuration first, where every dependency is installed and no test
# may be skipped, then the sanitizer one, where only the NOSAN tests may be (and are listed).
# scripts/ctest-check.py enforces both and prints the tests per label; both tables end the run.
CTEST_CHECK := python3 $(CURDIR)/scripts/ctest-check.py

test: deps build
	$(CTEST_CHECK) $(BUILD) none --require=unit,guest,gpu,fuzz,diff --output-on-failure \
	    -j $(JOBS) -LE bench --timeout 900
	$(MAKE) test-asan
	$(MAKE) test-tsan
	@cat $(BUILD)/ctest-summary.txt $(BUILD_ASAN)/ctest-summary.txt $(BUILD_TSAN)/ctest-summary.txt

$(BUILD_ASAN)/build.ninja:
	cmake -S . -B $(BUILD_ASAN) -G $(GENERATOR) -DCMAKE_BUILD_TYPE=Debug -DPROSPERO_SANITIZE=ON -DPROSPERO_FUZZ=OFF

# The sanitizer configuration runs the unit and guest tiers (not benchmarks or fuzzers).
test-asan: $(BUILD_ASAN)/build.ninja
	cmake --build $(BUILD_ASAN) -j $(JOBS)
	$(CTEST_CHECK) $(BUILD_ASAN) nosan --require=unit,guest,diff --output-on-failure \
	    -j $(JOBS) -L 'unit|guest' -LE 'slow|bench' --timeout 900

$(BUILD_TSAN)/build.ninja:
	cmake -S . -B $(BUILD_TSAN) -G $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPROSPERO_TSAN=ON -DPROSPERO_FUZZ=OFF

# The ThreadSanitizer configuration: only the host-thread tests labelled tsan are built and
# run (the synchronisation primitives; guest code cannot run under TSan).
test-tsan: $(BUILD_TSAN)/build.ninja
	cmake --build $(BUILD_TSAN) -j $(JOBS) --target tsan_tests
	TSAN_OPTIONS=halt_on_error=1 $(CTEST_CHECK) $(BUILD_TSAN) none --require=tsan \
	    --output-on-failure -j $(JOBS) -L tsan --timeout 900

test-quick: build
	$(CTEST_CHECK) $(BUILD) any --output-on-failure -j $(JOBS) -LE 'fuzz|slow|bench'

# Benchmarks one at a time; their output, then the table of goals (bench/bench_goal.h format).
bench: deps build
	cd $(BUILD) && ctest -j 1 -L bench --timeout 1800 -V 2>&1 | tee bench.log | \
	    sed -n 's/^[0-9]*: //p'
	@sh scripts/bench-summary.sh $(BUILD)/bench.log

status: build
	$(BUILD)/bin/prospero-hle-status > docs/hle-status.md
	$(BUILD)/bin/prospero-syscall-status > docs/syscalls.md

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_TSAN)
