# guest.np_uds_stats: the game is a copy of the guest's folder with the trophy and UDS files
# made by make_uds.py; the prepare phase runs the guest once (`first`) over the test's fresh
# data folder, the test's run (`second`) must find its stats and progress. Afterwards the
# per-user files must hold the values the events lead to (the UDS guide's aggregations).
get_filename_component(hook_dir ${CMAKE_CURRENT_LIST_FILE} DIRECTORY)
if(GT_PHASE STREQUAL "prepare")
  find_program(PY NAMES python3 REQUIRED)
  file(COPY ${GT_GAME}/ DESTINATION ${GT_OUT_DIR}/game)
  set(GT_GAME ${GT_OUT_DIR}/game)
  file(MAKE_DIRECTORY ${GT_GAME}/sce_sys/trophy2 ${GT_GAME}/sce_sys/uds)
  execute_process(COMMAND ${PY} ${hook_dir}/make_uds.py ${GT_GAME}/sce_sys/trophy2/trophy00.ucp
                          ${GT_GAME}/sce_sys/uds/uds00.ucp RESULT_VARIABLE made)
  if(NOT made EQUAL 0)
    message(FATAL_ERROR "guest.np_uds_stats: make_uds.py failed")
  endif()
  execute_process(COMMAND ${GT_PROSPERO} --game ${GT_GAME} -- first
                  OUTPUT_FILE ${GT_OUT_DIR}/first-stdout.txt ERROR_FILE ${GT_OUT_DIR}/first-stderr.txt
                  RESULT_VARIABLE first_rc TIMEOUT ${GT_TIMEOUT})
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GT_OUT_DIR}/first-stdout.txt
                          ${hook_dir}/expected.first.stdout RESULT_VARIABLE differ)
  if(NOT first_rc EQUAL 0 OR differ)
    message(FATAL_ERROR "guest.np_uds_stats: the first run failed (exit '${first_rc}', "
                        "stdout in ${GT_OUT_DIR}/first-stdout.txt)")
  endif()
elseif(GT_PHASE STREQUAL "check")
  foreach(f IN ITEMS "uds/1/stats.txt|100 3;101 2;102 4;103 40"
                     "trophy/1/progress.txt|1 3;3 10")
    string(REPLACE "|" ";" parts "${f}")
    list(GET parts 0 name)
    list(SUBLIST parts 1 -1 want)
    file(GLOB_RECURSE kept ${GT_OUT_DIR}/data/prospero/*/${name})
    if(NOT kept)
      list(APPEND failures "no ${name} under the per-title data folder")
    else()
      file(STRINGS ${kept} lines)
      if(NOT "${lines}" STREQUAL "${want}")
        list(APPEND failures "${name} holds '${lines}', expected '${want}'")
      endif()
    endif()
  endforeach()
  file(GLOB_RECURSE kept ${GT_OUT_DIR}/data/prospero/*/trophy/1/unlocked.txt)
  set(ids)
  if(kept)
    file(STRINGS ${kept} lines)
    foreach(l IN LISTS lines)
      string(REGEX REPLACE " .*" "" id "${l}")
      list(APPEND ids ${id})
    endforeach()
  endif()
  if(NOT "${ids}" STREQUAL "0;1;2;3;5")
    list(APPEND failures "unlocked.txt holds ids '${ids}', expected 0;1;2;3;5")
  endif()
endif()
