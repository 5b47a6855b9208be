# guest.dialogs_terminal: with a terminal on standard input, the text input dialog asks
# there. The prepare phase runs the guest under script(1) (a pseudo-terminal) typing the
# line in terminal.input, and checks that the guest got it; the test's own run is the
# ordinary one (no terminal: answered yes). Without script(1) the test is skipped.
get_filename_component(hook_dir ${CMAKE_CURRENT_LIST_FILE} DIRECTORY)
if(GT_PHASE STREQUAL "prepare")
  find_program(SCRIPT_TOOL script)
  if(NOT SCRIPT_TOOL)
    message(FATAL_ERROR "guest.dialogs_terminal: SKIP (no script(1) to make a terminal)")
  endif()
  execute_process(COMMAND ${SCRIPT_TOOL} -qec "'${GT_PROSPERO}' --game '${GT_GAME}'" /dev/null
                  INPUT_FILE ${hook_dir}/terminal.input OUTPUT_VARIABLE typed
                  ERROR_VARIABLE typed_err RESULT_VARIABLE typed_rc TIMEOUT ${GT_TIMEOUT})
  file(WRITE ${GT_OUT_DIR}/terminal-output.txt "${typed}${typed_err}")
  if(NOT typed_rc EQUAL 0 OR NOT typed MATCHES "text input \"Name\"" OR
     NOT typed MATCHES "end status 0 text \"Typed name\"")
    message(FATAL_ERROR "guest.dialogs_terminal: the typed line did not reach the guest "
                        "(exit '${typed_rc}', output in ${GT_OUT_DIR}/terminal-output.txt)")
  endif()
endif()
