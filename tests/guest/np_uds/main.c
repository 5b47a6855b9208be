/* libSceNpUniversalDataSystem conformance and the PS5's trophy unlock path. The game holds
 * sce_sys/trophy2/trophy00.ucp made by make_ucp.py (platinum 0; bronze 1, gold 2 and the
 * progressive silver 3, target 10, linked to it; bronze 4 not linked; names in en-US, the
 * default language, and fr-FR). Error codes are the SDK reference's; the events are the
 * trophy documentation's: "_UnlockTrophy" {"_trophy_id": Int32} unlocks a trophy,
 * "_UpdateTrophyProgress" {"_trophy_id", "_trophy_progress": Int32} unlocks a progressive
 * one when the progress reaches its target, and the platinum comes with the last trophy
 * linked to it. The result is read back through libSceNpTrophy, which shares the title's
 * store, and through libSceNpTrophy2 with the PS5 structures and error codes (the SDK
 * reference's). With `badset` the trophy file's configuration is damaged: events still post and the
 * unlock lands in the store without a set, also for an id above the PS4's 127. */
#include <np_trophy.h>
#include <np_trophy2.h>
#include <libsysmodule.h>
#include <np_manager.h>
#include <np_universal_data_system.h>
#include <stdio.h>
#include <string.h>

#define USER 1

static SceNpUniversalDataSystemContext ctx;
static SceNpUniversalDataSystemHandle h;

static void show(const char *what, int rc) { printf("%s: 0x%x\n", what, (unsigned)rc); }

/* Posts NAME with _trophy_id ID and, when PROGRESS >= 0, _trophy_progress. */
static int post_trophy(const char *name, int id, int progress) {
  SceNpUniversalDataSystemEvent *ev = NULL;
  SceNpUniversalDataSystemEventPropertyObject *prop = NULL;
  int rc = sceNpUniversalDataSystemCreateEvent(name, NULL, &ev, &prop);
  if (rc == 0) rc = sceNpUniversalDataSystemEventPropertyObjectSetInt32(prop, "_trophy_id", id);
  if (rc == 0 && progress >= 0)
    rc = sceNpUniversalDataSystemEventPropertyObjectSetInt32(prop, "_trophy_progress", progress);
  if (rc == 0) rc = sceNpUniversalDataSystemPostEvent(ctx, h, ev, 0);
  int d = sceNpUniversalDataSystemDestroyEvent(ev);
  return rc ? rc : d;
}

static void lifecycle(void) {
  SceNpUniversalDataSystemInitParam p = {sizeof p, 64 * 1024};
  SceNpUniversalDataSystemInitParam small = {8, 64 * 1024};
  show("handle before init", sceNpUniversalDataSystemCreateHandle(&h));
  show("init NULL", sceNpUniversalDataSystemInitialize(NULL));
  show("init size 8", sceNpUniversalDataSystemInitialize(&small));
  show("init", sceNpUniversalDataSystemInitialize(&p));
  show("init again", sceNpUniversalDataSystemInitialize(&p));
  show("context NULL", sceNpUniversalDataSystemCreateContext(NULL, USER, 0, 0));
  show("context options 1", sceNpUniversalDataSystemCreateContext(&ctx, USER, 0, 1));
  show("context user -1", sceNpUniversalDataSystemCreateContext(&ctx, -1, 0, 0));
  int rc = sceNpUniversalDataSystemCreateContext(&ctx, USER, 0, 0);
  printf("context: 0x%x positive %d\n", (unsigned)rc, ctx > 0);
  show("handle NULL", sceNpUniversalDataSystemCreateHandle(NULL));
  rc = sceNpUniversalDataSystemCreateHandle(&h);
  printf("handle: 0x%x positive %d\n", (unsigned)rc, h > 0);
}

