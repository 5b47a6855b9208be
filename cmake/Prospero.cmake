# Shared build helpers for prospero modules, tools and tests.

find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)

set(PROSPERO_WARNINGS -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers)
if(PROSPERO_WERROR)
  list(APPEND PROSPERO_WARNINGS -Werror)
endif()
add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:${PROSPERO_WARNINGS}>")

if(PROSPERO_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
  add_compile_definitions(PROSPERO_SANITIZE=1)
endif()

# The ThreadSanitizer configuration (build-tsan, `make test-tsan`) builds and runs only the
# tests registered with TSAN (label tsan): host-thread tests of the synchronisation
# primitives. Guest code cannot run under it (it owns GS/FS and its own stacks).
if(PROSPERO_TSAN)
  if(PROSPERO_SANITIZE)
    message(FATAL_ERROR "PROSPERO_TSAN and PROSPERO_SANITIZE are separate configurations")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
  add_compile_definitions(PROSPERO_TSAN=1)
endif()
# `cmake --build BUILD --target tsan_tests` builds every test registered with TSAN.
add_custom_target(tsan_tests)

set(PROSPERO_IS_CLANG OFF)
if(CMAKE_C_COMPILER_ID MATCHES "Clang")
  set(PROSPERO_IS_CLANG ON)
endif()

# prospero_add_subdirs(PARENT): add_subdirectory() for each immediate child of PARENT that
# has a CMakeLists.txt, in sorted order.
function(prospero_add_subdirs parent)
  file(GLOB children LIST_DIRECTORIES true RELATIVE ${CMAKE_SOURCE_DIR}/${parent}
       ${CMAKE_SOURCE_DIR}/${parent}/*)
  list(SORT children)
  foreach(child IN LISTS children)
    if(EXISTS ${CMAKE_SOURCE_DIR}/${parent}/${child}/CMakeLists.txt)
      add_subdirectory(${CMAKE_SOURCE_DIR}/${parent}/${child}
                       ${CMAKE_BINARY_DIR}/${parent}/${child})
    endif()
  endforeach()
endfunction()

# prospero_module(NAME SOURCES ... [LIBS ...]): static library prospero_NAME whose public
# headers are found as "NAME/header.h" relative to src/ (include root is src/).
function(prospero_module name)
  cmake_parse_arguments(M "" "" "SOURCES;LIBS" ${ARGN})
  add_library(prospero_${name} STATIC ${M_SOURCES})
  target_include_directories(prospero_${name} PUBLIC ${CMAKE_SOURCE_DIR}/src
                             ${CMAKE_BINARY_DIR}/generated)
  target_link_libraries(prospero_${name} PUBLIC ${M_LIBS})
endfunction()

# prospero_tool(NAME SOURCES ... [LIBS ...]): executable build/bin/NAME.
function(prospero_tool name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/src)
  target_link_libraries(${name} PRIVATE ${T_LIBS})
endfunction()

# The tests a sanitizer configuration leaves out (name TAB reason, one a line): the only
# tests scripts/ctest-check.py lets that configuration skip. Rewritten at each configure.
set(PROSPERO_NOSAN_LIST ${CMAKE_BINARY_DIR}/nosan-tests.tsv)
file(WRITE ${PROSPERO_NOSAN_LIST} "")

# prospero_unit_test(NAME SOURCES ... [LIBS ...] [LABELS ...] [TIMEOUT s] [NOSAN reason] [TSAN]):
# a cmocka test registered with ctest under the label "unit" plus LABELS. TSAN: the test also
# runs in the ThreadSanitizer configuration (label "tsan", built by the tsan_tests target). Exit status 77 is a
# skip (tests/support/test_skip.h: a missing tool or device), which ctest reports as not run.
# NOSAN: the test cannot work under AddressSanitizer (REASON says why); in the sanitizer
# configuration it is not built, and unit.NAME is a stand-in that prints the reason and
# reports a skip, so the exclusion shows in every ctest run.
function(prospero_unit_test name)
  cmake_parse_arguments(U "TSAN" "TIMEOUT;NOSAN" "SOURCES;LIBS;LABELS" ${ARGN})
  if(U_TSAN)
    list(APPEND U_LABELS tsan)
  endif()
  if(PROSPERO_SANITIZE AND U_NOSAN)
    add_test(NAME unit.${name} COMMAND sh -c "echo \"SKIP (sanitizer build): $1\"; exit 77"
                                       sh "${U_NOSAN}")
    set_tests_properties(unit.${name} PROPERTIES LABELS "unit;${U_LABELS}" SKIP_RETURN_CODE 77)
    message(STATUS "unit.${name}: not built in the sanitizer configuration (${U_NOSAN})")
    file(APPEND ${PROSPERO_NOSAN_LIST} "unit.${name}\t${U_NOSAN}\n")
    return()
  endif()
  add_executable(test_${name} ${U_SOURCES})
  if(U_TSAN)
    add_dependencies(tsan_tests test_${name})
  endif()
  set_target_properties(test_${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                        ${CMAKE_BINARY_DIR}/tests)
  target_include_directories(test_${name} PRIVATE ${CMAKE_SOURCE_DIR}/src
                             ${CMAKE_SOURCE_DIR}/tests/support)
  target_link_libraries(test_${name} PRIVATE ${U_LIBS} PkgConfig::CMOCKA)
  add_test(NAME unit.${name} COMMAND test_${name})
  if(NOT U_TIMEOUT)
    set(U_TIMEOUT 300)
  endif()
  set_tests_properties(unit.${name} PROPERTIES LABELS "unit;${U_LABELS}" TIMEOUT ${U_TIMEOUT}
                       SKIP_RETURN_CODE 77
                       ENVIRONMENT "PROSPERO_SOURCE_DIR=${CMAKE_SOURCE_DIR};PROSPERO_SHARED_DIR=${PROSPERO_SHARED_DIR}")
endfunction()

# prospero_gpu_test(NAME SOURCES ... [INCLUDES dir ...] [LIBS ...]): a test on the Vulkan
# device (lavapipe in CI), ctest "gpu.NAME" (label gpu), build/tests/test_gpu_NAME, with src/,
# tests/support and INCLUDES on its include path. Exit status 77 (skip): no Vulkan device (or
# a tool the test needs). Under the sanitizers leak checks are off: lavapipe's JIT keeps a few
# small allocations until exit whose stacks end in generated code, so LeakSanitizer cannot
# attribute (or suppress) them; address and UB checks stay.
function(prospero_gpu_test name)
  cmake_parse_arguments(G "" "" "SOURCES;INCLUDES;LIBS" ${ARGN})
  add_executable(test_gpu_${name} ${G_SOURCES})
  set_target_properties(test_gpu_${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                        ${CMAKE_BINARY_DIR}/tests)
  target_include_directories(test_gpu_${name} PRIVATE ${CMAKE_SOURCE_DIR}/src
                             ${CMAKE_SOURCE_DIR}/tests/support ${G_INCLUDES})
  target_link_libraries(test_gpu_${name} PRIVATE ${G_LIBS} PkgConfig::CMOCKA)
  add_test(NAME gpu.${name} COMMAND test_gpu_${name})
  set(env "PROSPERO_SOURCE_DIR=${CMAKE_SOURCE_DIR}" "PROSPERO_SHARED_DIR=${PROSPERO_SHARED_DIR}")
  if(PROSPERO_SANITIZE)
    list(APPEND env "LSAN_OPTIONS=detect_leaks=0")
  endif()
  set_tests_properties(gpu.${name} PROPERTIES LABELS "gpu" TIMEOUT 300
                       ENVIRONMENT "${env}" SKIP_RETURN_CODE 77)
endfunction()

# prospero_gpu_shader_test(NAME SOURCES ... [LIBS ...] [TIMEOUT s] [PARTS n]): a device test of
# the shader back end, ctest "gpu.NAME" (label gpu), build/tests/test_gpu_NAME: GFX10 kernels
# (llvm-mc-19 at test time) run on the Vulkan device (lavapipe in CI) against C and the IR
# interpreter, with the shared wave harness of tests/unit/shader_spirv and the shader IR test
# helpers on its include path and SPIRV-Tools' validator linked. Exit status 77 (skip): no
# Vulkan device or no llvm-mc-19. Under the sanitizers leak checks are off (lavapipe's JIT,
# see tests/gpu/tiling).
function(prospero_gpu_shader_test name)
  cmake_parse_arguments(G "" "TIMEOUT;PARTS" "SOURCES;LIBS" ${ARGN})
  add_executable(test_gpu_${name} ${G_SOURCES})
  set_target_properties(test_gpu_${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                        ${CMAKE_BINARY_DIR}/tests)
  target_include_directories(test_gpu_${name} PRIVATE ${CMAKE_SOURCE_DIR}/src
                             ${CMAKE_SOURCE_DIR}/tests/support
                             ${CMAKE_SOURCE_DIR}/tests/unit/shader_ir
                             ${CMAKE_SOURCE_DIR}/tests/gpu/tiling
                             ${CMAKE_SOURCE_DIR}/tests/unit/shader_spirv)
  find_library(SPIRV_TOOLS_LIB SPIRV-Tools)
  target_link_libraries(test_gpu_${name} PRIVATE prospero_shader_dispatch ${G_LIBS} m
                        ${SPIRV_TOOLS_LIB} stdc++ PkgConfig::CMOCKA)
  # lavapipe compiles a pipeline's shader when it first runs, inside the submission: on a
  # loaded machine a large sampling kernel's fence takes longer than the device's default
  # 60 s wait (vk_device.c), so the tests wait up to 10 minutes (ctest's TIMEOUT bounds them)
  set(env "PROSPERO_SOURCE_DIR=${CMAKE_SOURCE_DIR}" "PROSPERO_VK_TIMEOUT_MS=600000")
  if(PROSPERO_SANITIZE)
    list(APPEND env "LSAN_OPTIONS=detect_leaks=0")
  endif()
  if(NOT G_TIMEOUT)
    set(G_TIMEOUT 300)
  endif()
  # PARTS n: n ctest entries gpu.NAME.1 .. gpu.NAME.n, each running every n-th unit of the
  # test's work (PROSPERO_TEST_PART, tests/support/test_part.h), so a long test runs side by
  # side under ctest -j and each part stays well inside its timeout.
  if(G_PARTS AND G_PARTS GREATER 1)
    foreach(i RANGE 1 ${G_PARTS})
      add_test(NAME gpu.${name}.${i} COMMAND test_gpu_${name})
      set_tests_properties(gpu.${name}.${i} PROPERTIES LABELS "gpu" TIMEOUT ${G_TIMEOUT}
                           ENVIRONMENT "${env};PROSPERO_TEST_PART=${i}/${G_PARTS}"
                           SKIP_RETURN_CODE 77)
    endforeach()
  else()
    add_test(NAME gpu.${name} COMMAND test_gpu_${name})
    set_tests_properties(gpu.${name} PROPERTIES LABELS "gpu" TIMEOUT ${G_TIMEOUT}
                         ENVIRONMENT "${env}" SKIP_RETURN_CODE 77)
  endif()
endfunction()

# The fuzzer flags: undefined behaviour is fatal, as in the sanitizer build (no recovery:
# libFuzzer keeps the input that triggered it).
if(PROSPERO_SANITIZE)
  set(PROSPERO_FUZZ_FLAGS -fsanitize=fuzzer)
else()
  set(PROSPERO_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined)
endif()

# prospero_fuzz_module(MODULE): the object library prospero_fuzz_MODULE, the sources of
# prospero_MODULE compiled with the fuzzer's instrumentation, made once and shared by every
# fuzz target that names the module.
function(prospero_fuzz_module m)
  if(TARGET prospero_fuzz_${m})
    return()
  endif()
  get_target_property(msrcs prospero_${m} SOURCES)
  get_target_property(mdir prospero_${m} SOURCE_DIR)
  set(srcs)
  foreach(s IN LISTS msrcs)
    if(NOT IS_ABSOLUTE ${s})
      set(s ${mdir}/${s})
    endif()
    list(APPEND srcs ${s})
  endforeach()
  add_library(prospero_fuzz_${m} OBJECT ${srcs})
  target_include_directories(prospero_fuzz_${m} PRIVATE ${CMAKE_SOURCE_DIR}/src
                             ${CMAKE_BINARY_DIR}/generated)
  target_compile_options(prospero_fuzz_${m} PRIVATE ${PROSPERO_FUZZ_FLAGS}
                         -fno-sanitize-recover=undefined)
  get_target_property(mlibs prospero_${m} LINK_LIBRARIES)
  if(mlibs)
    # their include folders and definitions; the fuzz target links them
    target_link_libraries(prospero_fuzz_${m} PRIVATE ${mlibs})
  endif()
endfunction()

# prospero_fuzz_target(NAME SOURCES ... [MODULES m ...] [LIBS ...] [SECONDS n] [CORPUS dir]):
# a libFuzzer target build/bin/fuzz_NAME plus a ctest entry (label "fuzz") that runs it for a
# bounded time, starting from the committed seeds in CORPUS (default: the folder's corpus/;
# every target has one, CMake stops without it). Undefined behaviour is fatal in it.
# The sources of each prospero module named in MODULES are compiled with coverage
# instrumentation (a plain link would give the fuzzer no feedback from them), once per
# module for all the targets (prospero_fuzz_module).
function(prospero_fuzz_target name)
  cmake_parse_arguments(F "" "SECONDS;CORPUS" "SOURCES;MODULES;LIBS" ${ARGN})
  if(NOT PROSPERO_FUZZ)
    return()
  endif()
  if(NOT F_SECONDS)
    set(F_SECONDS 20)
  endif()
  set(all_sources ${F_SOURCES})
  set(all_libs ${F_LIBS})
  foreach(m IN LISTS F_MODULES)
    prospero_fuzz_module(${m})
    list(APPEND all_sources $<TARGET_OBJECTS:prospero_fuzz_${m}>)
    get_target_property(mlibs prospero_${m} LINK_LIBRARIES)
    if(mlibs)
      foreach(l IN LISTS mlibs)
        # modules linked by this module are linked whole (not instrumented)
        list(APPEND all_libs ${l})
      endforeach()
    endif()
  endforeach()
  add_executable(fuzz_${name} ${all_sources})
  target_include_directories(fuzz_${name} PRIVATE ${CMAKE_SOURCE_DIR}/src
                             ${CMAKE_BINARY_DIR}/generated)
  target_compile_options(fuzz_${name} PRIVATE ${PROSPERO_FUZZ_FLAGS}
                         -fno-sanitize-recover=undefined)
  target_link_options(fuzz_${name} PRIVATE ${PROSPERO_FUZZ_FLAGS})
  target_link_libraries(fuzz_${name} PRIVATE ${all_libs})
  set(corpus ${CMAKE_BINARY_DIR}/fuzz-corpus/${name})
  file(MAKE_DIRECTORY ${corpus})
  # The committed seed corpus (the target's corpus/ folder, required) is read after the
  # writable one.
  set(seeds ${CMAKE_CURRENT_SOURCE_DIR}/corpus)
  if(F_CORPUS)
    get_filename_component(seeds ${F_CORPUS} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  file(GLOB seed_files ${seeds}/*)
  if(NOT seed_files)
    message(FATAL_ERROR "fuzz target ${name}: no seed corpus in ${seeds}")
  endif()
  add_test(NAME fuzz.${name}
           COMMAND fuzz_${name} -max_total_time=${F_SECONDS} -rss_limit_mb=2048
                   -timeout=10 -print_final_stats=1 ${corpus} ${seeds})
  set_tests_properties(fuzz.${name} PROPERTIES LABELS "fuzz" TIMEOUT ${F_SECONDS}0)
endfunction()

pkg_check_modules(CMOCKA REQUIRED IMPORTED_TARGET cmocka)
# elfutils libdw (and libelf): the loader reads guests' symbol tables and DWARF line tables
# for crash reports (src/loader/debug_info.c). Debian: libdw-dev.
pkg_check_modules(LIBDW REQUIRED IMPORTED_TARGET libdw)

# The fuzz tier needs clang and its libFuzzer runtime: without them CMake stops (the tier is
# switched off explicitly with -DPROSPERO_FUZZ=OFF, never left out quietly).
if(PROSPERO_FUZZ)
  if(NOT PROSPERO_IS_CLANG)
    message(FATAL_ERROR "PROSPERO_FUZZ needs clang as the C compiler (Debian package 'clang'; "
                        "CC=clang), or configure with -DPROSPERO_FUZZ=OFF")
  endif()
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS -fsanitize=fuzzer)
  set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=fuzzer)
  check_c_source_compiles([=[
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }
]=] PROSPERO_HAVE_LIBFUZZER)
  unset(CMAKE_REQUIRED_FLAGS)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  if(NOT PROSPERO_HAVE_LIBFUZZER)
    message(FATAL_ERROR "clang cannot link -fsanitize=fuzzer: install the Debian package "
                        "'libclang-rt-14-dev', or configure with -DPROSPERO_FUZZ=OFF")
  endif()
endif()

# Location of the read-only shared folder (oracles); the checkout sits beside it.
get_filename_component(_shared_guess ${CMAKE_SOURCE_DIR}/../shared ABSOLUTE)
set(PROSPERO_SHARED_DIR ${_shared_guess} CACHE PATH "Path to the shared/ folder (oracles)")
