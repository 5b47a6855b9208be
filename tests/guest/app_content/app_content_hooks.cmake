# guest.app_content: the game is a copy of the guest's folder whose sce_sys/param.json also
# names three of the four user-defined parameters (userDefinedParam1, 3 and 4).
if(GT_PHASE STREQUAL "prepare")
  file(COPY ${GT_GAME}/ DESTINATION ${GT_OUT_DIR}/game)
  set(GT_GAME ${GT_OUT_DIR}/game)
  file(READ ${GT_GAME}/sce_sys/param.json json)
  string(REPLACE "\"titleId\"" "\"userDefinedParam1\": 7, \"userDefinedParam3\": -5,\n  \"userDefinedParam4\": 2147483647,\n  \"titleId\"" json "${json}")
  file(WRITE ${GT_GAME}/sce_sys/param.json "${json}")
endif()
