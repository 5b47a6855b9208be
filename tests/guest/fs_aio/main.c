/* sceKernelAio* against the console SDK's documented behaviour: one submit ID per
 * Submit*Commands call and one per request for the Multiple forms; a finished request has
 * state COMPLETED and its byte count or SCE error code in returnValue; the first poll or wait
 * that sees a terminal state reports it plain, later ones with SCE_KERNEL_AIO_STATE_NOTIFIED;
 * WAIT_AND waits for all, WAIT_OR for one that newly completes; an unknown ID is ESRCH in its
 * slot; argument errors come before any output is written. */
#include <errno.h>
#include <fcntl.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SCE(e) (int)(0x80020000u + (e))
#define WILD ((void *)0x7ff000000000ull)
#define DONE SCE_KERNEL_AIO_STATE_COMPLETED
#define NOTIFIED SCE_KERNEL_AIO_STATE_NOTIFIED
#define CHUNK 16384

static int failures;
static void check(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  failures += !ok;
}

static unsigned char file[4 * CHUNK];
static unsigned char got[4][CHUNK];

static SceKernelAioRWRequest rq(int fd, off_t off, size_t n, void *buf, SceKernelAioResult *r) {
  SceKernelAioRWRequest q;
  memset(&q, 0, sizeof q);
  q.fd = fd;
  q.offset = off;
  q.nbyte = n;
  q.buf = buf;
  q.result = r;
  return q;
}

