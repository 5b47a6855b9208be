# Guest builds and guest golden tests (the SDK's CMake side; see docs/sdk.md).
#
#   prospero_guest(NAME SOURCES src... [CFLAGS flag...] [PRX_MODULES prx...]
#                  [PARAM_JSON file] [STATIC LINKER_SCRIPT file [MKSELF_FLAGS flag...]])
#       builds the game folder ${CMAKE_BINARY_DIR}/guests/NAME/ with eboot.bin (fake-signed
#       PS5 SELF) and its sidecar eboot.bin.debug (the linked ELF with symbols, and DWARF
#       with -g: crash reports and addr2line/gdb read it; CFLAGS --no-debug-file leaves it
#       out), sce_sys/param.json (PARAM_JSON or a generated one with a title id unique to
#       NAME) and sce_module/<prx>.prx (+ .prx.debug) for each PRX_MODULES entry (built
#       with prospero_guest_prx; the executable is linked against them). STATIC builds as
#       the public PS5 homebrew SDK builds apps (prospero-cc --static: freestanding, raw
#       system calls, no imports, linked --static with LINKER_SCRIPT, wrapped as is;
#       MKSELF_FLAGS choose the SELF writer's variant). Target guest_NAME.
#   prospero_guest_prx(NAME SOURCES src... [CFLAGS flag...])
#       builds ${CMAKE_BINARY_DIR}/guest-prx/NAME/NAME.prx (and NAME.so to link against,
#       NAME.prx.debug unless CFLAGS has --no-debug-file).
#   prospero_guest_test(NAME GUEST g [ARGS arg...] EXPECT_STDOUT file EXPECT_EXIT n
#                       [EXPECT_LOG_REGEX re...] [EMULATOR_ARGS opt...] [TIMEOUT s]
#                       [EXPECT_GUEST_LOG file] [SKIP_REGEX re] [HOOKS script])
#       ctest "guest.NAME" (label guest): runs
#       `prospero [EMULATOR_ARGS] --game <folder of g> [-- ARGS]`,
#       compares stdout byte for byte with EXPECT_STDOUT, checks the exit code and that
#       each regex matches the emulator log (stderr). EXPECT_GUEST_LOG runs with
#       `--guest-log <fresh file>` and compares that file byte for byte. SKIP_REGEX: a
#       failing run whose emulator log matches it is reported as a skip (a host limit).
#       HOOKS: a CMake script included with GT_PHASE "prepare" before the run (host files in
#       GT_OUT_DIR, e.g. under the per-title data GT_OUT_DIR/data/prospero/<title>) and
#       "check" after it (appends messages to `failures`).
#
# Guests are built only when the HLE export table exists (tools/hle-export, or a table file
# given in PROSPERO_HLE_TABLE); guest tests only when the prospero executable exists too.

find_program(PROSPERO_GUEST_CLANG NAMES clang-14 clang DOC "C compiler for guests")
find_program(PROSPERO_GUEST_LLD NAMES ld.lld-14 ld.lld DOC "ELF linker for guests")
set(PROSPERO_HLE_TABLE "" CACHE FILEPATH
    "Use this HLE export table file instead of running prospero-hle-export (development)")

# The guest tier (the SDK, every guest and guest.* test) needs both: stop here rather than
# register fewer tests.
if(NOT PROSPERO_GUEST_CLANG)
  message(FATAL_ERROR "no clang for guests (clang-14 or clang): install the Debian package "
                      "'clang' (scripts/install-deps.sh)")
endif()
if(NOT PROSPERO_GUEST_LLD)
  message(FATAL_ERROR "no ELF linker for guests (ld.lld-14 or ld.lld): install the Debian "
                      "package 'lld' (scripts/install-deps.sh)")
endif()

set(PROSPERO_GUEST_SDK_AVAILABLE OFF)
if(PROSPERO_GUEST_CLANG AND PROSPERO_GUEST_LLD AND
   (PROSPERO_HLE_TABLE OR EXISTS ${CMAKE_SOURCE_DIR}/tools/hle-export/CMakeLists.txt))
  set(PROSPERO_GUEST_SDK_AVAILABLE ON)
endif()
set(PROSPERO_GUEST_TESTS_AVAILABLE OFF)
if(PROSPERO_GUEST_SDK_AVAILABLE AND EXISTS ${CMAKE_SOURCE_DIR}/src/app/CMakeLists.txt)
  set(PROSPERO_GUEST_TESTS_AVAILABLE ON)
endif()
if(NOT PROSPERO_GUEST_SDK_AVAILABLE)
  message(STATUS "Guest SDK: no HLE export table yet (tools/hle-export); guests are not built")
endif()

# Files every guest build depends on (outputs of sdk/dist).
set(PROSPERO_SDK_FILES ${CMAKE_BINARY_DIR}/sdk/lib/crt1.o ${CMAKE_BINARY_DIR}/sdk/lib/crtprx.o
    ${CMAKE_BINARY_DIR}/sdk/lib/cxxrt.o ${CMAKE_BINARY_DIR}/sdk/lib/nids.tsv
    ${CMAKE_BINARY_DIR}/sdk/lib/layout.ld)

