/* libScePlayGo conformance: everything is installed. Initialize's buffer checks, the errors
 * before Initialize and on bad handles and pointers, chunk 0 listed, every chunk local and
 * complete with no time left, install speed and language mask kept (the default mask is the
 * system language's bit: French, 2, with --system-param lang=fr-FR), an empty to-do list.
 * With the argument `chunks` (guest.playgo_chunks) the game ships sce_sys/playgo-chunk.dat
 * defining three chunks (make_playgo.py): their ids, sizes, and BAD_CHUNK_ID for id 3. */
#include <playgo.h>
#include <stdio.h>
#include <string.h>

static char heap[SCE_PLAYGO_HEAP_SIZE];

/* The three chunks of make_playgo.py: chunk 0 is 0x1000 + 0x2000 bytes, chunk 1 0x30000,
 * chunk 2 empty; ids from 3 are not defined. */
static int chunks(void) {
  ScePlayGoInitParams p = {heap, SCE_PLAYGO_HEAP_SIZE, 0};
  ScePlayGoHandle h = 0;
  printf("init: 0x%x open: 0x%x\n", (unsigned)scePlayGoInitialize(&p),
         (unsigned)scePlayGoOpen(&h, NULL));
  uint32_t n = 99;
  printf("chunk count: rc 0x%x n %u\n", (unsigned)scePlayGoGetChunkId(h, NULL, 0, &n), n);
  ScePlayGoChunkId ids[8] = {9, 9, 9, 9, 9, 9, 9, 9};
  int rc = scePlayGoGetChunkId(h, ids, 8, &n);
  printf("chunk ids: rc 0x%x n %u: %u %u %u\n", (unsigned)rc, n, ids[0], ids[1], ids[2]);
  rc = scePlayGoGetChunkId(h, ids, 2, &n);
  printf("chunk ids, room for 2: rc 0x%x n %u\n", (unsigned)rc, n);
  ScePlayGoChunkId all[3] = {0, 1, 2};
  ScePlayGoLocus loci[3] = {-1, -1, -1};
  rc = scePlayGoGetLocus(h, all, 3, loci);
  printf("locus: rc 0x%x %d %d %d\n", (unsigned)rc, loci[0], loci[1], loci[2]);
  ScePlayGoChunkId bad[2] = {1, 3};
  printf("locus of chunk 3: 0x%x\n", (unsigned)scePlayGoGetLocus(h, bad, 2, loci));
  ScePlayGoProgress prog = {0, 0};
  rc = scePlayGoGetProgress(h, all, 2, &prog);
  printf("progress of 0 and 1: rc 0x%x 0x%llx of 0x%llx\n", (unsigned)rc,
         (unsigned long long)prog.progressSize, (unsigned long long)prog.totalSize);
  rc = scePlayGoGetProgress(h, all + 2, 1, &prog);
  printf("progress of 2: rc 0x%x 0x%llx of 0x%llx\n", (unsigned)rc,
         (unsigned long long)prog.progressSize, (unsigned long long)prog.totalSize);
  printf("progress of chunk 3: 0x%x\n", (unsigned)scePlayGoGetProgress(h, bad, 2, &prog));
  ScePlayGoEta eta = -1;
  printf("eta of chunk 3: 0x%x\n", (unsigned)scePlayGoGetEta(h, bad, 2, &eta));
  rc = scePlayGoGetEta(h, all, 3, &eta);
  printf("eta: rc 0x%x %lld\n", (unsigned)rc, (long long)eta);
  printf("close: 0x%x terminate: 0x%x\n", (unsigned)scePlayGoClose(h),
         (unsigned)scePlayGoTerminate());
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "chunks") == 0) return chunks();
  ScePlayGoHandle h = 77;
  printf("open before init: 0x%x\n", (unsigned)scePlayGoOpen(&h, NULL));
  printf("terminate before init: 0x%x\n", (unsigned)scePlayGoTerminate());
  ScePlayGoInitParams p = {NULL, SCE_PLAYGO_HEAP_SIZE, 0};
  printf("init null buffer: 0x%x\n", (unsigned)scePlayGoInitialize(&p));
  p.bufAddr = heap;
  p.bufSize = SCE_PLAYGO_HEAP_SIZE - 1;
  printf("init small buffer: 0x%x\n", (unsigned)scePlayGoInitialize(&p));
  printf("init null: 0x%x\n", (unsigned)scePlayGoInitialize(NULL));
  p.bufSize = SCE_PLAYGO_HEAP_SIZE;
  printf("init: 0x%x\n", (unsigned)scePlayGoInitialize(&p));
  printf("init again: 0x%x\n", (unsigned)scePlayGoInitialize(&p));
  printf("open null: 0x%x\n", (unsigned)scePlayGoOpen(NULL, NULL));
  printf("open: 0x%x\n", (unsigned)scePlayGoOpen(&h, NULL));

  uint32_t n = 99;
  printf("chunk count: rc 0x%x n %u\n", (unsigned)scePlayGoGetChunkId(h, NULL, 0, &n), n);
  ScePlayGoChunkId ids[4] = {7, 7, 7, 7};
  int rc = scePlayGoGetChunkId(h, ids, 4, &n);
  printf("chunk ids: rc 0x%x n %u first %u\n", (unsigned)rc, n, ids[0]);
  printf("chunk ids zero size: 0x%x\n", (unsigned)scePlayGoGetChunkId(h, ids, 0, &n));
  printf("chunk ids bad handle: 0x%x\n", (unsigned)scePlayGoGetChunkId(h + 1, ids, 4, &n));

  ScePlayGoChunkId ask[2] = {0, 1};
  ScePlayGoLocus loci[2] = {-1, -1};
  rc = scePlayGoGetLocus(h, ask, 2, loci);
  printf("locus: rc 0x%x %d %d\n", (unsigned)rc, loci[0], loci[1]);
  printf("locus null: 0x%x\n", (unsigned)scePlayGoGetLocus(h, ask, 2, NULL));
  printf("locus zero: 0x%x\n", (unsigned)scePlayGoGetLocus(h, ask, 0, loci));
  ScePlayGoProgress prog = {1, 2};
  rc = scePlayGoGetProgress(h, ask, 1, &prog);
  printf("progress: rc 0x%x complete %d nonzero %d\n", (unsigned)rc,
         prog.progressSize == prog.totalSize, prog.totalSize > 0);
  ScePlayGoEta eta = -1;
  rc = scePlayGoGetEta(h, ask, 1, &eta);
  printf("eta: rc 0x%x %lld\n", (unsigned)rc, (long long)eta);

  ScePlayGoInstallSpeed speed = -1;
  rc = scePlayGoGetInstallSpeed(h, &speed);
  printf("speed: rc 0x%x %d\n", (unsigned)rc, speed);
  printf("set speed trickle: 0x%x\n",
         (unsigned)scePlayGoSetInstallSpeed(h, SCE_PLAYGO_INSTALL_SPEED_TRICKLE));
  printf("set speed 5: 0x%x\n", (unsigned)scePlayGoSetInstallSpeed(h, 5));
  scePlayGoGetInstallSpeed(h, &speed);
  printf("speed now %d\n", speed);

  ScePlayGoLanguageMask mask = 0;
  rc = scePlayGoGetLanguageMask(h, &mask);
  printf("language mask: rc 0x%x 0x%016llx\n", (unsigned)rc, (unsigned long long)mask);
  printf("set mask: 0x%x\n", (unsigned)scePlayGoSetLanguageMask(h, 0x3ull << 62));
  scePlayGoGetLanguageMask(h, &mask);
  printf("mask now 0x%016llx\n", (unsigned long long)mask);

  ScePlayGoToDo todo[4];
  n = 99;
  rc = scePlayGoGetToDoList(h, todo, 4, &n);
  printf("to-do: rc 0x%x n %u\n", (unsigned)rc, n);
  printf("to-do zero: 0x%x\n", (unsigned)scePlayGoGetToDoList(h, todo, 0, &n));
  todo[0].chunkId = 0;
  todo[0].locus = SCE_PLAYGO_LOCUS_LOCAL_FAST;
  todo[0].reserved = 0;
  printf("set to-do: 0x%x\n", (unsigned)scePlayGoSetToDoList(h, todo, 1));
  scePlayGoGetToDoList(h, todo, 4, &n);
  printf("to-do after set: n %u\n", n);
  todo[0].locus = 1;
  printf("set to-do, locus 1: 0x%x\n", (unsigned)scePlayGoSetToDoList(h, todo, 1));
  printf("set to-do null: 0x%x\n", (unsigned)scePlayGoSetToDoList(h, NULL, 1));
  printf("prefetch: 0x%x\n",
         (unsigned)scePlayGoPrefetch(h, ask, 2, SCE_PLAYGO_LOCUS_LOCAL_FAST));
  printf("prefetch, locus 7: 0x%x\n", (unsigned)scePlayGoPrefetch(h, ask, 2, 7));
  printf("prefetch zero: 0x%x\n",
         (unsigned)scePlayGoPrefetch(h, ask, 0, SCE_PLAYGO_LOCUS_LOCAL_FAST));

  printf("close: 0x%x\n", (unsigned)scePlayGoClose(h));
  printf("close again: 0x%x\n", (unsigned)scePlayGoClose(h));
  printf("terminate: 0x%x\n", (unsigned)scePlayGoTerminate());
  printf("open after terminate: 0x%x\n", (unsigned)scePlayGoOpen(&h, NULL));
  return 0;
}
