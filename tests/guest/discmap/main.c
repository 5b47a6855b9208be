/* libSceDiscMap conformance: a game run from its installed folder has no disc map, so both
 * queries give the console's NO_BITMAP_INFO, and the output is left alone. */
#include <discmap.h>
#include <stdio.h>

int main(void) {
  int on_hdd = 7;
  int rc = sceDiscMapIsRequestOnHDD("/app0/eboot.bin", 0, 4096, &on_hdd);
  printf("IsRequestOnHDD: 0x%x out %d\n", (unsigned)rc, on_hdd);
  long long a = 5, b = 6;
  rc = sceDiscMapGetPackageSize(0, &a, &b);
  printf("GetPackageSize: 0x%x out %lld %lld\n", (unsigned)rc, a, b);
  return 0;
}
