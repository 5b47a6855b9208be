/* UDS custom stats unlocking trophies, kept across runs, and the libraries' queries (event
 * size and text, memory and storage statistics, trophy icons). The game holds
 * sce_sys/trophy2/trophy00.ucp and sce_sys/uds/uds00.ucp made by make_uds.py: stat 100 sums
 * "coins_found"'s coins (trophy 1 at 3, progressive), stat 101 counts "level_done" events whose
 * result.rank is "S" (trophy 2 at 2), stat 102 keeps the least "best_time" time from 100
 * (trophy 5 at 5 or less), stat 103 the latest "level_done" score, at most 50; trophy 3 takes
 * _UpdateTrophyProgress (target 10); 1, 2 and 3 lead to the platinum 0. The stats' rules are
 * the SDK's Universal Data System Guide's (aggregations, ranges, property conditions).
 * `first` (run by the test's prepare hook) posts part of the way; the test's run (`second`)
 * must see the first run's stats and progress, and finishes the set. Error codes are the SDK
 * reference's. */
#include <libsysmodule.h>
#include <np_trophy2.h>
#include <np_universal_data_system.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USER 1

static SceNpUniversalDataSystemContext ctx;
static SceNpUniversalDataSystemHandle h;
static SceNpTrophy2Context tctx;
static SceNpTrophy2Handle th;

static void show(const char *what, int rc) { printf("%s: 0x%x\n", what, (unsigned)rc); }

/* Posts NAME with the Int32 property KEY = VALUE (KEY NULL: none) and, when RANK is set, the
 * object "result" {"rank": RANK}. */
static int post(const char *name, const char *key, int value, const char *rank) {
  SceNpUniversalDataSystemEvent *ev = NULL;
  SceNpUniversalDataSystemEventPropertyObject *prop = NULL, *result = NULL;
  int rc = sceNpUniversalDataSystemCreateEvent(name, NULL, &ev, &prop);
  if (rc == 0 && key) rc = sceNpUniversalDataSystemEventPropertyObjectSetInt32(prop, key, value);
  if (rc == 0 && rank)
    rc = sceNpUniversalDataSystemEventPropertyObjectSetObject(prop, "result", NULL, &result);
  if (rc == 0 && rank)
    rc = sceNpUniversalDataSystemEventPropertyObjectSetString(result, "rank", rank);
  if (rc == 0) rc = sceNpUniversalDataSystemPostEvent(ctx, h, ev, 0);
  int d = sceNpUniversalDataSystemDestroyEvent(ev);
  return rc ? rc : d;
}

static int post_progress(int id, int progress) {
  SceNpUniversalDataSystemEvent *ev = NULL;
  SceNpUniversalDataSystemEventPropertyObject *prop = NULL;
  int rc = sceNpUniversalDataSystemCreateEvent("_UpdateTrophyProgress", NULL, &ev, &prop);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetInt32(prop, "_trophy_id", id);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetInt32(prop, "_trophy_progress", progress);
  if (rc == 0) rc = sceNpUniversalDataSystemPostEvent(ctx, h, ev, 0);
  sceNpUniversalDataSystemDestroyEvent(ev);
  return rc;
}

static void trophy(int id) {
  SceNpTrophy2Details d;
  SceNpTrophy2Data u;
  memset(&d, 0xff, sizeof d);
  memset(&u, 0xff, sizeof u);
  int rc = sceNpTrophy2GetTrophyInfo(tctx, th, id, &d, &u);
  printf("trophy %d: 0x%x \"%s\" reward %d \"%s\" target %d/%llu unlocked %d progress %d/%llu\n",
         id, (unsigned)rc, d.name, d.hasReward, d.reward, d.target.type,
         (unsigned long long)d.target.value.valueUInt64, u.unlocked, u.progress.type,
         (unsigned long long)u.progress.value.valueUInt64);
}

