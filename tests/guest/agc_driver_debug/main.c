/* libSceAgcDriver's exports added in session 27's third wave, called as a game (or a bundled
 * libSceAgc.sprx) calls them (docs/agc.md "The driver's other exports"):
 * GetReservedDmemForAgc refuses a NULL output with 0x8A6D0003 and otherwise gives the region
 * 0x40000 into the driver's 2 MiB window at 0xF_E000_0000 (0xFE0040000, 0x1B0000 bytes, where
 * libSceAgc's constructor zeroes its 0x60-byte table), in the same window as the
 * register-shadow ranges; GetResourceRegistrationMaxNameLength answers 32. No Vulkan device is
 * needed. */
#include <agc_driver.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  uint64_t base = 0;
  uint32_t size = 0;
  printf("reserved dmem NULL base: 0x%x\n",
         (unsigned)sceAgcDriverGetReservedDmemForAgc(NULL, &size));
  printf("reserved dmem NULL size: 0x%x\n",
         (unsigned)sceAgcDriverGetReservedDmemForAgc(&base, NULL));
  int r = sceAgcDriverGetReservedDmemForAgc(&base, &size);
  printf("reserved dmem: %d base 0x%lx size 0x%x\n", r, (unsigned long)base, size);
  /* what libSceAgc's constructor does with it: the table at (base + 3) & ~3, 0x60 bytes zeroed */
  unsigned char *table = (unsigned char *)(uintptr_t)((base + 3) & ~3ull);
  memset(table, 0xA5, 0x60);
  memset(table, 0, 0x60);
  unsigned sum = 0;
  for (int i = 0; i < 0x60; i++) sum += table[i];
  printf("table at 0x%lx zeroed: %u\n", (unsigned long)(uintptr_t)table, sum);
  /* the last byte of the region is guest memory too */
  volatile unsigned char *last = (volatile unsigned char *)(uintptr_t)(base + size - 1);
  *last = 0x3C;
  printf("last byte holds 0x%x\n", *last);

  SceAgcDriverRegShadowInfo info = {0};
  printf("shadow info: %d address 0x%lx\n", sceAgcDriverGetRegShadowInfo(&info),
         (unsigned long)info.address);
  printf("same window: %d\n", (info.address & ~0x1FFFFFull) == (base & ~0x1FFFFFull));
  printf("max name length: %u\n", sceAgcDriverGetResourceRegistrationMaxNameLength());
  return 0;
}
