/* libSceAppContent conformance: Initialize once (a second call is BUSY), the SKU flag of a
 * full game, bad parameter ids and NULL pointers, temporary data at /temp0 kept across a
 * plain mount and emptied by the FORMAT option, by TemporaryDataFormat and by the PS4's
 * TemporaryDataMount, its free space, no additional content (lookups DRM_NO_ENTITLEMENT,
 * mounts NOT_FOUND), and the title's four user-defined parameters: the hook writes
 * userDefinedParam1 7, userDefinedParam3 -5 and userDefinedParam4 2147483647 into
 * sce_sys/param.json and leaves the second out (0). */
#include <app_content.h>
#include <stdio.h>
#include <string.h>

/* libkernel's POSIX file calls (FreeBSD flags), declared here: the SDK's file header is
 * another area's. */
int open(const char *path, int flags, ...);
long write(int fd, const void *buf, unsigned long n);
int close(int fd);
int stat(const char *path, void *st);
#define O_WRONLY 0x0001
#define O_CREAT 0x0200

static int exists(const char *path) {
  unsigned char st[256];
  return stat(path, st) == 0;
}

static void make(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd >= 0) {
    write(fd, "x", 1);
    close(fd);
  }
}

int main(void) {
  SceAppContentInitParam init;
  SceAppContentBootParam boot;
  memset(&init, 0, sizeof init);
  memset(&boot, 0x5a, sizeof boot);
  printf("init: 0x%x attr %u\n", (unsigned)sceAppContentInitialize(&init, &boot), boot.attr);
  printf("init again: 0x%x\n", (unsigned)sceAppContentInitialize(&init, &boot));

  int32_t v = -1;
  int rc = sceAppContentAppParamGetInt(SCE_APP_CONTENT_APPPARAM_ID_SKU_FLAG, &v);
  printf("sku flag: rc 0x%x value %d\n", (unsigned)rc, v);
  for (uint32_t id = SCE_APP_CONTENT_APPPARAM_ID_USER_DEFINED_PARAM_1;
       id <= SCE_APP_CONTENT_APPPARAM_ID_USER_DEFINED_PARAM_4; id++) {
    v = -1;
    rc = sceAppContentAppParamGetInt(id, &v);
    printf("user param %u: rc 0x%x value %d\n", id, (unsigned)rc, v);
  }
  printf("param id 99: 0x%x\n", (unsigned)sceAppContentAppParamGetInt(99, &v));
  printf("param null: 0x%x\n",
         (unsigned)sceAppContentAppParamGetInt(SCE_APP_CONTENT_APPPARAM_ID_SKU_FLAG, NULL));

  SceAppContentMountPoint mp;
  memset(&mp, '!', sizeof mp);
  rc = sceAppContentTemporaryDataMount2(SCE_APP_CONTENT_TEMPORARY_DATA_OPTION_NONE, &mp);
  printf("mount: rc 0x%x \"%s\"\n", (unsigned)rc, mp.data);
  printf("mount null: 0x%x\n", (unsigned)sceAppContentTemporaryDataMount2(0, NULL));
  char path[64];
  snprintf(path, sizeof path, "%s/probe.bin", mp.data);
  make(path);
  printf("file written: %d\n", exists(path));
  rc = sceAppContentTemporaryDataMount2(SCE_APP_CONTENT_TEMPORARY_DATA_OPTION_NONE, &mp);
  printf("plain mount again: rc 0x%x file kept %d\n", (unsigned)rc, exists(path));
  rc = sceAppContentTemporaryDataMount2(SCE_APP_CONTENT_TEMPORARY_DATA_OPTION_FORMAT, &mp);
  printf("format mount: rc 0x%x file kept %d\n", (unsigned)rc, exists(path));
  make(path);
  rc = sceAppContentTemporaryDataFormat(&mp);
  printf("format: rc 0x%x file kept %d\n", (unsigned)rc, exists(path));
  SceAppContentMountPoint other;
  memset(&other, 0, sizeof other);
  strcpy(other.data, "/nowhere");
  printf("format elsewhere: 0x%x\n", (unsigned)sceAppContentTemporaryDataFormat(&other));
  uint64_t kb = 0;
  rc = sceAppContentTemporaryDataGetAvailableSpaceKb(&mp, &kb);
  printf("free space: rc 0x%x some %d\n", (unsigned)rc, kb > 0);
  printf("free space null: 0x%x\n",
         (unsigned)sceAppContentTemporaryDataGetAvailableSpaceKb(&mp, NULL));
  printf("unmount: 0x%x\n", (unsigned)sceAppContentTemporaryDataUnmount(&mp));

  SceAppContentAddcontInfo list[4];
  uint32_t hits = 99;
  rc = sceAppContentGetAddcontInfoList(0, list, 4, &hits);
  printf("add-on content: rc 0x%x count %u\n", (unsigned)rc, hits);
  printf("add-on content null: 0x%x\n",
         (unsigned)sceAppContentGetAddcontInfoList(0, list, 4, NULL));
  SceNpUnifiedEntitlementLabel label;
  memset(&label, 0, sizeof label);
  strcpy(label.data, "PROSPERODLC00001");
  printf("add-on info: 0x%x\n", (unsigned)sceAppContentGetAddcontInfo(0, &label, list));
  printf("add-on info null label: 0x%x\n", (unsigned)sceAppContentGetAddcontInfo(0, NULL, list));
  printf("add-on info null info: 0x%x\n", (unsigned)sceAppContentGetAddcontInfo(0, &label, NULL));
  SceAppContentMountPoint addcont;
  printf("add-on mount: 0x%x\n", (unsigned)sceAppContentAddcontMount(0, &label, &addcont));
  printf("add-on mount null: 0x%x\n", (unsigned)sceAppContentAddcontMount(0, &label, NULL));
  strcpy(addcont.data, "/addcont0");
  printf("add-on unmount: 0x%x\n", (unsigned)sceAppContentAddcontUnmount(&addcont));

  make(path);
  memset(&mp, '!', sizeof mp);
  rc = sceAppContentTemporaryDataMount(&mp);
  printf("PS4 mount: rc 0x%x \"%s\" file kept %d\n", (unsigned)rc, mp.data, exists(path));
  printf("PS4 mount null: 0x%x\n", (unsigned)sceAppContentTemporaryDataMount(NULL));
  return 0;
}
