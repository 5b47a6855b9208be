/* libSceSysmodule: loading system modules by id (names and types as the console SDK spells
 * them; a selection of the ids). */
#ifndef _PROSPERO_LIBSYSMODULE_H
#define _PROSPERO_LIBSYSMODULE_H

#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_SYSMODULE_ERROR_INVALID_ID ((int)0x805A1000)
#define SCE_SYSMODULE_ERROR_NOT_LOADED ((int)0x805A1001)

typedef uint16_t SceSysmoduleModuleId;
typedef uint32_t SceSysmoduleModuleIdInternal;

#define SCE_SYSMODULE_FIBER 0x0006
#define SCE_SYSMODULE_ULT 0x0007
#define SCE_SYSMODULE_NGS2 0x000B
#define SCE_SYSMODULE_RUDP 0x0021
#define SCE_SYSMODULE_PLAYGO 0x0083
#define SCE_SYSMODULE_FONT 0x0084
#define SCE_SYSMODULE_AUDIODEC 0x0088
#define SCE_SYSMODULE_JPEG_DEC 0x008A
#define SCE_SYSMODULE_PNG_DEC 0x008C
#define SCE_SYSMODULE_IME_DIALOG 0x0096
#define SCE_SYSMODULE_NP_AUTH 0x009D
#define SCE_SYSMODULE_SAVE_DATA_DIALOG 0x00A0
#define SCE_SYSMODULE_MESSAGE_DIALOG 0x00A4
#define SCE_SYSMODULE_AV_PLAYER 0x00A5
#define SCE_SYSMODULE_ERROR_DIALOG 0x00AC
#define SCE_SYSMODULE_NP_TROPHY 0x00AD
#define SCE_SYSMODULE_NP_UNIVERSAL_DATA_SYSTEM 0x0105
#define SCE_SYSMODULE_NP_TROPHY2 0x0110 /* from public PS5 homebrew headers, unverified */
#define SCE_SYSMODULE_APP_CONTENT 0x00B4

#define SCE_SYSMODULE_INTERNAL_AUDIOOUT 0x80000001
#define SCE_SYSMODULE_INTERNAL_NP_MANAGER 0x8000000D
#define SCE_SYSMODULE_INTERNAL_SAVE_DATA 0x8000000F
#define SCE_SYSMODULE_INTERNAL_SYSTEM_SERVICE 0x80000010
#define SCE_SYSMODULE_INTERNAL_USER_SERVICE 0x80000011
#define SCE_SYSMODULE_INTERNAL_COMMON_DIALOG 0x80000018
#define SCE_SYSMODULE_INTERNAL_NET 0x8000001C
#define SCE_SYSMODULE_INTERNAL_RTC 0x80000020
#define SCE_SYSMODULE_INTERNAL_VIDEO_OUT 0x80000022
#define SCE_SYSMODULE_INTERNAL_PAD 0x80000024

int sceSysmoduleLoadModule(SceSysmoduleModuleId id);
int sceSysmoduleUnloadModule(SceSysmoduleModuleId id);
int sceSysmoduleIsLoaded(SceSysmoduleModuleId id);
int sceSysmoduleLoadModuleInternal(SceSysmoduleModuleIdInternal id);
int sceSysmoduleUnloadModuleInternal(SceSysmoduleModuleIdInternal id);
int sceSysmoduleIsLoadedInternal(SceSysmoduleModuleIdInternal id);

__PROSPERO_END_DECLS

#endif
