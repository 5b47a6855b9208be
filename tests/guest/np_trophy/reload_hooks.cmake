# guest.np_trophy_reload: the prepare phase runs the guest once with `noset` over the test's
# fresh data folder (it unlocks trophies 5, 0 and 127); the test's run (`reload`) must find
# them unlocked.
get_filename_component(hook_dir ${CMAKE_CURRENT_LIST_FILE} DIRECTORY)
if(GT_PHASE STREQUAL "prepare")
  execute_process(COMMAND ${GT_PROSPERO} --game ${GT_GAME} -- noset
                  OUTPUT_FILE ${GT_OUT_DIR}/first-stdout.txt ERROR_FILE ${GT_OUT_DIR}/first-stderr.txt
                  RESULT_VARIABLE first_rc TIMEOUT ${GT_TIMEOUT})
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GT_OUT_DIR}/first-stdout.txt
                          ${hook_dir}/expected.noset.stdout RESULT_VARIABLE differ)
  if(NOT first_rc EQUAL 0 OR differ)
    message(FATAL_ERROR "guest.np_trophy_reload: the first run failed (exit '${first_rc}')")
  endif()
endif()