int main(void) {
  for (unsigned i = 0; i < sizeof file; i++) file[i] = (unsigned char)(i * 7 + i / 251);
  int w = open("/temp0/aio.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  write(w, file, sizeof file);
  close(w);
  int fd = open("/temp0/aio.bin", O_RDONLY);

  /* one ID for a batch of four reads */
  SceKernelAioResult res[8];
  SceKernelAioRWRequest req[8];
  for (int i = 0; i < 4; i++) req[i] = rq(fd, i * CHUNK, CHUNK, got[i], &res[i]);
  SceKernelAioSubmitId id = 0;
  check("SubmitReadCommands: 0, an ID",
        sceKernelAioSubmitReadCommands(req, 4, SCE_KERNEL_AIO_PRIORITY_MID, &id) == 0 && id > 0);
  int state = 0;
  check("WaitRequest: COMPLETED", sceKernelAioWaitRequest(id, &state, NULL) == 0 && state == DONE);
  int all = 1;
  for (int i = 0; i < 4; i++)
    all &= res[i].state == DONE && res[i].returnValue == CHUNK &&
           memcmp(got[i], file + i * CHUNK, CHUNK) == 0;
  check("results: 16384 bytes each, COMPLETED, the file's bytes", all);
  check("PollRequest again: COMPLETED|NOTIFIED",
        sceKernelAioPollRequest(id, &state) == 0 && state == (DONE | NOTIFIED));
  check("WaitRequest again: COMPLETED|NOTIFIED",
        sceKernelAioWaitRequest(id, &state, NULL) == 0 && state == (DONE | NOTIFIED));

  /* one ID per request */
  SceKernelAioSubmitId ids[4] = {0};
  for (int i = 0; i < 3; i++) req[i] = rq(fd, i * 100, 100, got[i], &res[i]);
  check("SubmitReadCommandsMultiple: three IDs",
        sceKernelAioSubmitReadCommandsMultiple(req, 3, SCE_KERNEL_AIO_PRIORITY_HIGH, ids) == 0 &&
            ids[0] > 0 && ids[1] > 0 && ids[2] > 0 && ids[0] != ids[1] && ids[1] != ids[2]);
  int states[4] = {0};
  SceKernelUseconds usec = 1000000;
  check("WaitRequests AND with a budget: 0, all COMPLETED",
        sceKernelAioWaitRequests(ids, 3, states, SCE_KERNEL_AIO_WAIT_AND, &usec) == 0 &&
            states[0] == DONE && states[1] == DONE && states[2] == DONE);
  check("the remaining budget is written back", usec <= 1000000);
  check("the data", memcmp(got[2], file + 200, 100) == 0 && res[2].returnValue == 100);
  usec = 0;
  check("zero budget on finished IDs: 0, NOTIFIED",
        sceKernelAioWaitRequests(ids, 3, states, SCE_KERNEL_AIO_WAIT_AND, &usec) == 0 &&
            states[0] == (DONE | NOTIFIED) && usec == 0);

  /* unknown IDs: ESRCH in their slot */
  SceKernelAioSubmitId mixed[2] = {ids[0], 0x7654321};
  check("PollRequests with an unknown ID: 0, ESRCH in its slot",
        sceKernelAioPollRequests(mixed, 2, states) == 0 && states[0] == (DONE | NOTIFIED) &&
            states[1] == SCE(ESRCH));
  states[1] = 0;
  check("WaitRequests with an unknown ID: 0, ESRCH in its slot",
        sceKernelAioWaitRequests(mixed, 2, states, SCE_KERNEL_AIO_WAIT_AND, NULL) == 0 &&
            states[1] == SCE(ESRCH));
  check("PollRequest of an unknown ID: ESRCH in the state",
        sceKernelAioPollRequest(-5, &state) == 0 && state == SCE(ESRCH));

  /* argument errors leave the outputs alone */
  for (int i = 0; i < 4; i++) states[i] = 0x5555;
  check("PollRequests(NULL ids): SCE EFAULT",
        sceKernelAioPollRequests(NULL, 1, states) == SCE(EFAULT) && states[0] == 0x5555);
  check("PollRequests(NULL states): SCE EFAULT",
        sceKernelAioPollRequests(ids, 1, NULL) == SCE(EFAULT));
  check("PollRequests of 0 IDs: SCE EINVAL",
        sceKernelAioPollRequests(ids, 0, states) == SCE(EINVAL) && states[0] == 0x5555);
  check("WaitRequests of 129 IDs: SCE EINVAL",
        sceKernelAioWaitRequests(ids, 129, states, SCE_KERNEL_AIO_WAIT_AND, NULL) == SCE(EINVAL) &&
            states[0] == 0x5555);
  check("WaitRequests mode 3 on two IDs: SCE EINVAL, states untouched",
        sceKernelAioWaitRequests(ids, 2, states, 3, NULL) == SCE(EINVAL) && states[0] == 0x5555 &&
            states[1] == 0x5555);
  check("WaitRequests mode 3 on one ID: the mode is ignored",
        sceKernelAioWaitRequests(ids, 1, states, 3, NULL) == 0 && states[0] == (DONE | NOTIFIED));
  check("WaitRequests with a wild budget pointer: SCE EFAULT",
        sceKernelAioWaitRequests(ids, 1, states, SCE_KERNEL_AIO_WAIT_AND, WILD) == SCE(EFAULT));
  check("WaitRequests with wild states: SCE EFAULT",
        sceKernelAioWaitRequests(ids, 1, WILD, SCE_KERNEL_AIO_WAIT_AND, NULL) == SCE(EFAULT));
  SceKernelAioSubmitId sid = 0x1234;
  check("Submit(NULL requests): SCE EFAULT",
        sceKernelAioSubmitReadCommands(NULL, 1, 2, &sid) == SCE(EFAULT) && sid == 0x1234);
  check("Submit(NULL id): SCE EFAULT",
        sceKernelAioSubmitReadCommands(req, 1, 2, NULL) == SCE(EFAULT));
  check("Submit of 0 requests: SCE EINVAL",
        sceKernelAioSubmitReadCommands(req, 0, 2, &sid) == SCE(EINVAL));
  check("Submit of 129 requests: SCE EINVAL",
        sceKernelAioSubmitReadCommands(req, 129, 2, &sid) == SCE(EINVAL));
  check("Submit at priority 0: SCE EINVAL",
        sceKernelAioSubmitReadCommands(req, 1, 0, &sid) == SCE(EINVAL));
  check("Submit at priority 4: SCE EINVAL",
        sceKernelAioSubmitReadCommands(req, 1, 4, &sid) == SCE(EINVAL));
  req[0] = rq(fd, 0, 10, got[0], WILD);
  check("Submit with a wild result record: SCE EFAULT, no ID",
        sceKernelAioSubmitReadCommands(req, 1, 2, &sid) == SCE(EFAULT) && sid == 0x1234);

  /* per-request errors are results */
  req[0] = rq(999, 0, 10, got[0], &res[0]);
  req[1] = rq(fd, 0, 10, WILD, &res[1]);
  req[2] = rq(fd, sizeof file, 10, got[2], &res[2]);
  check("a batch with a bad descriptor, a wild buffer, a read past the end: accepted",
        sceKernelAioSubmitReadCommands(req, 3, 1, &id) == 0);
  check("... waits COMPLETED", sceKernelAioWaitRequest(id, &state, NULL) == 0 && state == DONE);
  check("bad descriptor: COMPLETED, SCE EBADF",
        res[0].state == DONE && res[0].returnValue == (int64_t)SCE(EBADF));
  check("wild buffer: COMPLETED, SCE EFAULT",
        res[1].state == DONE && res[1].returnValue == (int64_t)SCE(EFAULT));
  check("past the end: COMPLETED, 0 bytes", res[2].state == DONE && res[2].returnValue == 0);

  /* WAIT_OR: an already notified ID does not satisfy it, a newly completed one does */
  SceKernelAioSubmitId pair[2] = {ids[0], 0};
  req[0] = rq(fd, 5, 5, got[0], &res[0]);
  sceKernelAioSubmitReadCommands(req, 1, 2, &pair[1]);
  check("WaitRequests OR: returns with the new one COMPLETED",
        sceKernelAioWaitRequests(pair, 2, states, SCE_KERNEL_AIO_WAIT_OR, NULL) == 0 &&
            states[0] == (DONE | NOTIFIED) && states[1] == DONE);

  /* writes */
  int wf = open("/temp0/aio_w.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
  req[0] = rq(wf, 0, 4, (void *)"AAAA", &res[0]);
  req[1] = rq(wf, 4, 4, (void *)"BBBB", &res[1]);
  check("SubmitWriteCommands", sceKernelAioSubmitWriteCommands(req, 2, 2, &id) == 0);
  check("... COMPLETED, 4 bytes each", sceKernelAioWaitRequest(id, &state, NULL) == 0 &&
                                           state == DONE && res[0].returnValue == 4 &&
                                           res[1].returnValue == 4);
  req[0] = rq(wf, 8, 2, (void *)"CC", &res[0]);
  req[1] = rq(wf, 10, 2, (void *)"DD", &res[1]);
  check("SubmitWriteCommandsMultiple: two IDs",
        sceKernelAioSubmitWriteCommandsMultiple(req, 2, 3, ids) == 0 && ids[0] != ids[1]);
  sceKernelAioWaitRequests(ids, 2, states, SCE_KERNEL_AIO_WAIT_AND, NULL);
  char back[16] = {0};
  check("the file holds AAAABBBBCCDD",
        pread(wf, back, 16, 0) == 12 && strcmp(back, "AAAABBBBCCDD") == 0);
  close(wf);

  /* cancel and delete */
  check("CancelRequest of a finished ID: its state",
        sceKernelAioCancelRequest(id, &state) == 0 && state == (DONE | NOTIFIED));
  check("CancelRequest of an unknown ID: ESRCH",
        sceKernelAioCancelRequest(0x7654321, &state) == 0 && state == SCE(ESRCH));
  int ret = -1;
  check("DeleteRequest: 0", sceKernelAioDeleteRequest(id, &ret) == 0 && ret == 0);
  check("poll after delete: ESRCH",
        sceKernelAioPollRequest(id, &state) == 0 && state == SCE(ESRCH));
  check("DeleteRequest again: ESRCH",
        sceKernelAioDeleteRequest(id, &ret) == 0 && ret == SCE(ESRCH));
  int rets[2] = {-1, -1};
  check("DeleteRequests",
        sceKernelAioDeleteRequests(ids, 2, rets) == 0 && rets[0] == 0 && rets[1] == 0);
  check("DeleteRequest(NULL result): SCE EFAULT",
        sceKernelAioDeleteRequest(pair[1], NULL) == SCE(EFAULT));

  /* scheduling parameters */
  SceKernelAioParam p;
  memset(&p, 0, sizeof p);
  sceKernelAioInitializeParam(&p);
  check("InitializeParam: split sizes at their defaults",
        p.mid.splitSize == SCE_KERNEL_AIO_SPLIT_SIZE_DEFAULT &&
            p.mid.splitChunkSize == SCE_KERNEL_AIO_SPLIT_CHUNK_SIZE_DEFAULT);
  check("SetParam",
        sceKernelAioSetParam(&p.high, 32, 16, SCE_KERNEL_AIO_ENABLE_SPLIT, 0x20000, 0x10000) == 0 &&
            p.high.schedulingWindowSize == 32 && p.high.delayedCountLimit == 16 &&
            p.high.enableSplit == 1 && p.high.splitChunkSize == 0x10000);
  check("SetParam window 0: SCE EINVAL",
        sceKernelAioSetParam(&p.low, 0, 1, 0, 0, 0) == SCE(EINVAL));
  check("SetParam window 129: SCE EINVAL",
        sceKernelAioSetParam(&p.low, 129, 1, 0, 0, 0) == SCE(EINVAL));
  check("sceKernelAioInitialize", sceKernelAioInitialize(&p) == 0);
  close(fd);
  printf("%d failures\n", failures);
  return failures;
}
