/* libSceNpTrophy conformance. With the test package (make_trp.py: platinum 0, bronze 1 and
 * gold 2 linked to it, silver 3 not linked): contexts and handles and their errors, unlocks
 * before and after registration, the platinum earned with the last linked trophy, unlock
 * state, game and trophy information. With `noset` (no package in the game): ids 0..127
 * are accepted and the set's size follows the highest id unlocked. With `trophy2`: the
 * PS5 library's contexts and handles. */
#include <np_trophy.h>
#include <np_trophy2.h>
#include <stdio.h>
#include <string.h>

#define USER 1

static SceNpTrophyContext ctx;
static SceNpTrophyHandle h;

static void unlock(int id) {
  SceNpTrophyId plat = 99;
  int rc = sceNpTrophyUnlockTrophy(ctx, h, id, &plat);
  printf("unlock %d: 0x%x platinum %d\n", id, (unsigned)rc, rc == 0 ? plat : 99);
}

static void state(void) {
  SceNpTrophyFlagArray flags;
  uint32_t count = 0;
  memset(&flags, 0xff, sizeof flags);
  int rc = sceNpTrophyGetTrophyUnlockState(ctx, h, &flags, &count);
  printf("state: 0x%x count %u bits %08x %08x %08x %08x\n", (unsigned)rc, count, flags.flagBits[0],
         flags.flagBits[1], flags.flagBits[2], flags.flagBits[3]);
}

static void game_info(void) {
  SceNpTrophyGameDetails d;
  SceNpTrophyGameData g;
  memset(&d, 0, sizeof d);
  memset(&g, 0, sizeof g);
  d.size = sizeof d;
  g.size = sizeof g;
  int rc = sceNpTrophyGetGameInfo(ctx, h, &d, &g);
  printf("game: 0x%x \"%s\" trophies %u (P%u G%u S%u B%u) unlocked %u (P%u G%u S%u B%u) %u%%\n",
         (unsigned)rc, d.title, d.numTrophies, d.numPlatinum, d.numGold, d.numSilver, d.numBronze,
         g.unlockedTrophies, g.unlockedPlatinum, g.unlockedGold, g.unlockedSilver, g.unlockedBronze,
         g.progressPercentage);
}

static void trophy_info(int id) {
  SceNpTrophyDetails d;
  SceNpTrophyData t;
  memset(&d, 0, sizeof d);
  memset(&t, 0, sizeof t);
  d.size = sizeof d;
  t.size = sizeof t;
  int rc = sceNpTrophyGetTrophyInfo(ctx, h, id, &d, &t);
  printf("trophy %d: 0x%x \"%s\" (%s) grade %d group %d hidden %u unlocked %u dated %d\n", id,
         (unsigned)rc, d.name, d.description, d.trophyGrade, d.groupId, d.hidden, t.unlocked,
         t.timestamp > 0);
}

static void setup(void) {
  printf("context NULL: 0x%x\n", (unsigned)sceNpTrophyCreateContext(NULL, USER, 0, 0));
  printf("context options 1: 0x%x\n", (unsigned)sceNpTrophyCreateContext(&ctx, USER, 0, 1));
  printf("context user 9: 0x%x\n", (unsigned)sceNpTrophyCreateContext(&ctx, 9, 0, 0));
  int rc = sceNpTrophyCreateContext(&ctx, USER, 0, 0);
  printf("context: 0x%x valid %d\n", (unsigned)rc, ctx > 0);
  SceNpTrophyContext other;
  printf("same context again: 0x%x\n", (unsigned)sceNpTrophyCreateContext(&other, USER, 0, 0));
  printf("handle NULL: 0x%x\n", (unsigned)sceNpTrophyCreateHandle(NULL));
  rc = sceNpTrophyCreateHandle(&h);
  printf("handle: 0x%x valid %d\n", (unsigned)rc, h > 0);
}

