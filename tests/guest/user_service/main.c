/* libSceUserService conformance: the errors before Initialize and on a second Initialize,
 * the one logged-in user (named by --user-name, see CMakeLists.txt), the login list with
 * its unused slots, user names with short buffers and bad ids, the login event reported
 * once, Terminate. */
#include <stdio.h>
#include <string.h>
#include <user_service.h>

int main(void) {
  SceUserServiceUserId user = 12345;
  printf("before init: initial user 0x%x\n", (unsigned)sceUserServiceGetInitialUser(&user));
  printf("before init: terminate 0x%x\n", (unsigned)sceUserServiceTerminate());
  SceUserServiceEvent ev;
  printf("before init: event 0x%x\n", (unsigned)sceUserServiceGetEvent(&ev));

  SceUserServiceInitializeParams params = {.priority = 700};
  printf("init: 0x%x\n", (unsigned)sceUserServiceInitialize(&params));
  printf("init again: 0x%x\n", (unsigned)sceUserServiceInitialize(&params));

  printf("initial user: rc 0x%x valid %d\n", (unsigned)sceUserServiceGetInitialUser(&user),
         user != SCE_USER_SERVICE_USER_ID_INVALID && user != 12345);
  printf("initial user null: 0x%x\n", (unsigned)sceUserServiceGetInitialUser(NULL));

  SceUserServiceLoginUserIdList list;
  memset(&list, 0, sizeof list);
  int rc = sceUserServiceGetLoginUserIdList(&list);
  printf("login list: rc 0x%x first is initial %d others %d %d %d\n", (unsigned)rc,
         list.userId[0] == user, list.userId[1], list.userId[2], list.userId[3]);
  printf("login list null: 0x%x\n", (unsigned)sceUserServiceGetLoginUserIdList(NULL));

  char name[SCE_USER_SERVICE_MAX_USER_NAME_LENGTH + 1];
  memset(name, '!', sizeof name);
  rc = sceUserServiceGetUserName(user, name, sizeof name);
  printf("name: rc 0x%x \"%s\"\n", (unsigned)rc, rc == 0 ? name : "");
  memset(name, '!', sizeof name);
  rc = sceUserServiceGetUserName(user, name, 6); /* "Tester" needs 7 bytes */
  printf("name in 6 bytes: rc 0x%x untouched %d\n", (unsigned)rc, name[0] == '!');
  printf("name in 7 bytes: rc 0x%x\n", (unsigned)sceUserServiceGetUserName(user, name, 7));
  printf("name null: 0x%x\n", (unsigned)sceUserServiceGetUserName(user, NULL, sizeof name));
  printf("name of invalid id: 0x%x\n",
         (unsigned)sceUserServiceGetUserName(SCE_USER_SERVICE_USER_ID_INVALID, name, sizeof name));
  printf("name of a user not logged in: 0x%x\n",
         (unsigned)sceUserServiceGetUserName(user + 1, name, sizeof name));

  memset(&ev, 0x5a, sizeof ev);
  rc = sceUserServiceGetEvent(&ev);
  printf("event: rc 0x%x type %d is initial user %d\n", (unsigned)rc, ev.eventType,
         ev.userId == user);
  printf("event again: 0x%x\n", (unsigned)sceUserServiceGetEvent(&ev));
  printf("event null: 0x%x\n", (unsigned)sceUserServiceGetEvent(NULL));

  printf("terminate: 0x%x\n", (unsigned)sceUserServiceTerminate());
  printf("after terminate: initial user 0x%x\n", (unsigned)sceUserServiceGetInitialUser(&user));
  printf("terminate again: 0x%x\n", (unsigned)sceUserServiceTerminate());
  return 0;
}