static void setup(void) {
  SceNpUniversalDataSystemInitParam p = {sizeof p, 100000};
  show("load UDS module", sceSysmoduleLoadModule(SCE_SYSMODULE_NP_UNIVERSAL_DATA_SYSTEM));
  show("load Trophy2 module", sceSysmoduleLoadModule(SCE_SYSMODULE_NP_TROPHY2));
  SceNpUniversalDataSystemMemoryStat m;
  show("memory stat before init", sceNpUniversalDataSystemGetMemoryStat(&m));
  show("init", sceNpUniversalDataSystemInitialize(&p));
  int rc = sceNpUniversalDataSystemCreateContext(&ctx, USER, 0, 0);
  rc |= sceNpUniversalDataSystemCreateHandle(&h);
  rc |= sceNpUniversalDataSystemRegisterContext(ctx, h, 0);
  rc |= sceNpTrophy2CreateContext(&tctx, USER, 0, 0);
  rc |= sceNpTrophy2CreateHandle(&th);
  rc |= sceNpTrophy2RegisterContext(tctx, th, 0);
  show("setup", rc);
}

/* EventEstimateSize and EventToString (the SDK reference: the serialised size, larger than the
 * name and properties; the text cut to the buffer, stringSize the whole text's with its NUL). */
static void event_queries(void) {
  SceNpUniversalDataSystemEvent *ev = NULL;
  SceNpUniversalDataSystemEventPropertyObject *prop = NULL;
  size_t a = 0, b = 0, n = 0, cut = 0;
  show("create", sceNpUniversalDataSystemCreateEvent("level_done", NULL, &ev, &prop));
  show("size", sceNpUniversalDataSystemEventEstimateSize(ev, &a));
  sceNpUniversalDataSystemEventPropertyObjectSetString(prop, "stage", "forest");
  show("size", sceNpUniversalDataSystemEventEstimateSize(ev, &b));
  printf("size: at least the name %d, grows with a property by at least its bytes %d\n",
         a >= strlen("level_done"), b >= a + strlen("stage") + strlen("forest"));
  show("size NULL size", sceNpUniversalDataSystemEventEstimateSize(ev, NULL));
  show("size NULL event", sceNpUniversalDataSystemEventEstimateSize(NULL, &a));
  show("size not an event",
       sceNpUniversalDataSystemEventEstimateSize((const SceNpUniversalDataSystemEvent *)&a, &a));
  char buf[256], small[8];
  show("string", sceNpUniversalDataSystemEventToString(ev, buf, sizeof buf, &n));
  printf("string: size %d name %d key %d value %d\n", n == strlen(buf) + 1,
         strstr(buf, "level_done") != NULL, strstr(buf, "stage") != NULL,
         strstr(buf, "forest") != NULL);
  memset(small, 'x', sizeof small);
  show("string cut", sceNpUniversalDataSystemEventToString(ev, small, sizeof small, &cut));
  printf("string cut: terminated %d prefix %d size %d\n", small[7] == 0,
         strncmp(small, buf, 7) == 0, cut == n);
  show("string no size", sceNpUniversalDataSystemEventToString(ev, buf, sizeof buf, NULL));
  show("string NULL buf", sceNpUniversalDataSystemEventToString(ev, NULL, 8, &n));
  show("string NULL event", sceNpUniversalDataSystemEventToString(NULL, buf, sizeof buf, &n));
  SceNpUniversalDataSystemMemoryStat m;
  memset(&m, 0xff, sizeof m);
  show("memory stat", sceNpUniversalDataSystemGetMemoryStat(&m));
  /* the pool: 100000 bytes rounded up to a multiple of 16 KiB (the SDK reference) */
  printf("memory stat: pool %zu in use %d max >= current %d\n", m.poolSize, m.currentInuseSize > 0,
         m.maxInuseSize >= m.currentInuseSize);
  show("memory stat NULL", sceNpUniversalDataSystemGetMemoryStat(NULL));
  sceNpUniversalDataSystemDestroyEvent(ev);
}

/* The icons of the trophy file (make_uds.py: icon0_en-US.png, trop0001.png,
 * gr0001_en-US.png; the base game's group icon taken to be the set's, unverified). */