function(_prospero_guest_abs_sources out)
  set(r)
  foreach(s IN LISTS ARGN)
    get_filename_component(a ${s} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND r ${a})
  endforeach()
  set(${out} ${r} PARENT_SCOPE)
endfunction()

function(prospero_guest_prx name)
  cmake_parse_arguments(P "" "" "SOURCES;CFLAGS" ${ARGN})
  if(NOT PROSPERO_GUEST_SDK_AVAILABLE)
    return()
  endif()
  _prospero_guest_abs_sources(srcs ${P_SOURCES})
  if("--no-debug-file" IN_LIST P_CFLAGS)
    set_property(GLOBAL PROPERTY prospero_prx_no_debug_${name} ON)
  endif()
  set(dir ${CMAKE_BINARY_DIR}/guest-prx/${name})
  add_custom_command(OUTPUT ${dir}/${name}.prx ${dir}/${name}.so
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${CMAKE_BINARY_DIR}/bin/prospero-cc --prx ${P_CFLAGS} --module ${name}
            --emit-link-so ${dir}/${name}.so --depfile ${dir}/${name}.prx.d
            -o ${dir}/${name}.prx ${srcs}
    DEPFILE ${dir}/${name}.prx.d
    DEPENDS ${srcs} ${PROSPERO_SDK_FILES} prospero-sdk prospero-mkself
            ${CMAKE_SOURCE_DIR}/sdk/dist/prospero-cc.in
    COMMENT "Building guest PRX ${name}" VERBATIM)
  add_custom_target(guest_prx_${name} ALL DEPENDS ${dir}/${name}.prx)
endfunction()

