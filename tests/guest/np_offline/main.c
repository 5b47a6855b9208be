/* The Np libraries a start-up path calls, on an offline console (the user signed out):
 * libSceNpWebApi2 and libSceNpWebApi (contexts and requests made, found and deleted; a sent
 * request fails NOT_SIGNED_IN), libSceNpAuth (requests answer SIGNED_OUT, the online-id forms
 * USER_NOT_FOUND), libSceNpGameIntent (no intent to receive), libSceNpEntitlementAccess (no
 * add-on entitlement, the full SKU), the Initialize/Terminate of libSceNpMatching2 and
 * libSceNpSessionSignaling, with the errors for bad arguments and wrong order. */
#include <np/np_auth.h>
#include <np/np_game_intent.h>
#include <np/np_session_signaling.h>
#include <np/np_webapi.h>
#include <np/np_webapi2.h>
#include <np_entitlement_access.h>
#include <np_matching2.h>
#include <stdio.h>
#include <string.h>
#include <user_service.h>

#define X(call) ((unsigned)(call))

static SceUserServiceUserId user;

static void web_api2(void) {
  int lib = sceNpWebApi2Initialize(1, 64 * 1024);
  printf("webapi2 init: positive %d\n", lib > 0);
  printf("user ctx, user -1: 0x%x\n", X(sceNpWebApi2CreateUserContext(lib, -1)));
  printf("user ctx, lib 0x8000: 0x%x\n", X(sceNpWebApi2CreateUserContext(0x8000, user)));
  printf("user ctx, no such lib: 0x%x\n", X(sceNpWebApi2CreateUserContext(lib + 5, user)));
  int ctx = sceNpWebApi2CreateUserContext(lib, user);
  printf("user ctx: positive %d in lib %d\n", ctx > 0, ctx >> 16 == lib);
  printf("user ctx again: 0x%x\n", X(sceNpWebApi2CreateUserContext(lib, user)));
  int64_t req = 0;
  printf("request, no path: 0x%x\n",
         X(sceNpWebApi2CreateRequest(ctx, "userProfile", NULL, "GET", NULL, &req)));
  char group[64];
  memset(group, 'g', 63);
  group[63] = 0;
  printf("request, group of 63: 0x%x\n",
         X(sceNpWebApi2CreateRequest(ctx, group, "/v1/x", "GET", NULL, &req)));
  SceNpWebApi2ContentParameter content = {5, NULL, {0}};
  printf("request, length without type: 0x%x\n",
         X(sceNpWebApi2CreateRequest(ctx, "userProfile", "/v1/x", "POST", &content, &req)));
  printf("request, no such context: 0x%x\n",
         X(sceNpWebApi2CreateRequest(ctx + 1, "userProfile", "/v1/x", "GET", NULL, &req)));
  int rc = sceNpWebApi2CreateRequest(ctx, "userProfile", "/v1/x", "GET", NULL, &req);
  printf("request: rc 0x%x of ctx %d\n", X(rc), (int)(req >> 32) == ctx);
  printf("header: 0x%x\n", X(sceNpWebApi2AddHttpRequestHeader(req, "Accept", "text/plain")));
  printf("send: 0x%x\n", X(sceNpWebApi2SendRequest(req, NULL, 0, NULL)));
  sceNpWebApi2CheckTimeout();
  printf("abort after a timeout check: 0x%x\n", X(sceNpWebApi2AbortRequest(req)));
  printf("delete request: 0x%x\n", X(sceNpWebApi2DeleteRequest(req)));
  printf("delete request again: 0x%x\n", X(sceNpWebApi2DeleteRequest(req)));
  printf("send deleted: 0x%x\n", X(sceNpWebApi2SendRequest(req, NULL, 0, NULL)));
  printf("delete user ctx: 0x%x\n", X(sceNpWebApi2DeleteUserContext(ctx)));
  printf("delete user ctx again: 0x%x\n", X(sceNpWebApi2DeleteUserContext(ctx)));
  ctx = sceNpWebApi2CreateUserContext(lib, user);
  printf("terminate: 0x%x\n", X(sceNpWebApi2Terminate(lib)));
  printf("terminate again: 0x%x\n", X(sceNpWebApi2Terminate(lib)));
  printf("ctx after terminate: 0x%x\n", X(sceNpWebApi2DeleteUserContext(ctx)));
}

