/* libScePad: the controller (names and types as the console SDK spells them). */
#ifndef _PROSPERO_PAD_H
#define _PROSPERO_PAD_H

#include <stdbool.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_PAD_ERROR_INVALID_ARG ((int)0x80920001)
#define SCE_PAD_ERROR_INVALID_PORT ((int)0x80920002)
#define SCE_PAD_ERROR_INVALID_HANDLE ((int)0x80920003)
#define SCE_PAD_ERROR_ALREADY_OPENED ((int)0x80920004)
#define SCE_PAD_ERROR_NOT_INITIALIZED ((int)0x80920005)
#define SCE_PAD_ERROR_INVALID_LIGHTBAR_SETTING ((int)0x80920006)
#define SCE_PAD_ERROR_DEVICE_NOT_CONNECTED ((int)0x80920007)
#define SCE_PAD_ERROR_DEVICE_NO_HANDLE ((int)0x80920008)
#define SCE_PAD_ERROR_FATAL ((int)0x809200FF)

#define SCE_PAD_PORT_TYPE_STANDARD 0
#define SCE_PAD_PORT_TYPE_SPECIAL 2
#define SCE_PAD_PORT_TYPE_REMOTE_CONTROL 16

#define SCE_PAD_MAX_TOUCH_NUM 2
#define SCE_PAD_MAX_DEVICE_UNIQUE_DATA_SIZE 12
#define SCE_PAD_MAX_DATA_NUM 64

#define SCE_PAD_CONNECTION_TYPE_LOCAL 0
#define SCE_PAD_DEVICE_CLASS_STANDARD 0

typedef enum ScePadButtonDataOffset {
  SCE_PAD_BUTTON_L3 = 0x00000002,
  SCE_PAD_BUTTON_R3 = 0x00000004,
  SCE_PAD_BUTTON_OPTIONS = 0x00000008,
  SCE_PAD_BUTTON_UP = 0x00000010,
  SCE_PAD_BUTTON_RIGHT = 0x00000020,
  SCE_PAD_BUTTON_DOWN = 0x00000040,
  SCE_PAD_BUTTON_LEFT = 0x00000080,
  SCE_PAD_BUTTON_L2 = 0x00000100,
  SCE_PAD_BUTTON_R2 = 0x00000200,
  SCE_PAD_BUTTON_L1 = 0x00000400,
  SCE_PAD_BUTTON_R1 = 0x00000800,
  SCE_PAD_BUTTON_TRIANGLE = 0x00001000,
  SCE_PAD_BUTTON_CIRCLE = 0x00002000,
  SCE_PAD_BUTTON_CROSS = 0x00004000,
  SCE_PAD_BUTTON_SQUARE = 0x00008000,
  SCE_PAD_BUTTON_TOUCH_PAD = 0x00100000,
  SCE_PAD_BUTTON_INTERCEPTED = (int)0x80000000,
} ScePadButtonDataOffset;

typedef struct SceFQuaternion {
  float x, y, z, w;
} SceFQuaternion;

typedef struct SceFVector3 {
  float x, y, z;
} SceFVector3;

typedef struct ScePadAnalogStick {
  uint8_t x;
  uint8_t y;
} ScePadAnalogStick;

typedef struct ScePadAnalogButtons {
  uint8_t l2;
  uint8_t r2;
  uint8_t padding[2];
} ScePadAnalogButtons;

typedef struct ScePadTouch {
  uint16_t x;
  uint16_t y;
  uint8_t id;
  uint8_t reserve[3];
} ScePadTouch;

typedef struct ScePadTouchData {
  uint8_t touchNum;
  uint8_t reserve[3];
  uint32_t reserve1;
  ScePadTouch touch[SCE_PAD_MAX_TOUCH_NUM];
} ScePadTouchData;

typedef struct ScePadExtensionUnitData {
  uint32_t extensionUnitId;
  uint8_t reserve[1];
  uint8_t dataLength;
  uint8_t data[10];
} ScePadExtensionUnitData;

typedef struct ScePadData {
  uint32_t buttons;
  ScePadAnalogStick leftStick;
  ScePadAnalogStick rightStick;
  ScePadAnalogButtons analogButtons;
  SceFQuaternion orientation;
  SceFVector3 acceleration;
  SceFVector3 angularVelocity;
  ScePadTouchData touchData;
  bool connected;
  uint64_t timestamp;
  ScePadExtensionUnitData extensionUnitData;
  uint8_t connectedCount;
  uint8_t reserve[2];
  uint8_t deviceUniqueDataLen;
  uint8_t deviceUniqueData[SCE_PAD_MAX_DEVICE_UNIQUE_DATA_SIZE];
} ScePadData;

