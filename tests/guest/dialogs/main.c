/* The system dialogs answered on the host (prospero --dialog-answer): the common dialog
 * system, the status machine of MsgDialog (Initialize, Open, UpdateStatus polls,
 * GetResult, Close, Terminate) and its errors for calls out of order and bad parameters,
 * a progress bar that waits for Close, ErrorDialog, SaveDataDialog (a list answered with
 * its first save), ImeDialog. The answer (argv[1]: yes, no or cancel) is the one the test
 * passes to prospero, so each run prints what that answer must give. */
#include <common_dialog.h>
#include <error_dialog.h>
#include <ime_dialog.h>
#include <message_dialog.h>
#include <save_data_dialog.h>
#include <stdio.h>
#include <string.h>

static void poll_msg(void) {
  int n = 0;
  SceCommonDialogStatus s;
  while ((s = sceMsgDialogUpdateStatus()) == SCE_COMMON_DIALOG_STATUS_RUNNING && n < 100) n++;
  printf("  polls while running: %d, then status %d\n", n, s);
}

static void message(SceMsgDialogButtonType type, const char *text) {
  SceMsgDialogUserMessageParam user;
  memset(&user, 0, sizeof user);
  user.buttonType = type;
  user.msg = text;
  SceMsgDialogButtonsParam buttons;
  memset(&buttons, 0, sizeof buttons);
  buttons.msg1 = "Left";
  buttons.msg2 = "Right";
  user.buttonsParam = &buttons;
  SceMsgDialogParam p;
  sceMsgDialogParamInitialize(&p);
  p.mode = SCE_MSG_DIALOG_MODE_USER_MSG;
  p.userMsgParam = &user;
  printf("open \"%s\" (type %d): 0x%x status %d\n", text, type, (unsigned)sceMsgDialogOpen(&p),
         sceMsgDialogGetStatus());
  poll_msg();
  SceMsgDialogResult r;
  memset(&r, 0, sizeof r);
  int rc = sceMsgDialogGetResult(&r);
  printf("  result: 0x%x mode %d result %d button %d\n", (unsigned)rc, r.mode, r.result,
         r.buttonId);
}