static void icons(void) {
  size_t size = 0;
  show("game icon size", sceNpTrophy2GetGameIcon(tctx, th, NULL, &size));
  char *buf = malloc(size + 1);
  size_t got = size;
  show("game icon", sceNpTrophy2GetGameIcon(tctx, th, buf, &got));
  printf("game icon: %zu bytes, %s\n", got,
         got == 19 && memcmp(buf, "\x89PNG\r\n\x1a\nICON0-en-US", 19) == 0 ? "as packed" : "wrong");
  free(buf);
  char small[4];
  size = sizeof small;
  show("game icon short buffer", sceNpTrophy2GetGameIcon(tctx, th, small, &size));
  printf("game icon short buffer: size %zu\n", size);
  show("game icon NULL size", sceNpTrophy2GetGameIcon(tctx, th, NULL, NULL));
  char tb[64];
  size = sizeof tb;
  show("trophy 1 icon", sceNpTrophy2GetTrophyIcon(tctx, th, 1, tb, &size));
  printf("trophy 1 icon: %zu bytes, %s\n", size,
         size == 16 && memcmp(tb, "\x89PNG\r\n\x1a\nTROPHY-1", 16) == 0 ? "as packed" : "wrong");
  size = sizeof tb;
  show("trophy 2 icon", sceNpTrophy2GetTrophyIcon(tctx, th, 2, tb, &size));
  show("trophy 99 icon", sceNpTrophy2GetTrophyIcon(tctx, th, 99, tb, &size));
  show("trophy icon bad context", sceNpTrophy2GetTrophyIcon(tctx + 100, th, 1, tb, &size));
  size = sizeof tb;
  show("group 1 icon", sceNpTrophy2GetGroupIcon(tctx, th, 1, tb, &size));
  printf("group 1 icon: %zu bytes, %s\n", size,
         size == 15 && memcmp(tb, "\x89PNG\r\n\x1a\nGROUP-1", 15) == 0 ? "as packed" : "wrong");
  size = sizeof tb;
  show("base game group icon", sceNpTrophy2GetGroupIcon(tctx, th, -1, tb, &size));
  printf("base game group icon: the set's %d\n", size == 19);
  show("group 7 icon", sceNpTrophy2GetGroupIcon(tctx, th, 7, tb, &size));
  show("reward 4 icon", sceNpTrophy2GetRewardIcon(tctx, th, 4, tb, &size));
  show("reward 99 icon", sceNpTrophy2GetRewardIcon(tctx, th, 99, tb, &size));
}

static void storage(int posted) {
  SceNpUniversalDataSystemStorageStat s;
  memset(&s, 0xff, sizeof s);
  show("storage stat", sceNpUniversalDataSystemGetStorageStat(ctx, &s));
  printf("storage stat: in %d out %d lost %zu now %zu\n", s.inEvents == (size_t)posted,
         s.outEvents == (size_t)posted, s.lostEvents, s.currentEvents);
  show("storage stat NULL", sceNpUniversalDataSystemGetStorageStat(ctx, NULL));
  show("storage stat bad context", sceNpUniversalDataSystemGetStorageStat(ctx + 100, &s));
}

int main(int argc, char **argv) {
  bool second = argc > 1 && strcmp(argv[1], "second") == 0;
  setup();
  printf("-- %s run\n", second ? "second" : "first");
  if (!second) {
    show("coins 2", post("coins_found", "coins", 2, NULL));
    show("level A score 70", post("level_done", "score", 70, "A")); /* no rank S */
    show("level S", post("level_done", "score", 20, "S"));
    show("progress 3 to 4", post_progress(3, 4));
    show("best time 30", post("best_time", "time", 30, NULL));
    for (int id = 0; id <= 5; id++) trophy(id);
    storage(5);
  } else {
    /* the first run's stats and progress */
    for (int id = 0; id <= 5; id++) trophy(id);
    show("coins 1", post("coins_found", "coins", 1, NULL));          /* 3: trophy 1 */
    show("level S", post("level_done", "score", 40, "S"));           /* 2 ranks S: trophy 2 */
    show("best time 40", post("best_time", "time", 40, NULL));       /* still 30 */
    show("best time 4", post("best_time", "time", 4, NULL));         /* 4: trophy 5 */
    show("coins without coins", post("coins_found", NULL, 0, NULL)); /* no input: ignored */
    show("progress 3 to 10", post_progress(3, 10));                  /* trophy 3, platinum */
    for (int id = 0; id <= 5; id++) trophy(id);
    storage(6);
    event_queries();
    icons();
  }
  show("terminate", sceNpUniversalDataSystemTerminate());
  return 0;
}
