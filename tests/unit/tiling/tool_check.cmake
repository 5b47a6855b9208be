# Runs prospero-tile on golden cases and compares the SHA-256 of its output with the oracle's
# manifest kept in the repository (DATA = tests/data/tiling); checks bad arguments fail.
file(STRINGS ${DATA}/manifest.tsv manifest)
if(NOT manifest)
  message(FATAL_ERROR "${DATA}/manifest.tsv is missing or empty")
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
  set(want "")
  foreach(row IN LISTS manifest)
    if(row MATCHES "^${file}\t.*\t([0-9a-f]+)$")
      set(want ${CMAKE_MATCH_1})
    endif()
  endforeach()
  if(want STREQUAL "")
    message(FATAL_ERROR "${file} is not in ${DATA}/manifest.tsv")
  endif()
  file(SHA256 ${OUT}/tool.bin got)
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "prospero-tile output differs from ${file} (SHA-256 ${got}, manifest "
                        "${want}; the full map is in ../shared/oracles/tiling)")
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