static void msg_dialog(void) {
  printf("msg init before the system: 0x%x\n", (unsigned)sceMsgDialogInitialize());
  printf("common init: 0x%x used %d\n", (unsigned)sceCommonDialogInitialize(),
         sceCommonDialogIsUsed());
  printf("common init again: 0x%x\n", (unsigned)sceCommonDialogInitialize());
  printf("msg status before init: %d\n", sceMsgDialogGetStatus());
  SceMsgDialogParam p;
  sceMsgDialogParamInitialize(&p);
  printf("open before init: 0x%x\n", (unsigned)sceMsgDialogOpen(&p));
  printf("terminate before init: 0x%x\n", (unsigned)sceMsgDialogTerminate());
  printf("msg init: 0x%x status %d used %d\n", (unsigned)sceMsgDialogInitialize(),
         sceMsgDialogGetStatus(), sceCommonDialogIsUsed());
  printf("msg init again: 0x%x\n", (unsigned)sceMsgDialogInitialize());
  printf("save data dialog init while msg in use: 0x%x\n", (unsigned)sceSaveDataDialogInitialize());
  SceMsgDialogResult r;
  memset(&r, 0, sizeof r);
  printf("result before open: 0x%x\n", (unsigned)sceMsgDialogGetResult(&r));
  printf("close before open: 0x%x\n", (unsigned)sceMsgDialogClose());
  printf("open NULL: 0x%x\n", (unsigned)sceMsgDialogOpen(NULL));
  SceMsgDialogUserMessageParam user;
  memset(&user, 0, sizeof user);
  user.msg = "text";
  p.mode = SCE_MSG_DIALOG_MODE_USER_MSG;
  p.userMsgParam = &user;
  SceMsgDialogParam copy = p; /* the magic names the structure's own address */
  printf("open a moved parameter: 0x%x\n", (unsigned)sceMsgDialogOpen(&copy));
  p.size = 8;
  printf("open, wrong size: 0x%x\n", (unsigned)sceMsgDialogOpen(&p));
  p.size = sizeof p;
  p.mode = 7;
  printf("open, mode 7: 0x%x\n", (unsigned)sceMsgDialogOpen(&p));
  p.mode = SCE_MSG_DIALOG_MODE_USER_MSG;
  p.userMsgParam = NULL;
  printf("open, no user message: 0x%x\n", (unsigned)sceMsgDialogOpen(&p));
  message(SCE_MSG_DIALOG_BUTTON_TYPE_OK, "Saved.");
  message(SCE_MSG_DIALOG_BUTTON_TYPE_YESNO, "Overwrite?");
  message(SCE_MSG_DIALOG_BUTTON_TYPE_OK_CANCEL, "Continue?");
  message(SCE_MSG_DIALOG_BUTTON_TYPE_2BUTTONS, "Which?");
  memset(&r, 0, sizeof r);
  r.reserved[3] = 1;
  printf("result, reserved not zero: 0x%x\n", (unsigned)sceMsgDialogGetResult(&r));
  printf("result NULL: 0x%x\n", (unsigned)sceMsgDialogGetResult(NULL));

  /* a progress bar has no answer: it runs until the program closes it */
  SceMsgDialogProgressBarParam bar;
  memset(&bar, 0, sizeof bar);
  bar.msg = "Loading";
  sceMsgDialogParamInitialize(&p);
  p.mode = SCE_MSG_DIALOG_MODE_PROGRESS_BAR;
  p.progBarParam = &bar;
  printf("open progress: 0x%x\n", (unsigned)sceMsgDialogOpen(&p));
  printf("open while running: 0x%x\n", (unsigned)sceMsgDialogOpen(&p));
  printf("set 40: 0x%x inc 30: 0x%x target 1: 0x%x\n",
         (unsigned)sceMsgDialogProgressBarSetValue(0, 40),
         (unsigned)sceMsgDialogProgressBarInc(0, 30),
         (unsigned)sceMsgDialogProgressBarSetValue(1, 10));
  int still = 0;
  for (int i = 0; i < 5; i++)
    still += sceMsgDialogUpdateStatus() == SCE_COMMON_DIALOG_STATUS_RUNNING;
  printf("running after 5 polls: %d\n", still == 5);
  printf("result while running: 0x%x\n", (unsigned)sceMsgDialogGetResult(&r));
  memset(&r, 0, sizeof r);
  printf("close: 0x%x status %d\n", (unsigned)sceMsgDialogClose(), sceMsgDialogGetStatus());
  int rc = sceMsgDialogGetResult(&r);
  printf("result: 0x%x mode %d result %d button %d\n", (unsigned)rc, r.mode, r.result, r.buttonId);
  printf("close again: 0x%x\n", (unsigned)sceMsgDialogClose());
  printf("progress after close: 0x%x\n", (unsigned)sceMsgDialogProgressBarInc(0, 1));
  printf("terminate: 0x%x status %d used %d\n", (unsigned)sceMsgDialogTerminate(),
         sceMsgDialogGetStatus(), sceCommonDialogIsUsed());
  printf("terminate again: 0x%x\n", (unsigned)sceMsgDialogTerminate());
}

static void error_dialog(void) {
  SceErrorDialogParam p;
  sceErrorDialogParamInitialize(&p);
  p.errorCode = (int32_t)0x80020002;
  p.userId = 1;
  printf("error open before init: 0x%x\n", (unsigned)sceErrorDialogOpen(&p));
  printf("error init: 0x%x\n", (unsigned)sceErrorDialogInitialize());
  printf("error open NULL: 0x%x\n", (unsigned)sceErrorDialogOpen(NULL));
  p.size = 4;
  printf("error open, wrong size: 0x%x\n", (unsigned)sceErrorDialogOpen(&p));
  p.size = sizeof p;
  printf("error open: 0x%x status %d\n", (unsigned)sceErrorDialogOpen(&p),
         sceErrorDialogGetStatus());
  int n = 0;
  while (sceErrorDialogUpdateStatus() == SCE_COMMON_DIALOG_STATUS_RUNNING && n < 100) n++;
  printf("  polls while running: %d, then status %d\n", n, sceErrorDialogGetStatus());
  printf("error terminate: 0x%x\n", (unsigned)sceErrorDialogTerminate());
}

