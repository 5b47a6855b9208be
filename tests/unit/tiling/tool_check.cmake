# Runs prospero-tile on golden cases and compares byte for byte; checks bad arguments fail.
if(NOT EXISTS ${ORACLES}/manifest.tsv)
  message(STATUS "SKIP: ${ORACLES} not found; golden tiling data unavailable")
  return()
endif()
foreach(case "27;4;200;120;1;0;maps/SW_64KB_R_X_bpe4_200x120.bin"
              "24;2;256;256;1;0;maps/SW_64KB_Z_X_bpe2_256x256.bin"
              "1;16;64;64;1;0;maps/SW_256B_S_bpe16_64x64.bin")
  list(GET case 0 mode)
  list(GET case 1 bpe)
  list(GET case 2 w)
  list(GET case 3 h)
  list(GET case 4 levels)
  list(GET case 5 level)
  list(GET case 6 file)
  execute_process(COMMAND ${TOOL} offsets --mode ${mode} --bpe ${bpe} --width ${w}
                          --height ${h} --levels ${levels} --level ${level} -o ${OUT}/tool.bin
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "prospero-tile failed for ${file}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/tool.bin ${ORACLES}/${file}
                  RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "prospero-tile output differs from ${file}")
  endif()
endforeach()
execute_process(COMMAND ${TOOL} info --mode 9 --bpe 4 --width 300 --height 200 --levels 9
                OUTPUT_VARIABLE info RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT info MATCHES "size 655360\n" OR NOT info MATCHES "first_tail_level 3\n")
  message(FATAL_ERROR "prospero-tile info wrong:\n${info}")
endif()
execute_process(COMMAND ${TOOL} offsets --mode 12 --bpe 4 --width 8 --height 8 -o ${OUT}/x.bin
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "prospero-tile accepted a reserved mode (rc ${rc})")
endif()
message(STATUS "prospero-tile agrees with the golden maps")
