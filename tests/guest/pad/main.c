/* libScePad conformance: the errors before scePadInit and on bad arguments, one pad per
 * user, the controller information, light bar and vibration checks, then the samples of
 * replay.txt read back with scePadRead in order (buttons, sticks, triggers, touches,
 * motion, connection, timestamps 20 ms apart exactly as the replay states them), and
 * scePadReadState after scePadResetOrientation and with the motion sensor off. */
#include <kernel.h>
#include <pad.h>
#include <stdio.h>
#include <string.h>

#define REPLAY_SAMPLES 5

static void print_sample(const ScePadData *d, uint64_t t0) {
  printf("  +%llu us buttons 0x%x left %u,%u right %u,%u l2 %u r2 %u connected %d count %u\n",
         (unsigned long long)(d->timestamp - t0), (unsigned)d->buttons, d->leftStick.x,
         d->leftStick.y, d->rightStick.x, d->rightStick.y, d->analogButtons.l2, d->analogButtons.r2,
         d->connected, d->connectedCount);
  printf("    touch %u", d->touchData.touchNum);
  for (int i = 0; i < d->touchData.touchNum && i < SCE_PAD_MAX_TOUCH_NUM; i++)
    printf(" [id %u at %u,%u]", d->touchData.touch[i].id, d->touchData.touch[i].x,
           d->touchData.touch[i].y);
  printf("\n    orientation %.3f %.3f %.3f %.3f accel %.3f %.3f %.3f gyro %.3f %.3f %.3f\n",
         d->orientation.x, d->orientation.y, d->orientation.z, d->orientation.w, d->acceleration.x,
         d->acceleration.y, d->acceleration.z, d->angularVelocity.x, d->angularVelocity.y,
         d->angularVelocity.z);
}

