# guest.playgo_chunks: the game is a copy of the guest's folder with a PlayGo chunk file made
# by make_playgo.py (sce_sys/playgo-chunk.dat, three chunks).
get_filename_component(hook_dir ${CMAKE_CURRENT_LIST_FILE} DIRECTORY)
if(GT_PHASE STREQUAL "prepare")
  find_program(PY NAMES python3 REQUIRED)
  file(COPY ${GT_GAME}/ DESTINATION ${GT_OUT_DIR}/game)
  set(GT_GAME ${GT_OUT_DIR}/game)
  execute_process(COMMAND ${PY} ${hook_dir}/make_playgo.py ${GT_GAME}/sce_sys/playgo-chunk.dat
                  RESULT_VARIABLE made)
  if(NOT made EQUAL 0)
    message(FATAL_ERROR "guest.playgo_chunks: make_playgo.py failed")
  endif()
endif()
