# guest.agc_compute_shader_cache: the "prepare" phase runs the guest once with --dump-shaders
# over the test's fresh per-title data folder (XDG_DATA_HOME is already set to it): the
# dispatch's shader must be compiled, dumped (code words, disassembly, IR, SPIR-V) and kept in
# the title's shader cache folder. The test's own run then finds it there (its log says so:
# EXPECT_LOG_REGEX). Without a Vulkan device the first run cannot dispatch: the test's own
# run reports the skip.
if(GT_PHASE STREQUAL "prepare")
  set(dump ${GT_OUT_DIR}/shaders)
  execute_process(COMMAND ${GT_PROSPERO} --dump-shaders ${dump} --game ${GT_GAME}
                  OUTPUT_FILE ${GT_OUT_DIR}/first-stdout.txt ERROR_FILE ${GT_OUT_DIR}/first-stderr.txt
                  RESULT_VARIABLE first_rc TIMEOUT ${GT_TIMEOUT})
  file(READ ${GT_OUT_DIR}/first-stderr.txt first_log)
  if(first_log MATCHES "no Vulkan device or shader cache|no compute dispatch installed")
    return()
  endif()
  if(NOT first_rc EQUAL 0)
    message(FATAL_ERROR "guest.agc_compute_shader_cache: the first run exited with '${first_rc}'")
  endif()
  if(NOT first_log MATCHES "shader [0-9a-f]+ compiled \\([0-9]+ SPIR-V words\\)")
    message(FATAL_ERROR "guest.agc_compute_shader_cache: the first run compiled no shader")
  endif()
  foreach(ext bin s ir spv)
    file(GLOB found ${dump}/*.${ext})
    list(LENGTH found n)
    if(NOT n EQUAL 1)
      message(FATAL_ERROR "guest.agc_compute_shader_cache: ${n} .${ext} files in ${dump} (1 expected)")
    endif()
  endforeach()
  # the SPIR-V magic number (little endian) and the program's end in the disassembly
  file(GLOB spv ${dump}/*.spv)
  file(READ ${spv} magic LIMIT 4 HEX)
  if(NOT magic STREQUAL "03022307")
    message(FATAL_ERROR "guest.agc_compute_shader_cache: ${spv} does not start with the SPIR-V magic")
  endif()
  file(GLOB dis ${dump}/*.s)
  file(READ ${dis} dis_text)
  if(NOT dis_text MATCHES "s_endpgm")
    message(FATAL_ERROR "guest.agc_compute_shader_cache: no s_endpgm in ${dis}")
  endif()
  file(GLOB_RECURSE kept ${GT_OUT_DIR}/data/prospero/*/shader_cache/*.spvc)
  if(NOT kept)
    message(FATAL_ERROR "guest.agc_compute_shader_cache: nothing in the title's shader_cache folder")
  endif()
endif()
