/* Fuzz target for the interpreter's image model (image_model.c, image_sample.c): guest
 * descriptors and coordinates are untrusted. Input: 8 T# dwords, 4 S# dwords, 4 coordinate
 * dwords, extras dwords 0-1, the MIMG flags (8 bytes), one byte choosing the operation and
 * extras dwords 2-7 (the derivatives; _b_cl's clamp); missing bytes are 0. The T#'s base is moved
 * into a 256 KiB window most of the time so the texel reads happen, and so is the border
 * colour table's base (BORDER_COLOR_TYPE 3: entries at the window's end run past it); the
 * model must answer or refuse, reading nothing outside the window. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/dispatch/image_model.h"
#include "gpu/shader/ir/ir_tsharp.h"

#define WIN_BASE 0x100000000ull
#define WIN_SIZE (256u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t *win;
  if (!win) {
    log_set_level(LOG_LEVEL_OFF);
    win = malloc(WIN_SIZE);
    if (!win) abort();
    for (uint32_t i = 0; i < WIN_SIZE; i++) win[i] = (uint8_t)(i * 37 + 11);
  }
  uint8_t in[8 * 4 + 4 * 4 + 4 * 4 + 2 * 4 + 8 + 1 + 6 * 4] = {0};
  memcpy(in, data, size < sizeof in ? size : sizeof in);
  struct ir_interp_image op = {0};
  memcpy(op.tsharp, in, 32);
  memcpy(op.ssharp, in + 32, 16);
  memcpy(op.coords, in + 48, 16);
  memcpy(op.extras, in + 64, 8);
  memcpy(&op.imm, in + 72, 8);
  memcpy(op.extras + 2, in + 81, 24);
  static const uint32_t ops[8] = {
      IR_OP_image_sample,  IR_OP_image_sample_ex, IR_OP_image_gather_ex, IR_OP_image_load,
      IR_OP_image_get_lod, IR_OP_image_gather,    IR_OP_image_sample_ex, IR_OP_image_load};
  uint8_t pick = in[80];
  op.op = ops[(pick & 3) | (pick >> 1 & 4)]; /* bits 1:0 and 3 */
  if (!(pick & 4)) {                         /* the base inside the window (keeping the XOR bits) */
    uint64_t base = WIN_BASE + ((uint64_t)(op.tsharp[0] & 0x3ff) << 8);
    ir_tsharp_set(op.tsharp, IR_TSHARP_base_lo, (uint32_t)(base >> 8));
    ir_tsharp_set(op.tsharp, IR_TSHARP_base_hi, (uint32_t)(base >> 40));
  }
  struct shader_image_model m = {.mem = win, .base = WIN_BASE, .size = WIN_SIZE};
  /* the border colour table: in the window (bit 4 clear), else anywhere (bits 63:48 too) */
  m.border_color_base = !(pick & 16) ? WIN_BASE + ((uint64_t)(op.tsharp[1] & 0x3ff) << 8)
                                     : (uint64_t)op.extras[0] << 32 | op.extras[1];
  uint32_t result[5];
  (void)shader_image_model(&m, &op, result);
  return 0;
}
