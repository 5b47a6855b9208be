/* libSceSysmodule: loading the console's system modules by id (sysmodule_ids.def). A
 * module the game ships in /app0/sce_module is loaded and started like
 * sceKernelLoadStartModule does; any other module is one of prospero's HLE libraries,
 * which are always present, so loading it only counts a reference. */
#ifndef PROSPERO_HLE_LIBSCESYSMODULE_SYSMODULE_H
#define PROSPERO_HLE_LIBSCESYSMODULE_SYSMODULE_H

#include <stdint.h>

/* Error codes (the console's SCE_SYSMODULE_ERROR_*) */
#define SYSMODULE_ERROR_INVALID_ID ((int)0x805A1000)
#define SYSMODULE_ERROR_NOT_LOADED ((int)0x805A1001)

/* Module flags (sysmodule_ids.def) */
#define SYSMODULE_GAME 0x4
#define SYSMODULE_DEBUG 0x8

/* The library name of module ID (internal: any id of the table; else a public id), or
 * NULL when the id is unknown. */
const char *sysmodule_name(uint32_t id, int internal);

/* The exports (the console's prototypes; see sdk/include/libsysmodule.h) */
int sysmodule_load_module(uint16_t id);
int sysmodule_unload_module(uint16_t id);
int sysmodule_is_loaded(uint16_t id);
int sysmodule_load_module_internal(uint32_t id);
int sysmodule_unload_module_internal(uint32_t id);
int sysmodule_is_loaded_internal(uint32_t id);

#endif
