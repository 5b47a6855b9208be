/* libSceSaveData conformance, and the two halves of a save that outlives the process.
 *   (no argument)  every call against a fresh per-title data folder: errors before
 *                  Initialize and on bad arguments, create / read-write / read-only mounts
 *                  at /savedata<N>, a read-only mount refusing writes (EROFS), parameters,
 *                  the dir name search with its patterns, sort keys and orders, delete,
 *                  icons, a full mount table, memory save data, Terminate.
 *   save           creates a save and memory save data (the first run);
 *   load           finds and reads them back (a second run over the same data folder). */
#include <errno.h>
#include <save_data.h>
#include <stdio.h>
#include <string.h>

#define USER 1 /* the logged-in user (sceUserServiceGetInitialUser) */

/* libkernel's POSIX calls (FreeBSD flags), declared here: the SDK's file header is another
 * area's. */
int open(const char *path, int flags, ...);
int close(int fd);
int mkdir(const char *path, int mode);
#define O_WRONLY 0x0001
#define O_CREAT 0x0200

static SceSaveDataMountResult last;

static int mount2(const char *name, uint32_t mode, uint64_t blocks) {
  SceSaveDataDirName dir;
  memset(&dir, 0, sizeof dir);
  strncpy(dir.data, name, sizeof dir.data - 1);
  SceSaveDataMount2 m;
  memset(&m, 0, sizeof m);
  m.userId = USER;
  m.dirName = &dir;
  m.blocks = blocks;
  m.mountMode = mode;
  memset(&last, '!', sizeof last);
  return sceSaveDataMount2(&m, &last);
}

static SceSaveDataMountPoint point(const char *p) {
  SceSaveDataMountPoint mp;
  memset(&mp, 0, sizeof mp);
  strncpy(mp.data, p, sizeof mp.data - 1);
  return mp;
}

static void put(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f) {
    printf("  cannot write %s: errno %d\n", path, errno);
    return;
  }
  fwrite(text, 1, strlen(text), f);
  fclose(f);
}

static void show(const char *path) {
  char buf[64];
  memset(buf, 0, sizeof buf);
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("  %s: missing (errno %d)\n", path, errno);
    return;
  }
  fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  printf("  %s: \"%s\"\n", path, buf);
}

static int set_param(const char *mp, const char *title, uint32_t user_param, int64_t mtime) {
  SceSaveDataMountPoint p = point(mp);
  SceSaveDataParam param;
  memset(&param, 0, sizeof param);
  strcpy(param.title, title);
  strcpy(param.subTitle, "sub");
  strcpy(param.detail, "detail");
  param.userParam = user_param;
  int rc = sceSaveDataSetParam(&p, SCE_SAVE_DATA_PARAM_TYPE_ALL, &param, sizeof param);
  if (rc == 0 && mtime)
    rc = sceSaveDataSetParam(&p, SCE_SAVE_DATA_PARAM_TYPE_MTIME, &mtime, sizeof mtime);
  return rc;
}

static int umount(const char *mp) {
  SceSaveDataMountPoint p = point(mp);
  return sceSaveDataUmount(&p);
}

static void search(const char *label, const char *pattern, uint32_t key, uint32_t order,
                   uint32_t room) {
  SceSaveDataDirName pat, names[8];
  SceSaveDataParam params[8];
  SceSaveDataSearchInfo infos[8];
  memset(&pat, 0, sizeof pat);
  if (pattern) strncpy(pat.data, pattern, sizeof pat.data - 1);
  SceSaveDataDirNameSearchCond cond;
  memset(&cond, 0, sizeof cond);
  cond.userId = USER;
  cond.dirName = pattern ? &pat : NULL;
  cond.key = key;
  cond.order = order;
  SceSaveDataDirNameSearchResult res;
  memset(&res, 0, sizeof res);
  res.dirNames = names;
  res.dirNamesNum = room;
  res.params = params;
  res.infos = infos;
  int rc = sceSaveDataDirNameSearch(&cond, &res);
  printf("search %s: rc 0x%x hits %u set %u:", label, (unsigned)rc, res.hitNum, res.setNum);
  for (uint32_t i = 0; rc == 0 && i < res.setNum; i++)
    printf(" %s(%s,%u,%llu)", names[i].data, params[i].title, params[i].userParam,
           (unsigned long long)infos[i].blocks);
  printf("\n");
}