static void on_push(int32_t user_ctx, int32_t cb, const char *service, uint32_t label,
                    const void *to, const void *from, const void *type, const char *data,
                    size_t len, void *arg) {
  (void)user_ctx, (void)cb, (void)service, (void)label, (void)to, (void)from, (void)type;
  (void)data, (void)len, (void)arg;
  printf("push event received\n");
}

static void on_push_context(void) { printf("push context event received\n"); }

/* Push events: handles and filters of the library context, callbacks and push contexts of
 * a user context; none ever arrives. */
static void push_events(void) {
  int lib = sceNpWebApi2Initialize(1, 64 * 1024);
  int ctx = sceNpWebApi2CreateUserContext(lib, user);
  int h = sceNpWebApi2PushEventCreateHandle(lib);
  printf("push handle: positive %d\n", h > 0);
  printf("push handle, no such lib: 0x%x\n", X(sceNpWebApi2PushEventCreateHandle(lib + 9)));
  printf("handle timeout: 0x%x\n", X(sceNpWebApi2PushEventSetHandleTimeout(lib, h, 1000)));
  printf("handle timeout, no such handle: 0x%x\n",
         X(sceNpWebApi2PushEventSetHandleTimeout(lib, h + 1, 1000)));
  char params[64];
  memset(params, 0, sizeof params);
  const SceNpWebApi2PushEventFilterParameter *fp =
      (const SceNpWebApi2PushEventFilterParameter *)params;
  printf("filter, no params: 0x%x\n",
         X(sceNpWebApi2PushEventCreateFilter(lib, h, NULL, 0, NULL, 1)));
  printf("filter, name with the invalid label: 0x%x\n",
         X(sceNpWebApi2PushEventCreateFilter(lib, h, "service", 0xFFFFFFFFu, fp, 1)));
  printf("filter, no such handle: 0x%x\n",
         X(sceNpWebApi2PushEventCreateFilter(lib, h + 1, NULL, 0, fp, 1)));
  int filter = sceNpWebApi2PushEventCreateFilter(lib, h, NULL, 0, fp, 1);
  printf("filter: positive %d\n", filter > 0);
  printf("callback, no function: 0x%x\n",
         X(sceNpWebApi2PushEventRegisterCallback(ctx, filter, NULL, NULL)));
  printf("callback, no such filter: 0x%x\n",
         X(sceNpWebApi2PushEventRegisterCallback(ctx, filter + 1, on_push, NULL)));
  int cb = sceNpWebApi2PushEventRegisterCallback(ctx, filter, on_push, NULL);
  printf("callback: positive %d\n", cb > 0);
  int pcb = sceNpWebApi2PushEventRegisterPushContextCallback(ctx, filter, on_push_context, NULL);
  printf("push context callback: positive %d\n", pcb > 0);
  SceNpWebApi2PushEventPushContextId pid;
  memset(&pid, 'x', sizeof pid);
  int rc = sceNpWebApi2PushEventCreatePushContext(ctx, &pid);
  printf("push context: rc 0x%x uuid length %zu dashes %d%d%d%d\n", X(rc),
         strnlen(pid.uuid, sizeof pid.uuid), pid.uuid[8] == '-', pid.uuid[13] == '-',
         pid.uuid[18] == '-', pid.uuid[23] == '-');
  printf("push context, no id: 0x%x\n", X(sceNpWebApi2PushEventCreatePushContext(ctx, NULL)));
  printf("start: 0x%x\n", X(sceNpWebApi2PushEventStartPushContextCallback(ctx, &pid)));
  sceNpWebApi2CheckTimeout();
  printf("abort handle: 0x%x\n", X(sceNpWebApi2PushEventAbortHandle(lib, h)));
  printf("delete push context: 0x%x\n", X(sceNpWebApi2PushEventDeletePushContext(ctx, &pid)));
  printf("start deleted: 0x%x\n", X(sceNpWebApi2PushEventStartPushContextCallback(ctx, &pid)));
  printf("unregister: 0x%x\n", X(sceNpWebApi2PushEventUnregisterCallback(ctx, cb)));
  printf("unregister again: 0x%x\n", X(sceNpWebApi2PushEventUnregisterCallback(ctx, cb)));
  printf("unregister push context callback: 0x%x\n",
         X(sceNpWebApi2PushEventUnregisterPushContextCallback(ctx, pcb)));
  printf("delete filter: 0x%x\n", X(sceNpWebApi2PushEventDeleteFilter(lib, filter)));
  printf("delete filter again: 0x%x\n", X(sceNpWebApi2PushEventDeleteFilter(lib, filter)));
  printf("delete handle: 0x%x\n", X(sceNpWebApi2PushEventDeleteHandle(lib, h)));
  printf("delete handle again: 0x%x\n", X(sceNpWebApi2PushEventDeleteHandle(lib, h)));
  h = sceNpWebApi2PushEventCreateHandle(lib);
  sceNpWebApi2Terminate(lib);
  printf("handle after terminate: 0x%x\n", X(sceNpWebApi2PushEventDeleteHandle(lib, h)));
}