static void registration(void) {
  SceNpUniversalDataSystemEvent *ev = NULL;
  show("create event", sceNpUniversalDataSystemCreateEvent("_UnlockTrophy", NULL, &ev, NULL));
  show("post unregistered", sceNpUniversalDataSystemPostEvent(ctx, h, ev, 0));
  show("register bad context", sceNpUniversalDataSystemRegisterContext(ctx + 100, h, 0));
  show("register bad handle", sceNpUniversalDataSystemRegisterContext(ctx, h + 100, 0));
  show("register", sceNpUniversalDataSystemRegisterContext(ctx, h, 0));
  show("register again", sceNpUniversalDataSystemRegisterContext(ctx, h, 0));
  show("post bad context", sceNpUniversalDataSystemPostEvent(ctx + 100, h, ev, 0));
  show("post bad handle", sceNpUniversalDataSystemPostEvent(ctx, h + 100, ev, 0));
  show("post NULL", sceNpUniversalDataSystemPostEvent(ctx, h, NULL, 0));
  show("destroy event", sceNpUniversalDataSystemDestroyEvent(ev));
  show("destroy NULL event", sceNpUniversalDataSystemDestroyEvent(NULL));
  show("event NULL name", sceNpUniversalDataSystemCreateEvent(NULL, NULL, &ev, NULL));
  show("event NULL out", sceNpUniversalDataSystemCreateEvent("x", NULL, NULL, NULL));
  show("event empty name", sceNpUniversalDataSystemCreateEvent("", NULL, &ev, NULL));
  show("object NULL out", sceNpUniversalDataSystemCreateEventPropertyObject(NULL));
  show("set on NULL", sceNpUniversalDataSystemEventPropertyObjectSetInt32(NULL, "k", 1));
}

/* A game's own event: every property type, a nested object, built from a separate object
 * (copied by CreateEvent, so destroying it afterwards is allowed). */
static void custom_event(void) {
  SceNpUniversalDataSystemEventPropertyObject *tmp = NULL, *prop = NULL, *child = NULL;
  SceNpUniversalDataSystemEvent *ev = NULL;
  int rc = sceNpUniversalDataSystemCreateEventPropertyObject(&tmp);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetString(tmp, "level", "forest \"2\"");
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetBool(tmp, "won", true);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetUInt64(tmp, "score", 12345678901ull);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetInt64(tmp, "delta", -5);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetUInt32(tmp, "coins", 7);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetFloat32(tmp, "time", 1.5f);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetFloat64(tmp, "ratio", 0.25);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetObject(tmp, "where", NULL, &child);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetInt32(child, "x", 3);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetInt32(tmp, "coins", 8); /* replaces */
  show("build object", rc);
  /* an array: values of several types, an object and an array inside, built from a separate
   * array that is copied (then destroyed) */
  SceNpUniversalDataSystemEventPropertyArray *list = NULL, *in_prop = NULL, *inner = NULL;
  SceNpUniversalDataSystemEventPropertyObject *elem = NULL;
  rc = sceNpUniversalDataSystemCreateEventPropertyArray(&list);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetString(list, "a");
  rc |= sceNpUniversalDataSystemEventPropertyArraySetInt32(list, -1);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetUInt32(list, 2);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetInt64(list, -3);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetUInt64(list, 4);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetFloat32(list, 0.5f);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetFloat64(list, 1.25);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetBool(list, false);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetBinary(list, "xyz", 3);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetObject(list, NULL, &elem);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetBool(elem, "k", true);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetArray(list, NULL, &inner);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetInt32(inner, 7);
  rc |= sceNpUniversalDataSystemEventPropertyObjectSetArray(tmp, "tags", list, &in_prop);
  rc |= sceNpUniversalDataSystemEventPropertyArraySetInt32(in_prop, 9); /* the copy only */
  rc |= sceNpUniversalDataSystemDestroyEventPropertyArray(list);
  show("build array", rc);
  show("array NULL out", sceNpUniversalDataSystemCreateEventPropertyArray(NULL));
  show("array set on NULL", sceNpUniversalDataSystemEventPropertyArraySetInt32(NULL, 1));
  show("array string NULL", sceNpUniversalDataSystemEventPropertyArraySetString(in_prop, NULL));
  printf("array's own child refused: %d\n",
         sceNpUniversalDataSystemDestroyEventPropertyArray(inner) < 0);
  show("create from object",
       sceNpUniversalDataSystemCreateEvent("level_complete", tmp, &ev, &prop));
  show("destroy object", sceNpUniversalDataSystemDestroyEventPropertyObject(tmp));
  printf("event's own object refused: %d\n",
         sceNpUniversalDataSystemDestroyEventPropertyObject(prop) < 0);
  show("post custom",
       sceNpUniversalDataSystemPostEvent(
           ctx, h, ev, SCE_NP_UNIVERSAL_DATA_SYSTEM_POST_EVENT_OPTION_GENERATED_BY_CODEGEN));
  show("destroy custom", sceNpUniversalDataSystemDestroyEvent(ev));
}

