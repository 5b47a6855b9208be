# prospero: top-level entry points. `make demo` and `make test` are the quick start.
BUILD      ?= build
BUILD_ASAN ?= build-asan
CC         ?= clang
GENERATOR  := Ninja
JOBS       ?= $(shell nproc)
# The project builds with clang (it is also the guest compiler and the fuzzer host).
export CC := clang
export CXX := clang++

.PHONY: all deps configure build demo test test-asan test-quick bench fuzz clean status

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo

configure: $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: deps build
	$(BUILD)/bin/prospero --game $(BUILD)/guests/demo

test: deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE bench --timeout 900
	$(MAKE) test-asan

$(BUILD_ASAN)/build.ninja:
	cmake -S . -B $(BUILD_ASAN) -G $(GENERATOR) -DCMAKE_BUILD_TYPE=Debug -DPROSPERO_SANITIZE=ON -DPROSPERO_FUZZ=OFF

# The sanitizer configuration runs the unit and guest tiers (not benchmarks or fuzzers).
test-asan: $(BUILD_ASAN)/build.ninja
	cmake --build $(BUILD_ASAN) -j $(JOBS)
	cd $(BUILD_ASAN) && ctest --output-on-failure -j $(JOBS) -L 'unit|guest' -LE 'slow|bench' --timeout 900

test-quick: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE 'fuzz|slow|bench'

bench: deps build
	cd $(BUILD) && ctest -j 1 -L bench --timeout 1800 -V 2>&1 | sed -n 's/^[0-9]*: //p'

status: build
	$(BUILD)/bin/prospero-hle-status > docs/hle-status.md
	$(BUILD)/bin/prospero-syscall-status > docs/syscalls.md

clean:
	rm -rf $(BUILD) $(BUILD_ASAN)