static void web_api(void) {
  int lib = sceNpWebApiInitialize(1, 64 * 1024);
  printf("webapi init: positive %d\n", lib > 0);
  SceNpOnlineId online;
  memset(&online, 0, sizeof online);
  printf("context by online id: 0x%x\n", X(sceNpWebApiCreateContext(lib, &online)));
  int ctx = sceNpWebApiCreateContextA(lib, user);
  printf("context: positive %d in lib %d\n", ctx > 0, ctx >> 16 == lib);
  int64_t req = 0;
  printf("request, method 4: 0x%x\n",
         X(sceNpWebApiCreateRequest(ctx, "userProfile", "/v1/x", (SceNpWebApiHttpMethod)4, NULL,
                                    &req)));
  int rc = sceNpWebApiCreateRequest(ctx, "userProfile", "/v1/x", SCE_NP_WEBAPI_HTTP_METHOD_GET,
                                    NULL, &req);
  printf("request: rc 0x%x\n", X(rc));
  printf("send2: 0x%x\n", X(sceNpWebApiSendRequest2(req, NULL, 0, NULL)));
  printf("send: 0x%x\n", X(sceNpWebApiSendRequest(req, NULL, 0)));
  sceNpWebApiCheckTimeout();
  printf("terminate: 0x%x\n", X(sceNpWebApiTerminate(lib)));
  printf("request after terminate: 0x%x\n", X(sceNpWebApiDeleteRequest(req)));
  printf("context after terminate: 0x%x\n", X(sceNpWebApiDeleteContext(ctx)));
}