/* The unlock callback: registered with a Trophy2 context (service label 1) before the
 * events are posted; sceNpCheckCallback calls it once per unlock, on this thread. */
static SceNpTrophy2Context cb_ctx;
static SceNpTrophy2Handle cb_h;
static int marker;

static void on_unlock(SceNpTrophy2Context context, SceNpTrophy2Id id, void *userdata) {
  printf("unlock callback: trophy %d context ok %d userdata ok %d\n", id, context == cb_ctx,
         userdata == &marker);
}

static void callback_setup(void) {
  int rc = sceNpTrophy2CreateContext(&cb_ctx, USER, 1, 0);
  rc |= sceNpTrophy2CreateHandle(&cb_h);
  rc |= sceNpTrophy2RegisterContext(cb_ctx, cb_h, 0);
  show("callback context", rc);
  show("unlock callback NULL", sceNpTrophy2RegisterUnlockCallback(NULL, &marker));
  show("unlock callback", sceNpTrophy2RegisterUnlockCallback(on_unlock, &marker));
}

static void callback_check(void) {
  show("check callback", sceNpCheckCallback());
  show("check callback again", sceNpCheckCallback()); /* nothing left */
  show("unregister callback", sceNpTrophy2UnregisterUnlockCallback());
  show("unregister callback again", sceNpTrophy2UnregisterUnlockCallback());
  sceNpTrophy2DestroyContext(cb_ctx);
  sceNpTrophy2DestroyHandle(cb_h);
}

