/* SPIRV-Tools (the Khronos validator and disassembler, C API of libSPIRV-Tools) for the
 * SPIR-V back end's tests: every module a test produces goes through spv_check_valid(). */
#ifndef PROSPERO_TESTS_SPV_CHECK_H
#define PROSPERO_TESTS_SPV_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv-tools/libspirv.h>

/* Validates WORDS for Vulkan 1.3 (a SPIR-V 1.6 module) or 1.2 (older versions); on failure
 * prints the validator's message and returns false. */
static inline bool spv_check_validate(const uint32_t *words, size_t count, char *msg,
                                      size_t msg_size, bool print) {
  spv_context ctx = spvContextCreate(count > 1 && words[1] >= 0x00010600 ? SPV_ENV_VULKAN_1_3
                                                                         : SPV_ENV_VULKAN_1_2);
  spv_validator_options opts = spvValidatorOptionsCreate();
  spv_const_binary_t bin = {words, count};
  spv_diagnostic diag = NULL;
  spv_result_t r = spvValidateWithOptions(ctx, opts, &bin, &diag);
  const char *text = diag && diag->error ? diag->error : "(no message)";
  if (r != SPV_SUCCESS && print) fprintf(stderr, "spirv-val: %s\n", text);
  if (r != SPV_SUCCESS && msg) snprintf(msg, msg_size, "%s", text);
  spvDiagnosticDestroy(diag);
  spvValidatorOptionsDestroy(opts);
  spvContextDestroy(ctx);
  return r == SPV_SUCCESS;
}

static inline bool spv_check_valid(const uint32_t *words, size_t count) {
  return spv_check_validate(words, count, NULL, 0, true);
}

/* The disassembly of WORDS (friendly names), malloc'd, or NULL. */
static inline char *spv_check_disassemble(const uint32_t *words, size_t count) {
  spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_3);
  spv_text text = NULL;
  spv_diagnostic diag = NULL;
  char *out = NULL;
  if (spvBinaryToText(ctx, words, count, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES, &text,
                      &diag) == SPV_SUCCESS && text) {
    out = malloc(text->length + 1);
    if (out) {
      memcpy(out, text->str, text->length);
      out[text->length] = 0;
    }
  } else {
    fprintf(stderr, "spirv-dis: %s\n", diag && diag->error ? diag->error : "(no message)");
  }
  spvTextDestroy(text);
  spvDiagnosticDestroy(diag);
  spvContextDestroy(ctx);
  return out;
}

/* How many times NEEDLE occurs in HAY. */
static inline unsigned spv_check_count(const char *hay, const char *needle) {
  unsigned n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle)) n++;
  return n;
}

#endif