static void with_set(void) {
  setup();
  unlock(1); /* not registered yet */
  state();
  printf("register, bad context: 0x%x\n", (unsigned)sceNpTrophyRegisterContext(-5, h, 0));
  printf("register, bad handle: 0x%x\n", (unsigned)sceNpTrophyRegisterContext(ctx, -5, 0));
  printf("register: 0x%x\n", (unsigned)sceNpTrophyRegisterContext(ctx, h, 0));
  printf("register again: 0x%x\n", (unsigned)sceNpTrophyRegisterContext(ctx, h, 0));
  state();
  game_info();
  unlock(1);
  unlock(1);
  unlock(0);
  unlock(4);
  unlock(-1);
  printf("unlock, NULL platinum: 0x%x\n", (unsigned)sceNpTrophyUnlockTrophy(ctx, h, 3, NULL));
  state();
  unlock(3);
  game_info();
  unlock(2);
  state();
  game_info();
  trophy_info(0);
  trophy_info(2);
  trophy_info(4);
  SceNpTrophyDetails d;
  memset(&d, 0, sizeof d);
  printf("trophy info, size unset: 0x%x\n",
         (unsigned)sceNpTrophyGetTrophyInfo(ctx, h, 1, &d, NULL));
  printf("state NULL: 0x%x\n", (unsigned)sceNpTrophyGetTrophyUnlockState(ctx, h, NULL, NULL));
  printf("abort: 0x%x\n", (unsigned)sceNpTrophyAbortHandle(h));
  printf("destroy handle: 0x%x\n", (unsigned)sceNpTrophyDestroyHandle(h));
  printf("destroy handle again: 0x%x\n", (unsigned)sceNpTrophyDestroyHandle(h));
  state();
  printf("destroy context: 0x%x\n", (unsigned)sceNpTrophyDestroyContext(ctx));
  printf("destroy context again: 0x%x\n", (unsigned)sceNpTrophyDestroyContext(ctx));
}

static void without_set(void) {
  setup();
  printf("register: 0x%x\n", (unsigned)sceNpTrophyRegisterContext(ctx, h, 0));
  state();
  unlock(5);
  unlock(0);
  unlock(127);
  unlock(128);
  state();
  game_info();
  trophy_info(5);
  trophy_info(6);
}

/* The PS5's library: the same contexts, handles and registration. */
static void trophy2(void) {
  SceNpTrophy2Context c2 = -1;
  SceNpTrophy2Handle h2 = -1;
  printf("trophy2 context NULL: 0x%x\n", (unsigned)sceNpTrophy2CreateContext(NULL, USER, 0, 0));
  int rc = sceNpTrophy2CreateContext(&c2, USER, 0, 0);
  printf("trophy2 context: 0x%x valid %d\n", (unsigned)rc, c2 > 0);
  rc = sceNpTrophy2CreateHandle(&h2);
  printf("trophy2 handle: 0x%x valid %d\n", (unsigned)rc, h2 > 0);
  printf("trophy2 register: 0x%x\n", (unsigned)sceNpTrophy2RegisterContext(c2, h2, 0));
  printf("trophy2 abort: 0x%x\n", (unsigned)sceNpTrophy2AbortHandle(h2));
  printf("trophy2 destroy handle: 0x%x\n", (unsigned)sceNpTrophy2DestroyHandle(h2));
  printf("trophy2 destroy context: 0x%x\n", (unsigned)sceNpTrophy2DestroyContext(c2));
  printf("trophy2 destroy context again: 0x%x\n", (unsigned)sceNpTrophy2DestroyContext(c2));
}

/* A second run over the unlocks `noset` left on disk. */
static void reload(void) {
  setup();
  printf("register: 0x%x\n", (unsigned)sceNpTrophyRegisterContext(ctx, h, 0));
  state();
  unlock(5);
  unlock(6);
  state();
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "reload") == 0) reload();
  else if (argc > 1 && strcmp(argv[1], "trophy2") == 0) trophy2();
  else if (argc > 1 && strcmp(argv[1], "noset") == 0) without_set();
  else with_set();
  return 0;
}