int main(void) {
  printf("sizeof ScePadData %zu\n", sizeof(ScePadData));
  printf("open before init: 0x%x\n", (unsigned)scePadOpen(1, SCE_PAD_PORT_TYPE_STANDARD, 0, NULL));
  printf("init: 0x%x, again: 0x%x\n", (unsigned)scePadInit(), (unsigned)scePadInit());
  printf("open index 1: 0x%x\n", (unsigned)scePadOpen(1, SCE_PAD_PORT_TYPE_STANDARD, 1, NULL));
  printf("open bad type: 0x%x\n", (unsigned)scePadOpen(1, 5, 0, NULL));
  printf("open remote control as a user: 0x%x\n",
         (unsigned)scePadOpen(1, SCE_PAD_PORT_TYPE_REMOTE_CONTROL, 0, NULL));
  printf("open user -1: 0x%x\n", (unsigned)scePadOpen(-1, SCE_PAD_PORT_TYPE_STANDARD, 0, NULL));
  printf("open a user not logged in: 0x%x\n",
         (unsigned)scePadOpen(2, SCE_PAD_PORT_TYPE_STANDARD, 0, NULL));
  int h = scePadOpen(1, SCE_PAD_PORT_TYPE_STANDARD, 0, NULL);
  printf("open: positive %d\n", h > 0);
  printf("open again: 0x%x\n", (unsigned)scePadOpen(1, SCE_PAD_PORT_TYPE_STANDARD, 0, NULL));
  printf("get handle: same %d, of index 1: 0x%x\n",
         scePadGetHandle(1, SCE_PAD_PORT_TYPE_STANDARD, 0) == h,
         (unsigned)scePadGetHandle(1, SCE_PAD_PORT_TYPE_STANDARD, 1));

  ScePadControllerInformation info;
  memset(&info, 0xff, sizeof info);
  int rc = scePadGetControllerInformation(h, &info);
  printf("info: rc 0x%x touch %ux%u connected %d type %u class %d count %u\n", (unsigned)rc,
         info.touchPadInfo.resolution.x, info.touchPadInfo.resolution.y, info.connected,
         info.connectionType, info.deviceClass, info.connectedCount);
  printf("info bad handle: 0x%x\n", (unsigned)scePadGetControllerInformation(h + 100, &info));

  ScePadLightBarParam dark = {.r = 12, .g = 12, .b = 12}, red = {.r = 255};
  printf("light bar too dark: 0x%x, red: 0x%x, null: 0x%x, reset: 0x%x\n",
         (unsigned)scePadSetLightBar(h, &dark), (unsigned)scePadSetLightBar(h, &red),
         (unsigned)scePadSetLightBar(h, NULL), (unsigned)scePadResetLightBar(h));
  ScePadVibrationParam vib = {.largeMotor = 10, .smallMotor = 200};
  printf("vibration: 0x%x, null: 0x%x\n", (unsigned)scePadSetVibration(h, &vib),
         (unsigned)scePadSetVibration(h, NULL));
  ScePadTriggerEffectParam trig;
  memset(&trig, 0, sizeof trig);
  trig.triggerMask = SCE_PAD_TRIGGER_EFFECT_TRIGGER_MASK_R2;
  trig.command[SCE_PAD_TRIGGER_EFFECT_PARAM_INDEX_FOR_R2].mode = SCE_PAD_TRIGGER_EFFECT_MODE_WEAPON;
  ScePadTriggerEffectWeaponParam *w =
      &trig.command[SCE_PAD_TRIGGER_EFFECT_PARAM_INDEX_FOR_R2].commandData.weaponParam;
  w->startPosition = 2, w->endPosition = 6, w->strength = 8;
  printf("trigger effect: 0x%x, null: 0x%x, bad handle: 0x%x\n",
         (unsigned)scePadSetTriggerEffect(h, &trig), (unsigned)scePadSetTriggerEffect(h, NULL),
         (unsigned)scePadSetTriggerEffect(h + 100, &trig));
  printf("motion sensor on: 0x%x\n", (unsigned)scePadSetMotionSensorState(h, true));

  ScePadData buf[SCE_PAD_MAX_DATA_NUM];
  printf("read 0: 0x%x, 65: 0x%x, bad handle: 0x%x, null: 0x%x\n", (unsigned)scePadRead(h, buf, 0),
         (unsigned)scePadRead(h, buf, 65), (unsigned)scePadRead(h + 100, buf, 1),
         (unsigned)scePadRead(h, NULL, 1));

  /* the state before the replay, then the replay's samples as they come */
  ScePadData got[1 + REPLAY_SAMPLES + 8];
  int count = 0;
  uint64_t last_ts = 0, start = sceKernelGetProcessTime();
  while (count < 1 + REPLAY_SAMPLES && sceKernelGetProcessTime() - start < 5000000) {
    int n = scePadRead(h, buf, SCE_PAD_MAX_DATA_NUM);
    for (int i = 0; i < n && count < (int)(sizeof got / sizeof got[0]); i++) {
      if (count > 0 && buf[i].timestamp <= last_ts) continue; /* the latest again */
      got[count++] = buf[i];
      last_ts = buf[i].timestamp;
    }
    sceKernelUsleep(2000);
  }
  printf("samples: %d (1 before the replay)\n", count);
  printf("before the replay: buttons 0x%x left %u,%u connected %d count %u\n",
         (unsigned)got[0].buttons, got[0].leftStick.x, got[0].leftStick.y, got[0].connected,
         got[0].connectedCount);
  for (int i = 1; i < count; i++) print_sample(&got[i], got[1].timestamp);
  int n = scePadRead(h, buf, 4);
  printf("read with nothing new: %d, the latest again %d\n", n,
         n == 1 && buf[0].timestamp == got[count - 1].timestamp);

  printf("reset orientation: 0x%x\n", (unsigned)scePadResetOrientation(h));
  ScePadData st;
  printf("read state: 0x%x\n", (unsigned)scePadReadState(h, &st));
  print_sample(&st, got[count - 1].timestamp);
  scePadSetMotionSensorState(h, false);
  scePadReadState(h, &st);
  printf("motion sensor off:\n");
  print_sample(&st, got[count - 1].timestamp);

  ScePadDeviceClassExtendedInformation ext;
  memset(&ext, 0xff, sizeof ext);
  ScePadDeviceClassData cls;
  memset(&cls, 0xff, sizeof cls);
  printf("device class: rc 0x%x class %d; parse: rc 0x%x class %d valid %d; null: 0x%x\n",
         (unsigned)scePadDeviceClassGetExtendedInformation(h, &ext), ext.deviceClass,
         (unsigned)scePadDeviceClassParseData(h, &st, &cls), cls.deviceClass, cls.bDataValid,
         (unsigned)scePadDeviceClassParseData(h, &st, NULL));
  printf("close: 0x%x, again: 0x%x\n", (unsigned)scePadClose(h), (unsigned)scePadClose(h));
  printf("read closed: 0x%x\n", (unsigned)scePadReadState(h, &st));
  int h2 = scePadOpen(1, SCE_PAD_PORT_TYPE_STANDARD, 0, NULL);
  printf("open after close: positive %d\n", h2 > 0);
  return 0;
}
