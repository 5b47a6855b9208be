/* AudioOut2's users, port state and speaker information. Expected values: the SDK's
 * structures as a public reverse engineering of the console's 4.03 library gives them
 * (SceAudioOut2PortState 0x40 bytes: output, numChannels, volume, rerouteCounter, flags;
 * SceAudioOut2SpeakerInfo 0x50 bytes: type, availableBits, flags, 16 angles from 0x10),
 * public SDK-based middleware (a user created twice for the same id gives the same handle,
 * and its destruction may answer BUSY; a BGM port whose output is UNKNOWN is overridden by
 * the user's music), and the stereo layout of ITU-R BS.775 (front speakers at +-30
 * degrees). prospero's own choices are marked as such in docs/input-audio.md. */
#include <audio_out2.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static unsigned char memory[0x10000];

int main(void) {
  printf("sizes: port state 0x%zx, speaker info 0x%zx, angles at 0x%zx\n",
         sizeof(SceAudioOut2PortState), sizeof(SceAudioOut2SpeakerInfo),
         offsetof(SceAudioOut2SpeakerInfo, speakerAngle));
  printf("initialize: 0x%x\n", (unsigned)sceAudioOut2Initialize());

  /* users */
  SceAudioOut2UserHandle user = SCE_AUDIO_OUT2_USER_HANDLE_INVALID, again = 0, system = 0;
  printf("user null: 0x%x\n", (unsigned)sceAudioOut2UserCreate(1, NULL));
  printf("user 1: 0x%x, valid %d\n", (unsigned)sceAudioOut2UserCreate(1, &user),
         user != SCE_AUDIO_OUT2_USER_HANDLE_INVALID && user != 0);
  printf("user 1 again: 0x%x, same handle %d\n", (unsigned)sceAudioOut2UserCreate(1, &again),
         again == user);
  printf("system user: 0x%x, another handle %d\n", (unsigned)sceAudioOut2UserCreate(255, &system),
         system != user);

  /* a port of that user, and its state */
  SceAudioOut2ContextParam cp;
  sceAudioOut2ContextResetParam(&cp);
  size_t size = 0;
  sceAudioOut2ContextQueryMemory(&cp, &size);
  SceAudioOut2ContextHandle ctx = 0;
  printf("context: 0x%x\n", (unsigned)sceAudioOut2ContextCreate(&cp, memory, size, &ctx));
  SceAudioOut2PortParam pp;
  memset(&pp, 0, sizeof pp);
  pp.portType = SCE_AUDIO_OUT2_PORT_TYPE_MAIN;
  pp.dataFormat = SCE_AUDIO_OUT2_DATA_FORMAT_FLOAT_8CH_STD;
  pp.samplingFreq = 48000;
  pp.userHandle = system;
  SceAudioOut2PortHandle main_port = 0, bgm = 0;
  printf("main port: 0x%x\n", (unsigned)sceAudioOut2PortCreate(ctx, &pp, &main_port));
  pp.portType = SCE_AUDIO_OUT2_PORT_TYPE_BGM;
  printf("BGM port: 0x%x\n", (unsigned)sceAudioOut2PortCreate(ctx, &pp, &bgm));
  /* a user handle no UserCreate gave: INVALID_USER (0x80268010, the code a console gave
   * UserDestroy for such a handle, as public observations record it) */
  SceAudioOut2PortHandle stray = 0;
  pp.userHandle = system ^ 0x5a5a00;
  printf("port of no user: 0x%x\n", (unsigned)sceAudioOut2PortCreate(ctx, &pp, &stray));
  pp.userHandle = system;
  SceAudioOut2PortState st;
  printf("state null: 0x%x\n", (unsigned)sceAudioOut2PortGetState(main_port, NULL));
  printf("state of no port: 0x%x\n", (unsigned)sceAudioOut2PortGetState(main_port + 7, &st));
  memset(&st, 0x5a, sizeof st);
  printf("main state: 0x%x\n", (unsigned)sceAudioOut2PortGetState(main_port, &st));
  unsigned char zero[sizeof st.reserved] = {0};
  /* the main port reaches the primary output (not UNKNOWN), on at most 8 channels; the
   * reserved words are cleared */
  printf("main: primary %d, channels 1..8 %d, reserved cleared %d, pads cleared %d\n",
         (st.output & SCE_AUDIO_OUT2_PORT_STATE_OUTPUT_CONNECTED_PRIMARY) != 0,
         st.numChannels >= 1 && st.numChannels <= 8, memcmp(st.reserved, zero, sizeof zero) == 0,
         st.pad1 == 0 && st.pad2 == 0);
  memset(&st, 0x5a, sizeof st);
  printf("BGM state: 0x%x, output known %d\n", (unsigned)sceAudioOut2PortGetState(bgm, &st),
         st.output != SCE_AUDIO_OUT2_PORT_STATE_OUTPUT_UNKNOWN);
  printf("destroy port: 0x%x, its state: 0x%x\n", (unsigned)sceAudioOut2PortDestroy(bgm),
         (unsigned)sceAudioOut2PortGetState(bgm, &st));

  /* context attributes (ids 0-4 as public SDK-based code names them): a NULL list with a
   * count, an id beyond them and an unknown context are refused, an empty list is not */
  SceAudioOut2Attribute ca;
  memset(&ca, 0, sizeof ca);
  printf("context attributes: size 0x%zx, null list 0x%x, empty 0x%x\n", sizeof ca,
         (unsigned)sceAudioOut2ContextSetAttributes(ctx, NULL, 1),
         (unsigned)sceAudioOut2ContextSetAttributes(ctx, NULL, 0));
  ca.attributeId = 5;
  printf("context attribute 5: 0x%x\n", (unsigned)sceAudioOut2ContextSetAttributes(ctx, &ca, 1));
  ca.attributeId = 0;
  printf("context attribute 0: 0x%x, no context 0x%x\n",
         (unsigned)sceAudioOut2ContextSetAttributes(ctx, &ca, 1),
         (unsigned)sceAudioOut2ContextSetAttributes(ctx + 7, &ca, 1));

  /* the system state: 0x40 bytes, the loudness a float at 0 */
  SceAudioOut2SystemState ss;
  memset(&ss, 0x5a, sizeof ss);
  printf("system state: size 0x%zx, null 0x%x\n", sizeof ss,
         (unsigned)sceAudioOut2GetSystemState(NULL));
  printf("system state: 0x%x, loudness %g\n", (unsigned)sceAudioOut2GetSystemState(&ss),
         (double)ss.loudness);

  /* the speakers */
  SceAudioOut2SpeakerInfo si;
  printf("speaker info null: 0x%x\n", (unsigned)sceAudioOut2GetSpeakerInfo(NULL, 0));
  memset(&si, 0x5a, sizeof si);
  printf("speaker info: 0x%x\n", (unsigned)sceAudioOut2GetSpeakerInfo(&si, 0));
  int rest_clear = 1;
  for (int i = 2; i < SCE_AUDIO_OUT2_SPEAKER_MAX; i++)
    if (si.speakerAngle[i].azimuth || si.speakerAngle[i].elevation) rest_clear = 0;
  printf("speakers: front pair %d, left at %d/%d, right at %d/%d, others cleared %d\n",
         (si.availableBits & 3u) == 3u, si.speakerAngle[0].azimuth, si.speakerAngle[0].elevation,
         si.speakerAngle[1].azimuth, si.speakerAngle[1].elevation, rest_clear);

  /* releasing the users: the shared one answers BUSY for the first of its two holders */
  printf("destroy port: 0x%x, context: 0x%x\n", (unsigned)sceAudioOut2PortDestroy(main_port),
         (unsigned)sceAudioOut2ContextDestroy(ctx));
  printf("destroy user (shared): 0x%x\n", (unsigned)sceAudioOut2UserDestroy(user));
  printf("destroy user (last): 0x%x\n", (unsigned)sceAudioOut2UserDestroy(again));
  printf("destroy user (gone): 0x%x\n", (unsigned)sceAudioOut2UserDestroy(user));
  printf("destroy system user: 0x%x\n", (unsigned)sceAudioOut2UserDestroy(system));
  printf("destroy user 0: 0x%x\n", (unsigned)sceAudioOut2UserDestroy(0));
  return 0;
}
