# guest.scanout_tiled host side. prepare: the golden offset map of SW_64KB_R_X, 4 bytes per
# element, 200x120 into the game folder (/app0/map.bin): the oracle's file when
# ../shared/oracles is there, else prospero-tile's, which must then have the manifest's
# SHA-256 (tests/data/tiling/manifest.tsv), i.e. be the oracle's bytes.
if(GT_PHASE STREQUAL "prepare")
  set(file maps/SW_64KB_R_X_bpe4_200x120.bin)
  set(map ${GT_GAME}/map.bin)
  if(EXISTS ${SCANOUT_SHARED}/oracles/tiling/${file})
    file(COPY_FILE ${SCANOUT_SHARED}/oracles/tiling/${file} ${map})
  else()
    execute_process(COMMAND ${SCANOUT_TILE} offsets --mode 27 --bpe 4 --width 200 --height 120
                            -o ${map} RESULT_VARIABLE rc)
  endif()
  file(STRINGS ${SCANOUT_DATA}/manifest.tsv rows REGEX "^${file}\t")
  string(REGEX MATCH "[0-9a-f]+$" want "${rows}")
  file(SHA256 ${map} got)
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "the offset map for the test is not the golden one (${got} != ${want})")
  endif()
endif()
