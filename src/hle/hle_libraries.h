/* The list of HLE libraries: one X(name) line per library. Each line expects a definition
 * `const struct hle_library hle_library_<name>` in the library's table file. Adding a
 * library is one line here plus its table. */
#ifndef PROSPERO_HLE_HLE_LIBRARIES_H
#define PROSPERO_HLE_HLE_LIBRARIES_H

#include "hle/hle.h"

/* The system dialogs (src/hle/libSceCommonDialog/, one table file for the five). */
#define HLE_DIALOGS(X)  \
  X(libSceCommonDialog) \
  X(libSceMsgDialog)    \
  X(libSceErrorDialog)  \
  X(libSceImeDialog)    \
  X(libSceSaveDataDialog)

/* The PS5's event library, which carries its trophy unlocks
 * (src/hle/libSceNpUniversalDataSystem/). */
#define HLE_UDS(X) X(libSceNpUniversalDataSystem)

/* The Np libraries a game's start-up calls, answering as an offline console (signed out, no
 * add-on content, no game intent): src/hle/libSceNpWebApi/, libSceNpAuth/,
 * libSceNpGameIntent/, libSceNpEntitlementAccess/, and the Initialize/Terminate of the
 * matching libraries, libSceNpMatching2/ and libSceNpSessionSignaling/; libSceNpCommon/:
 * id comparisons. */
#define HLE_NP_OFFLINE(X)      \
  X(libSceNpWebApi)            \
  X(libSceNpWebApi2)           \
  X(libSceNpAuth)              \
  X(libSceNpGameIntent)        \
  X(libSceNpEntitlementAccess) \
  X(libSceNpMatching2)         \
  X(libSceNpSessionSignaling)  \
  X(libSceNpCommon)

#define HLE_LIBRARIES(X) \
  X(libkernel)           \
  X(libScePosix)         \
  X(libc)                \
  X(libSceSystemService) \
  X(libSceUserService)   \
  X(libSceSysmodule)     \
  X(libSceAppContent)    \
  X(libScePlayGo)        \
  X(libSceRtc)           \
  X(libSceNpManager)     \
  X(libSceSaveData)      \
  X(libSceNpTrophy)      \
  X(libSceNpTrophy2)     \
  HLE_UDS(X)             \
  HLE_NP_OFFLINE(X)      \
  HLE_DIALOGS(X)         \
  X(libSceDiscMap)       \
  X(libSceVideoOut)      \
  X(libSceAgc)           \
  X(libSceAgcDriver)     \
  X(libScePad)           \
  X(libSceAudioOut)

#define HLE_LIBRARY_DECLARE_(n) extern const struct hle_library hle_library_##n;
HLE_LIBRARIES(HLE_LIBRARY_DECLARE_)
#undef HLE_LIBRARY_DECLARE_

#endif