static void conformance(void) {
  printf("mount before init: 0x%x\n", (unsigned)mount2("SLOT_A", 2, 96));
  printf("umount before init: 0x%x\n", (unsigned)umount("/savedata0"));
  printf("init3: 0x%x\n", (unsigned)sceSaveDataInitialize3(NULL));

  /* bad arguments */
  SceSaveDataMountResult r;
  printf("mount NULL: 0x%x\n", (unsigned)sceSaveDataMount2(NULL, &r));
  SceSaveDataMount2 m;
  memset(&m, 0, sizeof m);
  m.userId = USER;
  m.mountMode = SCE_SAVE_DATA_MOUNT_MODE_RDWR;
  printf("mount no dir name: 0x%x\n", (unsigned)sceSaveDataMount2(&m, &r));
  SceSaveDataDirName dir;
  memset(&dir, 0, sizeof dir);
  strcpy(dir.data, "SLOT_A");
  m.dirName = &dir;
  m.userId = 77;
  printf("mount other user: 0x%x\n", (unsigned)sceSaveDataMount2(&m, &r));
  printf("mount missing: 0x%x\n", (unsigned)mount2("SLOT_A", SCE_SAVE_DATA_MOUNT_MODE_RDONLY, 0));
  printf("mount bad mode: 0x%x\n", (unsigned)mount2("SLOT_A", 3, 96));
  printf("mount bad name: 0x%x\n", (unsigned)mount2("../x", 6, 96));
  printf("create too small: 0x%x\n", (unsigned)mount2("SLOT_A", 6, 10));

  /* create, write, busy */
  int rc = mount2("SLOT_A", SCE_SAVE_DATA_MOUNT_MODE_CREATE | SCE_SAVE_DATA_MOUNT_MODE_RDWR, 96);
  printf("create A: 0x%x at %s status %u required %llu\n", (unsigned)rc, last.mountPoint.data,
         last.mountStatus, (unsigned long long)last.requiredBlocks);
  put("/savedata0/data.bin", "hello");
  mkdir("/savedata0/sub", 0755);
  put("/savedata0/sub/more.txt", "nested");
  printf("mount A again: 0x%x\n", (unsigned)mount2("SLOT_A", SCE_SAVE_DATA_MOUNT_MODE_RDWR, 0));
  printf("set param: 0x%x\n", (unsigned)set_param("/savedata0", "Chapter 1", 7, 0));
  SceSaveDataMountPoint a = point("/savedata0");
  char title[SCE_SAVE_DATA_TITLE_MAXSIZE];
  size_t got = 0;
  rc = sceSaveDataGetParam(&a, SCE_SAVE_DATA_PARAM_TYPE_TITLE, title, sizeof title, &got);
  printf("get title: 0x%x \"%s\" size %zu\n", (unsigned)rc, title, got);
  uint32_t up = 0;
  rc = sceSaveDataGetParam(&a, SCE_SAVE_DATA_PARAM_TYPE_USER_PARAM, &up, sizeof up, &got);
  printf("get user param: 0x%x %u size %zu\n", (unsigned)rc, up, got);
  SceSaveDataParam all;
  rc = sceSaveDataGetParam(&a, SCE_SAVE_DATA_PARAM_TYPE_ALL, &all, sizeof all, &got);
  printf("get all: 0x%x \"%s\" \"%s\" \"%s\" %u size %zu mtime set %d\n", (unsigned)rc, all.title,
         all.subTitle, all.detail, all.userParam, got, all.mtime > 0);
  printf("get all, short buffer: 0x%x\n",
         (unsigned)sceSaveDataGetParam(&a, SCE_SAVE_DATA_PARAM_TYPE_ALL, &all, 16, &got));
  printf("get type 9: 0x%x\n", (unsigned)sceSaveDataGetParam(&a, 9, &all, sizeof all, &got));
  printf("get NULL buffer: 0x%x\n",
         (unsigned)sceSaveDataGetParam(&a, SCE_SAVE_DATA_PARAM_TYPE_TITLE, NULL, 8, &got));
  SceSaveDataMountInfo info;
  rc = sceSaveDataGetMountInfo(&a, &info);
  printf("mount info: 0x%x blocks %llu some free %d all free %d\n", (unsigned)rc,
         (unsigned long long)info.blocks, info.freeBlocks > 0, info.freeBlocks == info.blocks);

  /* icons */
  SceSaveDataIcon icon;
  memset(&icon, 0, sizeof icon);
  char png[] = "PNGDATA", back[16];
  icon.buf = png;
  icon.bufSize = sizeof png;
  icon.dataSize = 7;
  printf("save icon: 0x%x\n", (unsigned)sceSaveDataSaveIcon(&a, &icon));
  memset(back, 0, sizeof back);
  icon.buf = back;
  icon.bufSize = sizeof back;
  icon.dataSize = 0;
  rc = sceSaveDataLoadIcon(&a, &icon);
  printf("load icon: 0x%x size %zu \"%s\"\n", (unsigned)rc, icon.dataSize, back);
  memset(back, 0, sizeof back);
  icon.bufSize = 3;
  rc = sceSaveDataLoadIcon(&a, &icon);
  printf("load icon, 3-byte buffer: 0x%x size %zu \"%s\"\n", (unsigned)rc, icon.dataSize, back);
  printf("load icon NULL: 0x%x\n", (unsigned)sceSaveDataLoadIcon(&a, NULL));

  printf("umount A: 0x%x\n", (unsigned)umount("/savedata0"));
  printf("umount A again: 0x%x\n", (unsigned)umount("/savedata0"));
  printf("get param unmounted: 0x%x\n",
         (unsigned)sceSaveDataGetParam(&a, SCE_SAVE_DATA_PARAM_TYPE_TITLE, title, 8, &got));
  printf("create A again: 0x%x\n", (unsigned)mount2("SLOT_A", 6, 96));

  /* read-only */
  rc = mount2("SLOT_A", SCE_SAVE_DATA_MOUNT_MODE_RDONLY, 0);
  printf("read-only A: 0x%x at %s\n", (unsigned)rc, last.mountPoint.data);
  show("/savedata0/data.bin");
  show("/savedata0/sub/more.txt");
  errno = 0;
  FILE *f = fopen("/savedata0/data.bin", "w");
  printf("fopen for writing: %s errno %d\n", f ? "opened" : "refused", errno);
  errno = 0;
  int fd = open("/savedata0/new.bin", O_WRONLY | O_CREAT, 0644);
  printf("open O_CREAT: %d errno %d\n", fd, errno);
  errno = 0;
  printf("mkdir: %d errno %d\n", mkdir("/savedata0/dir", 0755), errno);
  show("/savedata0/data.bin");
  rc = mount2("SLOT_B", SCE_SAVE_DATA_MOUNT_MODE_CREATE2 | SCE_SAVE_DATA_MOUNT_MODE_RDWR, 100);
  printf("create2 B: 0x%x at %s status %u\n", (unsigned)rc, last.mountPoint.data, last.mountStatus);
  printf("set param B: 0x%x\n", (unsigned)set_param("/savedata1", "Second", 1, 300));
  printf("umount B: 0x%x\n", (unsigned)umount("/savedata1"));
  rc = mount2("SLOT_B", SCE_SAVE_DATA_MOUNT_MODE_CREATE2 | SCE_SAVE_DATA_MOUNT_MODE_RDWR, 100);
  printf("create2 B again: 0x%x at %s status %u\n", (unsigned)rc, last.mountPoint.data,
         last.mountStatus);
  printf("umount B: 0x%x\n", (unsigned)umount("/savedata1"));
  printf("umount A: 0x%x\n", (unsigned)umount("/savedata0"));

  /* search and sort: A (user param 3, 96 blocks, time 200), B (1, 100, 300), C (2, 200, 100) */
  mount2("SLOT_A", SCE_SAVE_DATA_MOUNT_MODE_RDWR, 0);
  set_param("/savedata0", "First", 3, 200);
  umount("/savedata0");
  mount2("SLOT_C", SCE_SAVE_DATA_MOUNT_MODE_CREATE | SCE_SAVE_DATA_MOUNT_MODE_RDWR, 200);
  set_param("/savedata0", "Third", 2, 100);
  umount("/savedata0");
  search("name up", NULL, SCE_SAVE_DATA_SORT_KEY_DIRNAME, 0, 8);
  search("name down", NULL, SCE_SAVE_DATA_SORT_KEY_DIRNAME, 1, 8);
  search("user param up", NULL, SCE_SAVE_DATA_SORT_KEY_USER_PARAM, 0, 8);
  search("user param down", NULL, SCE_SAVE_DATA_SORT_KEY_USER_PARAM, 1, 8);
  search("blocks down", NULL, SCE_SAVE_DATA_SORT_KEY_BLOCKS, 1, 8);
  search("mtime up", NULL, SCE_SAVE_DATA_SORT_KEY_MTIME, 0, 8);
  search("mtime down", NULL, SCE_SAVE_DATA_SORT_KEY_MTIME, 1, 8);
  search("free blocks down", NULL, SCE_SAVE_DATA_SORT_KEY_FREE_BLOCKS, 1, 8);
  search("room for 2", NULL, SCE_SAVE_DATA_SORT_KEY_DIRNAME, 0, 2);
  search("room for 0", NULL, SCE_SAVE_DATA_SORT_KEY_DIRNAME, 0, 0);
  search("SLOT_%", "SLOT_%", 0, 0, 8);
  search("%B", "%B", 0, 0, 8);
  search("slot_c", "slot_c", 0, 0, 8);
  search("SLOT__", "SLOT__", 0, 0, 8);
  search("S_OT%A", "S_OT%A", 0, 0, 8);
  search("NONE%", "NONE%", 0, 0, 8);
  search("key 4", NULL, 4, 0, 8);
  search("order 2", NULL, 0, 2, 8);
  SceSaveDataDirNameSearchCond cond;
  memset(&cond, 0, sizeof cond);
  cond.userId = USER;
  printf("search NULL result: 0x%x\n", (unsigned)sceSaveDataDirNameSearch(&cond, NULL));

  /* delete */
  SceSaveDataDirName dn;
  memset(&dn, 0, sizeof dn);
  strcpy(dn.data, "SLOT_C");
  SceSaveDataDelete del;
  memset(&del, 0, sizeof del);
  del.userId = USER;
  del.dirName = &dn;
  printf("delete C: 0x%x\n", (unsigned)sceSaveDataDelete(&del));
  printf("delete C again: 0x%x\n", (unsigned)sceSaveDataDelete(&del));
  mount2("SLOT_A", SCE_SAVE_DATA_MOUNT_MODE_RDONLY, 0);
  strcpy(dn.data, "SLOT_A");
  printf("delete mounted A: 0x%x\n", (unsigned)sceSaveDataDelete(&del));
  del.dirName = NULL;
  printf("delete no name: 0x%x\n", (unsigned)sceSaveDataDelete(&del));
  search("after delete", NULL, 0, 0, 8);

  /* sixteen mounts at most */
  int full = 0;
  char lastp[SCE_SAVE_DATA_MOUNT_POINT_DATA_MAXSIZE] = "";
  for (int i = 0; i < 16; i++) {
    char name[16];
    snprintf(name, sizeof name, "M%02d", i);
    rc = mount2(name, SCE_SAVE_DATA_MOUNT_MODE_CREATE2 | SCE_SAVE_DATA_MOUNT_MODE_RDWR, 96);
    if (rc) {
      full = rc;
      printf("mount %s: 0x%x\n", name, (unsigned)rc);
      break;
    }
    memcpy(lastp, last.mountPoint.data, sizeof lastp);
  }
  printf("last mount point %s, table full 0x%x\n", lastp, (unsigned)full);
  printf("terminate while mounted: 0x%x\n", (unsigned)sceSaveDataTerminate());
  for (int i = 0; i < 16; i++) {
    char p[16];
    snprintf(p, sizeof p, "/savedata%d", i);
    umount(p);
  }

  /* memory save data */
  char buf[16];
  printf("get memory before setup: 0x%x\n",
         (unsigned)sceSaveDataGetSaveDataMemory(USER, buf, 8, 0));
  SceSaveDataParam mp;
  memset(&mp, 0, sizeof mp);
  strcpy(mp.title, "Memory save");
  SceSaveDataMemorySetup2 setup;
  memset(&setup, 0, sizeof setup);
  setup.userId = USER;
  setup.memorySize = 1024;
  setup.initParam = &mp;
  SceSaveDataMemorySetupResult sr;
  memset(&sr, 0x5a, sizeof sr);
  rc = sceSaveDataSetupSaveDataMemory2(&setup, &sr);
  printf("setup memory: 0x%x existed %zu\n", (unsigned)rc, sr.existedMemorySize);
  printf("set memory: 0x%x\n", (unsigned)sceSaveDataSetSaveDataMemory(USER, "memory!", 8, 100));
  memset(buf, 0, sizeof buf);
  rc = sceSaveDataGetSaveDataMemory(USER, buf, 8, 100);
  printf("get memory: 0x%x \"%s\"\n", (unsigned)rc, buf);
  printf("get past the end: 0x%x\n", (unsigned)sceSaveDataGetSaveDataMemory(USER, buf, 8, 1020));
  printf("get negative offset: 0x%x\n", (unsigned)sceSaveDataGetSaveDataMemory(USER, buf, 8, -1));
  SceSaveDataMemoryData md;
  memset(&md, 0, sizeof md);
  memset(buf, 0, sizeof buf);
  md.buf = buf;
  md.bufSize = 4;
  md.offset = 102;
  SceSaveDataParam gp;
  memset(&gp, 0, sizeof gp);
  SceSaveDataMemoryGet2 g;
  memset(&g, 0, sizeof g);
  g.userId = USER;
  g.data = &md;
  g.param = &gp;
  rc = sceSaveDataGetSaveDataMemory2(&g);
  printf("get memory2: 0x%x \"%s\" title \"%s\"\n", (unsigned)rc, buf, gp.title);
  g.slotId = 1;
  printf("get memory2 slot 1 (not set up): 0x%x\n", (unsigned)sceSaveDataGetSaveDataMemory2(&g));
  g.slotId = 4;
  printf("get memory2 slot 4: 0x%x\n", (unsigned)sceSaveDataGetSaveDataMemory2(&g));
  rc = sceSaveDataSetupSaveDataMemory2(&setup, &sr);
  printf("setup memory again: 0x%x existed %zu\n", (unsigned)rc, sr.existedMemorySize);
  setup.memorySize = 0;
  printf("setup size 0: 0x%x\n", (unsigned)sceSaveDataSetupSaveDataMemory2(&setup, &sr));
  printf("setup NULL: 0x%x\n", (unsigned)sceSaveDataSetupSaveDataMemory2(NULL, &sr));
  search("memory save is not listed", "sce%", 0, 0, 8);

  SceSaveDataMemorySync sync;
  memset(&sync, 0, sizeof sync);
  sync.userId = USER;
  printf("sync memory: 0x%x\n", (unsigned)sceSaveDataSyncSaveDataMemory(&sync));
  sync.slotId = 2;
  printf("sync memory slot 2 (not set up): 0x%x\n", (unsigned)sceSaveDataSyncSaveDataMemory(&sync));

  /* the PS5's transaction flow: a resource, Mount3 with it, Prepare, write, Commit */
  int res = sceSaveDataCreateTransactionResource(0);
  printf("transaction resource: positive %d\n", res > 0);
  SceSaveDataDirName tdir;
  memset(&tdir, 0, sizeof tdir);
  strcpy(tdir.data, "TRANSACTED");
  SceSaveDataMount3 m3;
  memset(&m3, 0, sizeof m3);
  m3.userId = USER;
  m3.dirName = &tdir;
  m3.blocks = 96;
  m3.mountMode = SCE_SAVE_DATA_MOUNT_MODE_CREATE2 | SCE_SAVE_DATA_MOUNT_MODE_RDWR;
  m3.resource = res;
  SceSaveDataMountResult r3;
  memset(&r3, 0, sizeof r3);
  rc = sceSaveDataMount3(&m3, &r3);
  printf("mount3: 0x%x at %s status %u\n", (unsigned)rc, r3.mountPoint.data, r3.mountStatus);
  printf("prepare: 0x%x\n", (unsigned)sceSaveDataPrepare(&r3.mountPoint, 0, res));
  put("/savedata0/t.txt", "committed");
  char commit_param[64];
  memset(commit_param, 0, sizeof commit_param);
  printf("commit: 0x%x\n",
         (unsigned)sceSaveDataCommit((const SceSaveDataCommitParam *)commit_param));
  printf("commit NULL: 0x%x\n", (unsigned)sceSaveDataCommit(NULL));
  printf("umount: 0x%x\n", (unsigned)umount("/savedata0"));
  printf("prepare unmounted: 0x%x\n", (unsigned)sceSaveDataPrepare(&r3.mountPoint, 0, res));
  printf("delete resource: 0x%x\n", (unsigned)sceSaveDataDeleteTransactionResource(res));
  printf("delete resource again: 0x%x\n", (unsigned)sceSaveDataDeleteTransactionResource(res));
  m3.mountMode = SCE_SAVE_DATA_MOUNT_MODE_RDONLY;
  m3.resource = 0;
  rc = sceSaveDataMount3(&m3, &r3);
  printf("mount3 read-only: 0x%x\n", (unsigned)rc);
  show("/savedata0/t.txt");
  umount("/savedata0");

  printf("terminate: 0x%x\n", (unsigned)sceSaveDataTerminate());
  printf("mount after terminate: 0x%x\n", (unsigned)mount2("SLOT_A", 1, 0));
  printf("terminate again: 0x%x\n", (unsigned)sceSaveDataTerminate());
}