static void save_data_dialog(void) {
  printf("save data dialog init: 0x%x\n", (unsigned)sceSaveDataDialogInitialize());
  printf("ready to display: %d\n", sceSaveDataDialogIsReadyToDisplay());
  SceSaveDataDirName names[2];
  memset(names, 0, sizeof names);
  strcpy(names[0].data, "SLOT_1");
  strcpy(names[1].data, "SLOT_2");
  SceSaveDataDialogItems items;
  memset(&items, 0, sizeof items);
  items.userId = 1;
  items.dirName = names;
  items.dirNameNum = 2;
  SceSaveDataDialogParam p;
  sceSaveDataDialogParamInitialize(&p);
  p.mode = SCE_SAVE_DATA_DIALOG_MODE_LIST;
  p.dispType = SCE_SAVE_DATA_DIALOG_TYPE_LOAD;
  p.items = &items;
  printf("open list: 0x%x\n", (unsigned)sceSaveDataDialogOpen(&p));
  int n = 0;
  while (sceSaveDataDialogUpdateStatus() == SCE_COMMON_DIALOG_STATUS_RUNNING && n < 100) n++;
  printf("  polls while running: %d, then status %d\n", n, sceSaveDataDialogGetStatus());
  SceSaveDataDirName chosen;
  memset(&chosen, '!', sizeof chosen);
  SceSaveDataDialogResult r;
  memset(&r, 0, sizeof r);
  r.dirName = &chosen;
  int rc = sceSaveDataDialogGetResult(&r);
  printf("  result: 0x%x mode %d result %d button %d dir \"%.31s\"\n", (unsigned)rc, r.mode,
         r.result, r.buttonId, r.result == 0 ? chosen.data : "");
  p.items = NULL;
  printf("open list without items: 0x%x\n", (unsigned)sceSaveDataDialogOpen(&p));
  printf("terminate: 0x%x\n", (unsigned)sceSaveDataDialogTerminate());
}

static void ime_dialog(void) {
  static const uint16_t title[] = {'N', 'a', 'm', 'e', 0};
  uint16_t text[17] = {'H', 'e', 'r', 'o', 0};
  SceImeDialogParam p;
  sceImeDialogParamInit(&p);
  printf("ime status before init: %d\n", sceImeDialogGetStatus());
  SceImeDialogResult r;
  printf("ime result before init: 0x%x\n", (unsigned)sceImeDialogGetResult(&r));
  printf("ime init NULL: 0x%x\n", (unsigned)sceImeDialogInit(NULL, NULL));
  p.userId = 1;
  p.title = title;
  p.maxTextLength = 16;
  printf("ime init without a buffer: 0x%x\n", (unsigned)sceImeDialogInit(&p, NULL));
  p.inputTextBuffer = text;
  p.type = 9;
  printf("ime init, type 9: 0x%x\n", (unsigned)sceImeDialogInit(&p, NULL));
  p.type = SCE_IME_TYPE_DEFAULT;
  p.maxTextLength = 5000;
  printf("ime init, 5000 characters: 0x%x\n", (unsigned)sceImeDialogInit(&p, NULL));
  p.maxTextLength = 16;
  printf("ime init: 0x%x\n", (unsigned)sceImeDialogInit(&p, NULL));
  printf("ime init again: 0x%x\n", (unsigned)sceImeDialogInit(&p, NULL));
  printf("ime term while running: 0x%x\n", (unsigned)sceImeDialogTerm());
  int n = 0;
  SceImeDialogStatus s;
  while ((s = sceImeDialogGetStatus()) == SCE_IME_DIALOG_STATUS_RUNNING && n < 100) n++;
  printf("  polls while running: %d, then status %d\n", n, s);
  memset(&r, 0x55, sizeof r);
  int rc = sceImeDialogGetResult(&r);
  printf("  result: 0x%x end status %d text \"", (unsigned)rc, r.endstatus);
  for (int i = 0; text[i]; i++) putchar((char)text[i]);
  printf("\"\n");
  printf("ime abort when finished: 0x%x\n", (unsigned)sceImeDialogAbort());
  printf("ime term: 0x%x status %d\n", (unsigned)sceImeDialogTerm(), sceImeDialogGetStatus());
  printf("ime init: 0x%x\n", (unsigned)sceImeDialogInit(&p, NULL));
  printf("ime abort: 0x%x\n", (unsigned)sceImeDialogAbort());
  rc = sceImeDialogGetResult(&r);
  printf("  result: 0x%x end status %d\n", (unsigned)rc, r.endstatus);
  printf("ime term: 0x%x\n", (unsigned)sceImeDialogTerm());
  printf("ime term again: 0x%x\n", (unsigned)sceImeDialogTerm());
}

int main(void) {
  msg_dialog();
  error_dialog();
  save_data_dialog();
  ime_dialog();
  return 0;
}
