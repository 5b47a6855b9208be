# guest.save_data_persist: the "prepare" phase runs the guest once with `save` over the test's
# fresh per-title data folder (XDG_DATA_HOME is already set to it) and checks that run's
# output; the test's own run then loads what it saved. The "check" phase looks at the slot
# folder on the host.
get_filename_component(hook_dir ${CMAKE_CURRENT_LIST_FILE} DIRECTORY)
if(GT_PHASE STREQUAL "prepare")
  execute_process(COMMAND ${GT_PROSPERO} --game ${GT_GAME} -- save
                  OUTPUT_FILE ${GT_OUT_DIR}/save-stdout.txt ERROR_FILE ${GT_OUT_DIR}/save-stderr.txt
                  RESULT_VARIABLE save_rc TIMEOUT ${GT_TIMEOUT})
  if(NOT save_rc EQUAL 0)
    message(FATAL_ERROR "guest.save_data_persist: the saving run exited with '${save_rc}'")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GT_OUT_DIR}/save-stdout.txt
                          ${hook_dir}/expected.save.stdout RESULT_VARIABLE differ)
  if(differ)
    execute_process(COMMAND diff -u ${hook_dir}/expected.save.stdout ${GT_OUT_DIR}/save-stdout.txt)
    message(FATAL_ERROR "guest.save_data_persist: the saving run's stdout differs")
  endif()
elseif(GT_PHASE STREQUAL "check")
  file(GLOB_RECURSE saved ${GT_OUT_DIR}/data/prospero/*/savedata/1/PROGRESS/progress.txt)
  if(NOT saved)
    list(APPEND failures "no slot folder savedata/1/PROGRESS/ under the per-title data folder")
  endif()
endif()