static void save(void) {
  printf("init: 0x%x\n", (unsigned)sceSaveDataInitialize3(NULL));
  int rc = mount2("PROGRESS", SCE_SAVE_DATA_MOUNT_MODE_CREATE | SCE_SAVE_DATA_MOUNT_MODE_RDWR, 96);
  printf("create: 0x%x at %s\n", (unsigned)rc, last.mountPoint.data);
  put("/savedata0/progress.txt", "level=42");
  printf("set param: 0x%x\n", (unsigned)set_param("/savedata0", "Persisted", 42, 0));
  printf("umount: 0x%x\n", (unsigned)umount("/savedata0"));
  SceSaveDataMemorySetup2 setup;
  memset(&setup, 0, sizeof setup);
  setup.userId = USER;
  setup.memorySize = 256;
  SceSaveDataMemorySetupResult sr;
  rc = sceSaveDataSetupSaveDataMemory2(&setup, &sr);
  printf("setup memory: 0x%x existed %zu\n", (unsigned)rc, sr.existedMemorySize);
  printf("set memory: 0x%x\n", (unsigned)sceSaveDataSetSaveDataMemory(USER, "MEMSAVE", 8, 16));
}

static void load(void) {
  printf("init: 0x%x\n", (unsigned)sceSaveDataInitialize3(NULL));
  search("saves", NULL, 0, 0, 8);
  int rc = mount2("PROGRESS", SCE_SAVE_DATA_MOUNT_MODE_RDONLY, 0);
  printf("mount read-only: 0x%x at %s\n", (unsigned)rc, last.mountPoint.data);
  show("/savedata0/progress.txt");
  errno = 0;
  FILE *f = fopen("/savedata0/progress.txt", "a");
  printf("append refused: %d errno %d\n", f == NULL, errno);
  show("/savedata0/progress.txt");
  printf("umount: 0x%x\n", (unsigned)umount("/savedata0"));
  printf("create again: 0x%x\n", (unsigned)mount2("PROGRESS", 6, 96));
  SceSaveDataMemorySetup2 setup;
  memset(&setup, 0, sizeof setup);
  setup.userId = USER;
  setup.memorySize = 256;
  SceSaveDataMemorySetupResult sr;
  rc = sceSaveDataSetupSaveDataMemory2(&setup, &sr);
  printf("setup memory: 0x%x existed %zu\n", (unsigned)rc, sr.existedMemorySize);
  char buf[16];
  memset(buf, 0, sizeof buf);
  rc = sceSaveDataGetSaveDataMemory(USER, buf, 8, 16);
  printf("get memory: 0x%x \"%s\"\n", (unsigned)rc, buf);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "save") == 0) save();
  else if (argc > 1 && strcmp(argv[1], "load") == 0) load();
  else conformance();
  return 0;
}