typedef struct ScePadOpenParam {
  uint8_t reserve[8];
} ScePadOpenParam;

typedef struct ScePadOpenExtParam {
  uint16_t vendorId;
  uint16_t productId;
  uint16_t productId_2;
  uint8_t reserve[10];
} ScePadOpenExtParam;

typedef struct ScePadTouchPadInformation {
  float pixelDensity;
  struct {
    uint16_t x;
    uint16_t y;
  } resolution;
} ScePadTouchPadInformation;

typedef struct ScePadStickInformation {
  uint8_t deadZoneLeft;
  uint8_t deadZoneRight;
} ScePadStickInformation;

typedef struct ScePadControllerInformation {
  ScePadTouchPadInformation touchPadInfo;
  ScePadStickInformation stickInfo;
  uint8_t connectionType;
  uint8_t connectedCount;
  bool connected;
  int32_t deviceClass;
  uint8_t reserve[8];
} ScePadControllerInformation;

typedef struct ScePadExtendedControllerInformation {
  ScePadControllerInformation base;
  uint16_t padType1;
  uint16_t padType2;
  uint8_t capability;
  union {
    uint8_t quantityOfSelectorSwitch;
    int32_t maxPhysicalWheelAngle;
    uint8_t data[8];
  };
} ScePadExtendedControllerInformation;

typedef struct ScePadDeviceClassExtendedInformation {
  int32_t deviceClass;
  uint8_t reserved[4];
  uint8_t classData[12];
} ScePadDeviceClassExtendedInformation;

typedef struct ScePadDeviceClassData {
  int32_t deviceClass;
  bool bDataValid;
  union {
    float steeringWheelAngle;
    uint8_t data[16];
  } classData;
} ScePadDeviceClassData;

typedef struct ScePadLightBarParam {
  uint8_t r;
  uint8_t g;
  uint8_t b;
  uint8_t reserve[1];
} ScePadLightBarParam;

typedef struct ScePadVibrationParam {
  uint8_t largeMotor;
  uint8_t smallMotor;
} ScePadVibrationParam;

/* The DualSense's adaptive triggers (scePadSetTriggerEffect). Positions are the trigger's
 * travel in 10 steps (0-9), strengths and amplitudes 0-8 (0: off), frequencies in Hz. */
#define SCE_PAD_TRIGGER_EFFECT_TRIGGER_MASK_L2 0x01
#define SCE_PAD_TRIGGER_EFFECT_TRIGGER_MASK_R2 0x02
#define SCE_PAD_TRIGGER_EFFECT_PARAM_INDEX_FOR_L2 0
#define SCE_PAD_TRIGGER_EFFECT_PARAM_INDEX_FOR_R2 1
#define SCE_PAD_TRIGGER_EFFECT_TRIGGER_NUM 2
#define SCE_PAD_TRIGGER_EFFECT_CONTROL_POINT_NUM 10

typedef enum ScePadTriggerEffectMode {
  SCE_PAD_TRIGGER_EFFECT_MODE_OFF = 0,
  SCE_PAD_TRIGGER_EFFECT_MODE_FEEDBACK = 1,
  SCE_PAD_TRIGGER_EFFECT_MODE_WEAPON = 2,
  SCE_PAD_TRIGGER_EFFECT_MODE_VIBRATION = 3,
  SCE_PAD_TRIGGER_EFFECT_MODE_MULTIPLE_POSITION_FEEDBACK = 4,
  SCE_PAD_TRIGGER_EFFECT_MODE_SLOPE_FEEDBACK = 5,
  SCE_PAD_TRIGGER_EFFECT_MODE_MULTIPLE_POSITION_VIBRATION = 6,
} ScePadTriggerEffectMode;

