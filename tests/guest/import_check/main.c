/* Imports of every kind for `prospero --check` (the guest itself never runs there): libc
 * functions the HLE implements (strlen) and implements partially (printf), a stub of
 * libSceSystemService, implemented libSceUserService functions, a function of a PRX the game
 * ships (import_check_lib), and functions of a PRX it does not ship: libScePad, two that
 * prospero names but does not implement (scePadSetUserColor, scePadSetVibrationMode) and
 * one it cannot name. */
#include <stdio.h>
#include <string.h>
#include <system_service.h>
#include <user_service.h>

int scePadSetUserColor(void);
int scePadSetVibrationMode(int handle, void *data);
int import_check_unnamed(void);
int import_check_shipped(void);

int main(int argc, char **argv) {
  (void)argv;
  printf("%d\n", (int)strlen("abc"));
  if (argc > 5) { /* never true: the calls only have to be imported */
    sceSystemServiceReportAbnormalTermination(NULL);
    sceUserServiceInitialize(NULL);
    sceUserServiceTerminate();
    scePadSetUserColor();
    scePadSetVibrationMode(0, NULL);
    import_check_unnamed();
  }
  return import_check_shipped();
}