static void auth(void) {
  SceNpClientId client;
  memset(&client, 0, sizeof client);
  strcpy(client.id, "client");
  SceNpClientSecret secret;
  memset(&secret, 0, sizeof secret);
  SceNpAuthorizationCode code;
  SceNpIdToken token;
  int issuer = 0;
  SceNpAuthGetAuthorizationCodeParameterA cp;
  memset(&cp, 0, sizeof cp);
  cp.size = sizeof cp;
  cp.userId = user;
  cp.pClientId = &client;
  cp.pScope = "psn:s2s";
  int req = sceNpAuthCreateRequest();
  printf("auth request: 0x%x\n", X(req));
  printf("code, no param: 0x%x\n", X(sceNpAuthGetAuthorizationCodeV3(req, NULL, &code, &issuer)));
  cp.size = 8;
  printf("code, bad size: 0x%x\n", X(sceNpAuthGetAuthorizationCodeV3(req, &cp, &code, &issuer)));
  cp.size = sizeof cp;
  cp.userId = -1;
  printf("code, user -1: 0x%x\n", X(sceNpAuthGetAuthorizationCodeV3(req, &cp, &code, &issuer)));
  cp.userId = user;
  printf("code: 0x%x\n", X(sceNpAuthGetAuthorizationCodeV3(req, &cp, &code, &issuer)));
  printf("code again: 0x%x\n", X(sceNpAuthGetAuthorizationCodeA(req, &cp, &code, &issuer)));
  int result = 0;
  printf("poll a sync request: 0x%x\n", X(sceNpAuthPollAsync(req, &result)));
  printf("delete: 0x%x\n", X(sceNpAuthDeleteRequest(req)));
  printf("delete again: 0x%x\n", X(sceNpAuthDeleteRequest(req)));

  SceNpAuthCreateAsyncRequestParameter ap;
  memset(&ap, 0, sizeof ap);
  printf("async, no param: 0x%x\n", X(sceNpAuthCreateAsyncRequest(NULL)));
  printf("async, bad size: 0x%x\n", X(sceNpAuthCreateAsyncRequest(&ap)));
  ap.size = sizeof ap;
  req = sceNpAuthCreateAsyncRequest(&ap);
  printf("async request: 0x%x\n", X(req));
  printf("poll before use: 0x%x\n", X(sceNpAuthPollAsync(req, &result)));
  SceNpAuthGetIdTokenParameterA tp;
  memset(&tp, 0, sizeof tp);
  tp.size = sizeof tp;
  tp.userId = user;
  tp.pClientId = &client;
  tp.pScope = "openid";
  printf("token, no secret: 0x%x\n", X(sceNpAuthGetIdTokenV3(req, &tp, &token)));
  tp.pClientSecret = &secret;
  printf("token: 0x%x\n", X(sceNpAuthGetIdTokenA(req, &tp, &token)));
  int rc = sceNpAuthPollAsync(req, &result);
  printf("poll: rc 0x%x result 0x%x\n", X(rc), X(result));
  rc = sceNpAuthWaitAsync(req, &result);
  printf("wait: rc 0x%x result 0x%x\n", X(rc), X(result));
  printf("delete: 0x%x\n", X(sceNpAuthDeleteRequest(req)));

  req = sceNpAuthCreateRequest();
  printf("abort: 0x%x\n", X(sceNpAuthAbortRequest(req)));
  printf("token after abort: 0x%x\n", X(sceNpAuthGetIdTokenV3(req, &tp, &token)));
  SceNpOnlineId online;
  memset(&online, 0, sizeof online);
  SceNpAuthGetAuthorizationCodeParameter op = {sizeof op, &online, &client, "psn:s2s"};
  printf("code by online id: 0x%x\n", X(sceNpAuthGetAuthorizationCode(req, &op, &code, &issuer)));
  sceNpAuthDeleteRequest(req);

  int ids[16], made = 0;
  for (int i = 0; i < 16; i++) made += (ids[i] = sceNpAuthCreateRequest()) > 0;
  printf("16 requests: %d, the 17th: 0x%x\n", made, X(sceNpAuthCreateRequest()));
  for (int i = 0; i < 16; i++) sceNpAuthDeleteRequest(ids[i]);
}

static void game_intent(void) {
  static SceNpGameIntentInfo info;
  printf("intent info size %zu\n", sizeof info);
  printf("receive before init: 0x%x\n", X(sceNpGameIntentReceiveIntent(&info)));
  printf("terminate before init: 0x%x\n", X(sceNpGameIntentTerminate()));
  SceNpGameIntentInitParam p;
  memset(&p, 0, sizeof p);
  printf("init, no param: 0x%x\n", X(sceNpGameIntentInitialize(NULL)));
  printf("init, size 0: 0x%x\n", X(sceNpGameIntentInitialize(&p)));
  sceNpGameIntentInitParamInit(&p);
  printf("init: 0x%x\n", X(sceNpGameIntentInitialize(&p)));
  printf("init again: 0x%x\n", X(sceNpGameIntentInitialize(&p)));
  printf("receive, no info: 0x%x\n", X(sceNpGameIntentReceiveIntent(NULL)));
  sceNpGameIntentInfoInit(&info);
  printf("receive: 0x%x\n", X(sceNpGameIntentReceiveIntent(&info)));
  char value[64];
  printf("property, no key: 0x%x\n",
         X(sceNpGameIntentGetPropertyValueString(&info.intentData, NULL, value, sizeof value)));
  printf("property: 0x%x\n", X(sceNpGameIntentGetPropertyValueString(&info.intentData, "activityId",
                                                                     value, sizeof value)));
  printf("terminate: 0x%x\n", X(sceNpGameIntentTerminate()));
}