/* The PS5 library's view of the same store. */
static void read_back2(void) {
  SceNpTrophy2Context c;
  SceNpTrophy2Handle th;
  SceNpTrophy2GameDetails d;
  SceNpTrophy2GameData g;
  int rc = sceNpTrophy2CreateContext(&c, USER, 0, 0);
  rc |= sceNpTrophy2CreateHandle(&th);
  show("trophy2 setup", rc);
  show("trophy2 game before register", sceNpTrophy2GetGameInfo(c, th, &d, &g));
  show("trophy2 list before register", sceNpTrophy2ShowTrophyList(c));
  show("trophy2 register", sceNpTrophy2RegisterContext(c, th, 0));
  show("trophy2 register again", sceNpTrophy2RegisterContext(c, th, 0));
  show("trophy2 list", sceNpTrophy2ShowTrophyList(c));
  show("trophy2 list bad context", sceNpTrophy2ShowTrophyList(c + 100));
  show("trophy2 game NULL NULL", sceNpTrophy2GetGameInfo(c, th, NULL, NULL));
  show("trophy2 game bad context", sceNpTrophy2GetGameInfo(c + 100, th, &d, NULL));
  memset(&d, 0xff, sizeof d);
  memset(&g, 0xff, sizeof g);
  rc = sceNpTrophy2GetGameInfo(c, th, &d, &g);
  printf(
      "trophy2 game: 0x%x \"%s\" trophies %u (P%u G%u S%u B%u) unlocked %u (P%u G%u S%u B%u) "
      "%u%%\n",
      (unsigned)rc, d.title, d.numTrophies, d.numPlatinum, d.numGold, d.numSilver, d.numBronze,
      g.unlockedTrophies, g.unlockedPlatinum, g.unlockedGold, g.unlockedSilver, g.unlockedBronze,
      g.progressPercentage);
  printf("trophy2 groups: %u\n", d.numGroups);
  SceNpTrophy2GroupDetails gd[3];
  SceNpTrophy2GroupData gg[3];
  for (int k = 0; k < 2; k++) {
    int gid = k ? 1 : SCE_NP_TROPHY2_BASE_GAME_GROUP_ID;
    memset(&gd[0], 0xff, sizeof gd[0]);
    memset(&gg[0], 0xff, sizeof gg[0]);
    rc = sceNpTrophy2GetGroupInfo(c, th, gid, &gd[0], &gg[0]);
    printf(
        "trophy2 group %d: 0x%x id %d \"%s\" trophies %u (P%u G%u S%u B%u) data id %d "
        "unlocked %u %u%%\n",
        gid, (unsigned)rc, gd[0].groupId, gd[0].title, gd[0].numTrophies, gd[0].numPlatinum,
        gd[0].numGold, gd[0].numSilver, gd[0].numBronze, gg[0].groupId, gg[0].unlockedTrophies,
        gg[0].progressPercentage);
  }
  show("trophy2 group 7", sceNpTrophy2GetGroupInfo(c, th, 7, &gd[0], NULL));
  show("trophy2 group NULL NULL", sceNpTrophy2GetGroupInfo(c, th, -1, NULL, NULL));
  uint32_t gn = 99;
  rc = sceNpTrophy2GetGroupInfoArray(c, th, 0, 3, NULL, gg, &gn);
  printf("trophy2 group array: 0x%x count %u ids %d %d\n", (unsigned)rc, gn, gg[0].groupId,
         gn > 1 ? gg[1].groupId : 0);
  SceNpTrophy2Details t;
  SceNpTrophy2Data u;
  show("trophy2 trophy 5", sceNpTrophy2GetTrophyInfo(c, th, 5, &t, &u));
  show("trophy2 trophy NULL NULL", sceNpTrophy2GetTrophyInfo(c, th, 0, NULL, NULL));
  for (int id = 2; id <= 3; id++) {
    memset(&t, 0xff, sizeof t);
    memset(&u, 0xff, sizeof u);
    rc = sceNpTrophy2GetTrophyInfo(c, th, id, &t, &u);
    printf(
        "trophy2 trophy %d: 0x%x id %d \"%s\" (%s) grade %d hidden %d target %d/%llu; unlocked %d "
        "progress %d/%llu dated %d\n",
        id, (unsigned)rc, t.trophyId, t.name, t.description, t.trophyGrade, t.hidden, t.target.type,
        (unsigned long long)t.target.value.valueUInt64, u.unlocked, u.progress.type,
        (unsigned long long)u.progress.value.valueUInt64, u.timestamp > 0);
  }
  SceNpTrophy2Details arr[5];
  uint32_t n = 99;
  rc = sceNpTrophy2GetTrophyInfoArray(c, th, 3, 5, arr, NULL, &n);
  printf("trophy2 array from 3: 0x%x count %u first %d \"%s\"\n", (unsigned)rc, n,
         n ? arr[0].trophyId : -1, n ? arr[0].name : "");
  show("trophy2 array NULL count", sceNpTrophy2GetTrophyInfoArray(c, th, 0, 5, arr, NULL, NULL));
  show("trophy2 destroy context", sceNpTrophy2DestroyContext(c));
  show("trophy2 destroy context again", sceNpTrophy2DestroyContext(c));
  show("trophy2 destroy handle", sceNpTrophy2DestroyHandle(th));
}

