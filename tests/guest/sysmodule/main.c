/* libSceSysmodule conformance: a module the game ships (libSceFace.prx in sce_module, not
 * linked: loading it runs its module_start, the last unload its module_stop), an HLE
 * library (NP trophy), an internal id, reference counts, and the errors for id 0, an
 * unknown id, a development-console module and unloading what is not loaded. */
#include <libsysmodule.h>
#include <stdio.h>

#define SCE_SYSMODULE_FACE 0x0038 /* libSceFace: a module games ship themselves */
#define UNKNOWN_ID 0x7fff
#define INTERNAL_DBG 0x80000025 /* libSceDbg: development consoles only */

#define SHOW(call) printf("%-44s 0x%x\n", #call, (unsigned)(call))

int main(void) {
  SHOW(sceSysmoduleIsLoaded(SCE_SYSMODULE_FACE));
  SHOW(sceSysmoduleLoadModule(SCE_SYSMODULE_FACE));
  SHOW(sceSysmoduleIsLoaded(SCE_SYSMODULE_FACE));
  SHOW(sceSysmoduleLoadModule(SCE_SYSMODULE_FACE));
  SHOW(sceSysmoduleUnloadModule(SCE_SYSMODULE_FACE));
  SHOW(sceSysmoduleIsLoaded(SCE_SYSMODULE_FACE));
  SHOW(sceSysmoduleUnloadModule(SCE_SYSMODULE_FACE));
  SHOW(sceSysmoduleIsLoaded(SCE_SYSMODULE_FACE));
  SHOW(sceSysmoduleUnloadModule(SCE_SYSMODULE_FACE));

  SHOW(sceSysmoduleLoadModule(SCE_SYSMODULE_NP_TROPHY));
  SHOW(sceSysmoduleIsLoaded(SCE_SYSMODULE_NP_TROPHY));
  SHOW(sceSysmoduleUnloadModule(SCE_SYSMODULE_NP_TROPHY));
  SHOW(sceSysmoduleIsLoaded(SCE_SYSMODULE_NP_TROPHY));

  SHOW(sceSysmoduleIsLoadedInternal(SCE_SYSMODULE_INTERNAL_USER_SERVICE));
  SHOW(sceSysmoduleLoadModuleInternal(SCE_SYSMODULE_INTERNAL_USER_SERVICE));
  SHOW(sceSysmoduleIsLoadedInternal(SCE_SYSMODULE_INTERNAL_USER_SERVICE));
  SHOW(sceSysmoduleUnloadModuleInternal(SCE_SYSMODULE_INTERNAL_USER_SERVICE));
  SHOW(sceSysmoduleLoadModuleInternal(SCE_SYSMODULE_APP_CONTENT));

  SHOW(sceSysmoduleLoadModule(0));
  SHOW(sceSysmoduleIsLoaded(0));
  SHOW(sceSysmoduleLoadModule(UNKNOWN_ID));
  SHOW(sceSysmoduleUnloadModule(UNKNOWN_ID));
  SHOW(sceSysmoduleLoadModuleInternal(INTERNAL_DBG));
  SHOW(sceSysmoduleLoadModuleInternal(0x80000000));
  return 0;
}