static void entitlements(void) {
  uint32_t hits = 99;
  printf("list before init: 0x%x\n",
         X(sceNpEntitlementAccessGetAddcontEntitlementInfoList(0, NULL, 0, &hits)));
  SceNpEntitlementAccessInitParam ip;
  SceNpEntitlementAccessBootParam bp;
  memset(&ip, 0, sizeof ip);
  memset(&bp, 0x5a, sizeof bp);
  printf("init, no param: 0x%x\n", X(sceNpEntitlementAccessInitialize(NULL, &bp)));
  int rc = sceNpEntitlementAccessInitialize(&ip, &bp);
  printf("init: rc 0x%x boot zeroed %d\n", X(rc), bp.reserved[0] == 0 && bp.reserved[31] == 0);
  printf("init again: 0x%x\n", X(sceNpEntitlementAccessInitialize(&ip, &bp)));
  SceNpEntitlementAccessAddcontEntitlementInfo list[4];
  rc = sceNpEntitlementAccessGetAddcontEntitlementInfoList(0, list, 4, &hits);
  printf("list: rc 0x%x hits %u\n", X(rc), hits);
  printf("list, no hit count: 0x%x\n",
         X(sceNpEntitlementAccessGetAddcontEntitlementInfoList(0, list, 4, NULL)));
  printf("list, invalid label: 0x%x\n",
         X(sceNpEntitlementAccessGetAddcontEntitlementInfoList(0xFFFFFFFFu, list, 4, &hits)));
  SceNpUnifiedEntitlementLabel label;
  memset(&label, 0, sizeof label);
  strcpy(label.data, "PROSPERODLC00001");
  printf("info: 0x%x\n", X(sceNpEntitlementAccessGetAddcontEntitlementInfo(0, &label, list)));
  printf("info, no label: 0x%x\n",
         X(sceNpEntitlementAccessGetAddcontEntitlementInfo(0, NULL, list)));
  SceNpEntitlementAccessEntitlementKey key;
  printf("key: 0x%x\n", X(sceNpEntitlementAccessGetEntitlementKey(0, &label, &key)));
  SceNpEntitlementAccessSkuFlag sku = 0;
  rc = sceNpEntitlementAccessGetSkuFlag(&sku);
  printf("sku: rc 0x%x flag %u\n", X(rc), sku);
  printf("sku, no flag: 0x%x\n", X(sceNpEntitlementAccessGetSkuFlag(NULL)));
}

static void matching(void) {
  printf("matching2 terminate first: 0x%x\n", X(sceNpMatching2Terminate()));
  SceNpMatching2InitializeParameter mp;
  memset(&mp, 0, sizeof mp);
  printf("matching2 init, no param: 0x%x\n", X(sceNpMatching2Initialize(NULL)));
  printf("matching2 init, size 0: 0x%x\n", X(sceNpMatching2Initialize(&mp)));
  mp.size = sizeof mp;
  mp.poolSize = 128 * 1024;
  printf("matching2 init: 0x%x\n", X(sceNpMatching2Initialize(&mp)));
  printf("matching2 init again: 0x%x\n", X(sceNpMatching2Initialize(&mp)));
  printf("matching2 terminate: 0x%x\n", X(sceNpMatching2Terminate()));
  printf("signaling terminate first: 0x%x\n", X(sceNpSessionSignalingTerminate()));
  SceNpSessionSignalingInitParam sp = {1, 256 * 1024, 0, 700, 32 * 1024};
  printf("signaling init, no param: 0x%x\n", X(sceNpSessionSignalingInitialize(NULL)));
  printf("signaling init: 0x%x\n", X(sceNpSessionSignalingInitialize(&sp)));
  printf("signaling init again: 0x%x\n", X(sceNpSessionSignalingInitialize(&sp)));
  printf("signaling terminate: 0x%x\n", X(sceNpSessionSignalingTerminate()));
}

int main(void) {
  sceUserServiceInitialize(NULL);
  sceUserServiceGetInitialUser(&user);
  web_api2();
  push_events();
  web_api();
  auth();
  game_intent();
  entitlements();
  matching();
  return 0;
}