static void read_back(void) {
  SceNpTrophyContext tctx;
  SceNpTrophyHandle th;
  SceNpTrophyFlagArray flags;
  uint32_t count = 0;
  int rc = sceNpTrophyCreateContext(&tctx, USER, 0, 0);
  rc |= sceNpTrophyCreateHandle(&th);
  rc |= sceNpTrophyRegisterContext(tctx, th, 0);
  memset(&flags, 0, sizeof flags);
  rc |= sceNpTrophyGetTrophyUnlockState(tctx, th, &flags, &count);
  printf("trophy state: 0x%x count %u bits %08x\n", (unsigned)rc, count, flags.flagBits[0]);
  SceNpTrophyGameDetails d;
  memset(&d, 0, sizeof d);
  d.size = sizeof d;
  rc = sceNpTrophyGetGameInfo(tctx, th, &d, NULL);
  printf("game: 0x%x \"%s\" trophies %u (P%u G%u S%u B%u)\n", (unsigned)rc, d.title, d.numTrophies,
         d.numPlatinum, d.numGold, d.numSilver, d.numBronze);
  for (int id = 0; id < 5 && count == 5; id++) {
    SceNpTrophyDetails t;
    memset(&t, 0, sizeof t);
    t.size = sizeof t;
    rc = sceNpTrophyGetTrophyInfo(tctx, th, id, &t, NULL);
    printf("trophy %d: 0x%x \"%s\" grade %d hidden %u\n", id, (unsigned)rc, t.name, t.trophyGrade,
           t.hidden);
  }
  sceNpTrophyDestroyHandle(th);
  sceNpTrophyDestroyContext(tctx);
}

int main(int argc, char **argv) {
  bool badset = argc > 1 && strcmp(argv[1], "badset") == 0;
  /* a PS5 start-up path loads both modules first */
  show("load UDS module", sceSysmoduleLoadModule(SCE_SYSMODULE_NP_UNIVERSAL_DATA_SYSTEM));
  show("load Trophy2 module", sceSysmoduleLoadModule(SCE_SYSMODULE_NP_TROPHY2));
  lifecycle();
  registration();
  if (badset) {
    show("unlock 1", post_trophy("_UnlockTrophy", 1, -1));
    show("progress 3", post_trophy("_UpdateTrophyProgress", 3, 10));
    show("unlock 300", post_trophy("_UnlockTrophy", 300, -1)); /* PS5 ids go up to 999 */
  } else {
    custom_event();
    callback_setup();
    show("unlock 1", post_trophy("_UnlockTrophy", 1, -1));
    show("progress 3 to 4", post_trophy("_UpdateTrophyProgress", 3, 4));
    show("progress 3 to 10", post_trophy("_UpdateTrophyProgress", 3, 10));
    show("unlock 2", post_trophy("_UnlockTrophy", 2, -1));
    show("unlock 1 again", post_trophy("_UnlockTrophy", 1, -1));
    show("unlock 4", post_trophy("_UnlockTrophy", 4, -1));
    show("unlock 99", post_trophy("_UnlockTrophy", 99, -1));
    callback_check();
  }
  read_back();
  if (!badset) read_back2();
  show("abort handle", sceNpUniversalDataSystemAbortHandle(h));
  show("destroy handle", sceNpUniversalDataSystemDestroyHandle(h));
  show("destroy handle again", sceNpUniversalDataSystemDestroyHandle(h));
  show("destroy context", sceNpUniversalDataSystemDestroyContext(ctx));
  show("destroy context again", sceNpUniversalDataSystemDestroyContext(ctx));
  show("terminate", sceNpUniversalDataSystemTerminate());
  show("terminate again", sceNpUniversalDataSystemTerminate());
  show("handle after terminate", sceNpUniversalDataSystemCreateHandle(&h));
  return 0;
}