function(prospero_guest name)
  cmake_parse_arguments(G "STATIC" "PARAM_JSON;LINKER_SCRIPT" "SOURCES;CFLAGS;PRX_MODULES;MKSELF_FLAGS"
                        ${ARGN})
  if(NOT PROSPERO_GUEST_SDK_AVAILABLE)
    return()
  endif()
  _prospero_guest_abs_sources(srcs ${G_SOURCES})
  set(dir ${CMAKE_BINARY_DIR}/guests/${name})
  set(prx_inputs)
  set(prx_commands)
  foreach(p IN LISTS G_PRX_MODULES)
    set(pdir ${CMAKE_BINARY_DIR}/guest-prx/${p})
    list(APPEND prx_inputs ${pdir}/${p}.so)
    list(APPEND prx_commands COMMAND ${CMAKE_COMMAND} -E copy ${pdir}/${p}.prx
         ${dir}/sce_module/${p}.prx)
    get_property(no_debug GLOBAL PROPERTY prospero_prx_no_debug_${p})
    if(no_debug)
      list(APPEND prx_commands COMMAND ${CMAKE_COMMAND} -E rm -f ${dir}/sce_module/${p}.prx.debug)
    else()
      list(APPEND prx_commands COMMAND ${CMAKE_COMMAND} -E copy ${pdir}/${p}.prx.debug
           ${dir}/sce_module/${p}.prx.debug)
    endif()
  endforeach()
  set(prx_deps)
  foreach(p IN LISTS G_PRX_MODULES)
    list(APPEND prx_deps ${CMAKE_BINARY_DIR}/guest-prx/${p}/${p}.prx guest_prx_${p})
  endforeach()

  # param.json: given, or generated with a title id derived from the guest's name
  if(G_PARAM_JSON)
    get_filename_component(pj ${G_PARAM_JSON} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    configure_file(${pj} ${dir}/sce_sys/param.json COPYONLY)
  else()
    string(MD5 h "${name}")
    string(SUBSTRING ${h} 0 5 h5)
    math(EXPR num "0x${h5} % 100000")
    string(LENGTH "${num}" len)
    while(len LESS 5)
      set(num "0${num}")
      string(LENGTH "${num}" len)
    endwhile()
    set(title "PRSP${num}")
    file(CONFIGURE OUTPUT ${dir}/sce_sys/param.json CONTENT [=[{
  "titleId": "@title@",
  "contentId": "IV0000-@title@_00-PROSPEROGUEST000",
  "contentVersion": "01.000.000",
  "appVersion": "01.00",
  "applicationCategoryType": 0,
  "kernel": { "flexibleMemorySize": 268435456 },
  "localizedParameters": {
    "defaultLanguage": "en-US",
    "en-US": { "titleName": "@name@" }
  }
}
]=] @ONLY)
  endif()

  set(static_flags)
  set(static_deps)
  if(G_STATIC)
    get_filename_component(ls ${G_LINKER_SCRIPT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND static_flags --static -Wl,-T,${ls})
    foreach(f IN LISTS G_MKSELF_FLAGS)
      list(APPEND static_flags --mkself-flag ${f})
    endforeach()
    set(static_deps ${ls})
  endif()
  add_custom_command(OUTPUT ${dir}/eboot.bin
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}/sce_module
    COMMAND ${CMAKE_BINARY_DIR}/bin/prospero-cc ${static_flags} ${G_CFLAGS} --module eboot
            --depfile ${CMAKE_CURRENT_BINARY_DIR}/guest-${name}.d
            -o ${dir}/eboot.bin ${srcs} ${prx_inputs}
    ${prx_commands}
    DEPFILE ${CMAKE_CURRENT_BINARY_DIR}/guest-${name}.d
    DEPENDS ${srcs} ${PROSPERO_SDK_FILES} prospero-sdk prospero-mkself ${prx_deps}
            ${static_deps} ${CMAKE_SOURCE_DIR}/sdk/dist/prospero-cc.in
    COMMENT "Building guest ${name}" VERBATIM)
  add_custom_target(guest_${name} ALL DEPENDS ${dir}/eboot.bin)
endfunction()

function(prospero_guest_test name)
  cmake_parse_arguments(T "STDIN_PIPE" "GUEST;EXPECT_STDOUT;EXPECT_EXIT;TIMEOUT;EXPECT_GUEST_LOG;SKIP_REGEX;HOOKS"
                        "ARGS;EXPECT_LOG_REGEX;EMULATOR_ARGS" ${ARGN})
  if(NOT T_GUEST OR NOT T_EXPECT_STDOUT OR "${T_EXPECT_EXIT}" STREQUAL "")
    message(FATAL_ERROR "prospero_guest_test(${name}): GUEST, EXPECT_STDOUT and EXPECT_EXIT "
                        "are required")
  endif()
  if(NOT PROSPERO_GUEST_TESTS_AVAILABLE)
    return()
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 60)
  endif()
  get_filename_component(expect ${T_EXPECT_STDOUT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  set(cfg "set(GT_NAME [==[${name}]==])\n")
  string(APPEND cfg "set(GT_PROSPERO [==[$<TARGET_FILE:prospero>]==])\n")
  string(APPEND cfg "set(GT_GAME [==[${CMAKE_BINARY_DIR}/guests/${T_GUEST}]==])\n")
  string(APPEND cfg "set(GT_EXPECT_STDOUT [==[${expect}]==])\n")
  string(APPEND cfg "set(GT_EXPECT_EXIT [==[${T_EXPECT_EXIT}]==])\n")
  string(APPEND cfg "set(GT_TIMEOUT ${T_TIMEOUT})\n")
  string(APPEND cfg "set(GT_OUT_DIR [==[${CMAKE_CURRENT_BINARY_DIR}/guest-test-${name}]==])\n")
  set(expect_glog "")
  if(T_EXPECT_GUEST_LOG)
    get_filename_component(expect_glog ${T_EXPECT_GUEST_LOG} ABSOLUTE
                           BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  string(APPEND cfg "set(GT_EXPECT_GUEST_LOG [==[${expect_glog}]==])\n")
  # HOOKS: a CMake script included before the run (GT_PHASE prepare: set up host files in
  # GT_OUT_DIR) and after it (GT_PHASE check: append to `failures`)
  set(hooks "")
  if(T_HOOKS)
    get_filename_component(hooks ${T_HOOKS} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  string(APPEND cfg "set(GT_HOOKS [==[${hooks}]==])\n")
  # STDIN_PIPE: the emulator's standard input is a FIFO that never delivers data nor end of
  # file (reads of it block), for tests of interrupted reads
  string(APPEND cfg "set(GT_STDIN_PIPE ${T_STDIN_PIPE})\n")
  string(APPEND cfg "set(GT_ARGS)\n")
  foreach(a IN LISTS T_ARGS)
    string(APPEND cfg "list(APPEND GT_ARGS [==[${a}]==])\n")
  endforeach()
  string(APPEND cfg "set(GT_EMULATOR_ARGS)\n")
  foreach(a IN LISTS T_EMULATOR_ARGS)
    string(APPEND cfg "list(APPEND GT_EMULATOR_ARGS [==[${a}]==])\n")
  endforeach()
  string(APPEND cfg "set(GT_LOG_REGEX)\n")
  foreach(r IN LISTS T_EXPECT_LOG_REGEX)
    string(APPEND cfg "list(APPEND GT_LOG_REGEX [==[${r}]==])\n")
  endforeach()
  set(cfg_file ${CMAKE_CURRENT_BINARY_DIR}/guest-test-${name}.cmake)
  file(GENERATE OUTPUT ${cfg_file} CONTENT "${cfg}")
  add_test(NAME guest.${name}
           COMMAND ${CMAKE_COMMAND} -DGT_CONFIG=${cfg_file}
                   -P ${CMAKE_SOURCE_DIR}/sdk/dist/run-guest-test.cmake)
  set_tests_properties(guest.${name} PROPERTIES LABELS guest TIMEOUT ${T_TIMEOUT}0)
  if(T_SKIP_REGEX)
    set_tests_properties(guest.${name} PROPERTIES SKIP_REGULAR_EXPRESSION "${T_SKIP_REGEX}")
  endif()
endfunction()
