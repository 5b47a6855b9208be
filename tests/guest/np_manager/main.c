/* libSceNpManager offline: the user is signed out, identity queries answer SIGNED_OUT, bad
 * arguments INVALID_ARGUMENT, state callbacks register once per function and unregister by
 * id, the title id is accepted; requests (sync and async) of the availability checks complete
 * SIGNED_OUT, once each; the online-id form finds no user; no account: not signed up. */
#include <np_manager.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <user_service.h>

static void on_state(int32_t user, SceNpState state, void *data) {
  (void)user, (void)state, (void)data;
  printf("callback called\n");
}
static void on_state2(int32_t user, SceNpState state, void *data) {
  (void)user, (void)state, (void)data;
}

int main(void) {
  sceUserServiceInitialize(NULL);
  SceUserServiceUserId user = 0;
  sceUserServiceGetInitialUser(&user);
  SceNpState state = -1;
  int rc = sceNpGetState(user, &state);
  printf("state: rc 0x%x %d\n", (unsigned)rc, state);
  printf("state null: 0x%x\n", (unsigned)sceNpGetState(user, NULL));
  printf("state invalid user: 0x%x\n", (unsigned)sceNpGetState(-1, &state));
  SceNpAccountId id = 99;
  rc = sceNpGetAccountIdA(user, &id);
  printf("account id: rc 0x%x %llu\n", (unsigned)rc, (unsigned long long)id);
  printf("account id null: 0x%x\n", (unsigned)sceNpGetAccountIdA(user, NULL));
  SceNpOnlineId online;
  printf("online id: 0x%x\n", (unsigned)sceNpGetOnlineId(user, &online));
  printf("online id invalid user: 0x%x\n", (unsigned)sceNpGetOnlineId(-1, &online));
  SceNpId npid;
  printf("np id: 0x%x\n", (unsigned)sceNpGetNpId(user, &npid));
  printf("np id null: 0x%x\n", (unsigned)sceNpGetNpId(user, NULL));

  int cb = sceNpRegisterStateCallbackA(on_state, NULL);
  printf("register: id positive %d\n", cb > 0);
  printf("register again: 0x%x\n", (unsigned)sceNpRegisterStateCallbackA(on_state, NULL));
  int cb2 = sceNpRegisterStateCallbackA(on_state2, NULL);
  printf("register another: distinct %d\n", cb2 > 0 && cb2 != cb);
  printf("register null: 0x%x\n", (unsigned)sceNpRegisterStateCallbackA(NULL, NULL));
  printf("check callback: 0x%x\n", (unsigned)sceNpCheckCallback());
  printf("unregister: 0x%x\n", (unsigned)sceNpUnregisterStateCallbackA(cb));
  printf("unregister again: 0x%x\n", (unsigned)sceNpUnregisterStateCallbackA(cb));
  printf("unregister other: 0x%x\n", (unsigned)sceNpUnregisterStateCallbackA(cb2));

  SceNpTitleId title;
  SceNpTitleSecret secret;
  memset(&title, 0, sizeof title);
  memset(&secret, 0, sizeof secret);
  strcpy(title.id, "PRSP00001_00");
  printf("title id: 0x%x\n", (unsigned)sceNpSetNpTitleId(&title, &secret));
  printf("title id null: 0x%x\n", (unsigned)sceNpSetNpTitleId(NULL, &secret));

  int req = sceNpCreateRequest();
  printf("request: 0x%x\n", (unsigned)req);
  printf("availability: 0x%x\n", (unsigned)sceNpCheckNpAvailabilityA(req, user));
  printf("availability again: 0x%x\n", (unsigned)sceNpCheckNpAvailabilityA(req, user));
  printf("availability user -1: 0x%x\n", (unsigned)sceNpCheckNpAvailabilityA(req, -1));
  int result = 0;
  printf("poll sync: 0x%x\n", (unsigned)sceNpPollAsync(req, &result));
  printf("delete: 0x%x\n", (unsigned)sceNpDeleteRequest(req));
  printf("delete again: 0x%x\n", (unsigned)sceNpDeleteRequest(req));
  SceNpCreateAsyncRequestParameter ap;
  memset(&ap, 0, sizeof ap);
  printf("async bad size: 0x%x\n", (unsigned)sceNpCreateAsyncRequest(&ap));
  ap.size = sizeof ap;
  req = sceNpCreateAsyncRequest(&ap);
  printf("async request: 0x%x\n", (unsigned)req);
  printf("wait before use: 0x%x\n", (unsigned)sceNpWaitAsync(req, &result));
  printf("reachability: 0x%x\n", (unsigned)sceNpCheckNpReachability(req, user));
  rc = sceNpPollAsync(req, &result);
  printf("poll: rc 0x%x result 0x%x\n", (unsigned)rc, (unsigned)result);
  printf("poll null: 0x%x\n", (unsigned)sceNpPollAsync(req, NULL));
  sceNpDeleteRequest(req);
  req = sceNpCreateRequest();
  printf("abort: 0x%x\n", (unsigned)sceNpAbortRequest(req));
  printf("availability after abort: 0x%x\n", (unsigned)sceNpCheckNpAvailabilityA(req, user));
  printf("availability by online id: 0x%x\n", (unsigned)sceNpCheckNpAvailability(req, &online));
  sceNpDeleteRequest(req);
  SceNpCountryCode country;
  printf("country: 0x%x\n", (unsigned)sceNpGetAccountCountryA(user, &country));
  printf("country null: 0x%x\n", (unsigned)sceNpGetAccountCountryA(user, NULL));
  bool signed_up = true;
  rc = sceNpHasSignedUp(user, &signed_up);
  printf("signed up: rc 0x%x %d\n", (unsigned)rc, signed_up);
  printf("signed up null: 0x%x\n", (unsigned)sceNpHasSignedUp(user, NULL));

  SceNpId a, b;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  strcpy(a.handle.data, "prospero_user");
  strcpy(b.handle.data, "prospero_user");
  a.handle.dummy[0] = 1; /* padding: not compared */
  printf("cmp online id equal: 0x%x\n", (unsigned)sceNpCmpOnlineId(&a.handle, &b.handle));
  printf("cmp np id equal: 0x%x\n", (unsigned)sceNpCmpNpId(&a, &b));
  int32_t order = 9;
  rc = sceNpCmpNpIdInOrder(&a, &b, &order);
  printf("order equal: rc 0x%x %d\n", (unsigned)rc, order);
  b.opt[3] = 1;
  printf("cmp np id, opt differs: 0x%x\n", (unsigned)sceNpCmpNpId(&a, &b));
  sceNpCmpNpIdInOrder(&a, &b, &order);
  printf("order, opt differs: %d\n", order);
  strcpy(b.handle.data, "prospero_usea");
  printf("cmp online id differs: 0x%x\n", (unsigned)sceNpCmpOnlineId(&a.handle, &b.handle));
  sceNpCmpNpIdInOrder(&a, &b, &order);
  printf("order, online id after: %d\n", order);
  printf("cmp null: 0x%x\n", (unsigned)sceNpCmpNpId(&a, NULL));
  return 0;
}