typedef struct ScePadTriggerEffectOffParam {
  uint8_t padding[48];
} ScePadTriggerEffectOffParam;
typedef struct ScePadTriggerEffectFeedbackParam { /* resistance from position on */
  uint8_t position, strength;
  uint8_t padding[46];
} ScePadTriggerEffectFeedbackParam;
typedef struct ScePadTriggerEffectWeaponParam { /* start 2-7, end start+1-8 */
  uint8_t startPosition, endPosition, strength;
  uint8_t padding[45];
} ScePadTriggerEffectWeaponParam;
typedef struct ScePadTriggerEffectVibrationParam {
  uint8_t position, amplitude, frequency;
  uint8_t padding[45];
} ScePadTriggerEffectVibrationParam;
typedef struct ScePadTriggerEffectMultiplePositionFeedbackParam {
  uint8_t strength[SCE_PAD_TRIGGER_EFFECT_CONTROL_POINT_NUM];
  uint8_t padding[38];
} ScePadTriggerEffectMultiplePositionFeedbackParam;
typedef struct ScePadTriggerEffectSlopeFeedbackParam { /* strengths 1-8 */
  uint8_t startPosition, endPosition, startStrength, endStrength;
  uint8_t padding[44];
} ScePadTriggerEffectSlopeFeedbackParam;
typedef struct ScePadTriggerEffectMultiplePositionVibrationParam {
  uint8_t frequency;
  uint8_t amplitude[SCE_PAD_TRIGGER_EFFECT_CONTROL_POINT_NUM];
  uint8_t padding[37];
} ScePadTriggerEffectMultiplePositionVibrationParam;

typedef union ScePadTriggerEffectCommandData {
  ScePadTriggerEffectOffParam offParam;
  ScePadTriggerEffectFeedbackParam feedbackParam;
  ScePadTriggerEffectWeaponParam weaponParam;
  ScePadTriggerEffectVibrationParam vibrationParam;
  ScePadTriggerEffectMultiplePositionFeedbackParam multiplePositionFeedbackParam;
  ScePadTriggerEffectSlopeFeedbackParam slopeFeedbackParam;
  ScePadTriggerEffectMultiplePositionVibrationParam multiplePositionVibrationParam;
} ScePadTriggerEffectCommandData;

typedef struct ScePadTriggerEffectCommand {
  ScePadTriggerEffectMode mode;
  uint8_t padding[4];
  ScePadTriggerEffectCommandData commandData;
} ScePadTriggerEffectCommand;

typedef struct ScePadTriggerEffectParam {
  uint8_t triggerMask; /* SCE_PAD_TRIGGER_EFFECT_TRIGGER_MASK_* */
  uint8_t padding[7];
  ScePadTriggerEffectCommand command[SCE_PAD_TRIGGER_EFFECT_TRIGGER_NUM];
} ScePadTriggerEffectParam;
#ifndef __cplusplus
_Static_assert(sizeof(ScePadTriggerEffectParam) == 120, "ScePadTriggerEffectParam: 120 bytes");
#endif

int scePadInit(void);
int scePadOpen(int32_t userId, int32_t type, int32_t index, const ScePadOpenParam *pParam);
int scePadOpenExt(int32_t userId, int32_t type, int32_t index, const ScePadOpenExtParam *pParam);
int scePadClose(int32_t handle);
int scePadGetHandle(int32_t userId, int32_t type, int32_t index);
int scePadRead(int32_t handle, ScePadData *pData, int32_t num);
int scePadReadState(int32_t handle, ScePadData *pData);
int scePadSetVibration(int32_t handle, const ScePadVibrationParam *pParam);
int scePadSetLightBar(int32_t handle, const ScePadLightBarParam *pParam);
int scePadSetTriggerEffect(int32_t handle, const ScePadTriggerEffectParam *pParam);
int scePadResetLightBar(int32_t handle);
int scePadGetControllerInformation(int32_t handle, ScePadControllerInformation *pInfo);
int scePadGetExtControllerInformation(int32_t handle, ScePadExtendedControllerInformation *pInfo);
int scePadSetMotionSensorState(int32_t handle, bool bEnable);
int scePadSetTiltCorrectionState(int32_t handle, bool bEnable);
int scePadSetAngularVelocityDeadbandState(int32_t handle, bool bEnable);
int scePadResetOrientation(int32_t handle);
int scePadDeviceClassGetExtendedInformation(int32_t handle,
                                            ScePadDeviceClassExtendedInformation *pExtInfo);
int scePadDeviceClassParseData(int32_t handle, const ScePadData *pData,
                               ScePadDeviceClassData *pDeviceClassData);

__PROSPERO_END_DECLS

#endif
