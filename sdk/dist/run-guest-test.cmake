# Runs one guest golden test (see prospero_guest_test in cmake/ProsperoGuest.cmake).
# Called as: cmake -DGT_CONFIG=<generated settings> -P run-guest-test.cmake
include(${GT_CONFIG})

file(REMOVE_RECURSE ${GT_OUT_DIR})
file(MAKE_DIRECTORY ${GT_OUT_DIR}/data)
set(out ${GT_OUT_DIR}/stdout.txt)
set(err ${GT_OUT_DIR}/stderr.txt)
# per-title data (mounts /download0, /temp0, ...) stays inside the test's folder
set(ENV{XDG_DATA_HOME} ${GT_OUT_DIR}/data)

if(NOT EXISTS ${GT_GAME}/eboot.bin)
  message(FATAL_ERROR "guest ${GT_NAME}: ${GT_GAME}/eboot.bin was not built")
endif()
set(cmd ${GT_PROSPERO} ${GT_EMULATOR_ARGS} --game ${GT_GAME})
if(GT_ARGS)
  list(APPEND cmd -- ${GT_ARGS})
endif()
execute_process(COMMAND ${cmd} OUTPUT_FILE ${out} ERROR_FILE ${err}
                RESULT_VARIABLE rc TIMEOUT ${GT_TIMEOUT})

set(failures)
if(NOT "${rc}" STREQUAL "${GT_EXPECT_EXIT}")
  list(APPEND failures "exit status is '${rc}', expected ${GT_EXPECT_EXIT}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${out} ${GT_EXPECT_STDOUT}
                RESULT_VARIABLE differ OUTPUT_QUIET ERROR_QUIET)
if(differ)
  list(APPEND failures "stdout differs from ${GT_EXPECT_STDOUT}")
  execute_process(COMMAND diff -u ${GT_EXPECT_STDOUT} ${out})
endif()
file(READ ${err} log)
foreach(re IN LISTS GT_LOG_REGEX)
  if(NOT log MATCHES "${re}")
    list(APPEND failures "the emulator log has no match for /${re}/")
  endif()
endforeach()

if(failures)
  message("---- emulator log (stderr) ----")
  execute_process(COMMAND tail -n 40 ${err})
  foreach(f IN LISTS failures)
    message("FAIL guest.${GT_NAME}: ${f}")
  endforeach()
  message(FATAL_ERROR "guest.${GT_NAME} failed")
endif()
message("guest.${GT_NAME}: ok (exit ${rc})")
