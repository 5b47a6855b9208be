/* NID derivation and the "NID#L#M" symbol-name form (see nid.h). */
#include "common/nid.h"

#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Suffix appended to every name before hashing (per the public NID derivation). */
static const unsigned char nid_suffix[16] = {
    0x51, 0x8D, 0x64, 0xA6, 0x35, 0xDE, 0xD8, 0xC1,
    0xE6, 0xB0, 0x39, 0xB1, 0xC3, 0xE5, 0x52, 0x30,
};

/* Digit alphabet of NIDs and of library/module ids: standard base 64 with '-' for '/'. */
static const char nid_alphabet[64] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";

static int nid_digit_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '-') return 63;
  return -1;
}

void nid_from_name(const char *name, char out[NID_BUF_SIZE]) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int digest_len = 0;
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  bool ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha1(), NULL) &&
            EVP_DigestUpdate(ctx, name, strlen(name)) &&
            EVP_DigestUpdate(ctx, nid_suffix, sizeof nid_suffix) &&
            EVP_DigestFinal_ex(ctx, digest, &digest_len) && digest_len >= 8;
  EVP_MD_CTX_free(ctx);
  if (!ok) { /* only on allocation failure inside libcrypto: give an invalid NID */
    memset(out, '*', NID_LEN);
    out[NID_LEN] = '\0';
    return;
  }

  /* The first 8 digest bytes, reversed, form a 64-bit big-endian number... */
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = (v << 8) | digest[i];
  /* ...written as 11 base-64 digits of 6 bits, the last padded with two zero bits
   * (the base64 encoding of 8 bytes without its '=' pad). */
  for (int i = 0; i < 10; i++) out[i] = nid_alphabet[(v >> (58 - 6 * i)) & 63];
  out[10] = nid_alphabet[(v << 2) & 63];
  out[11] = '\0';
}

bool nid_is_valid(const char *nid) {
  if (!nid) return false;
  for (int i = 0; i < NID_LEN; i++) {
    if (nid_digit_value(nid[i]) < 0) return false;
  }
  if (nid[NID_LEN] != '\0') return false;
  return (nid_digit_value(nid[NID_LEN - 1]) & 3) == 0;
}

size_t nid_encode_id(unsigned id, char *out) {
  char tmp[8];
  size_t n = 0;
  do {
    tmp[n++] = nid_alphabet[id & 63];
    id >>= 6;
  } while (id != 0);
  for (size_t i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
  out[n] = '\0';
  return n;
}

bool nid_decode_id(const char *s, size_t len, unsigned *id_out) {
  if (len == 0 || len > 3) return false;
  unsigned v = 0;
  for (size_t i = 0; i < len; i++) {
    int d = nid_digit_value(s[i]);
    if (d < 0) return false;
    v = (v << 6) | (unsigned)d;
  }
  if (v > 0xFFFF) return false;
  *id_out = v;
  return true;
}

bool nid_parse_symbol(const char *sym, char nid_out[NID_BUF_SIZE], unsigned *library_id,
                      unsigned *module_id) {
  if (!sym) return false;
  for (int i = 0; i < NID_LEN; i++) {
    if (nid_digit_value(sym[i]) < 0) return false;
  }
  if (sym[NID_LEN] != '#') return false;
  const char *lib = sym + NID_LEN + 1;
  const char *hash = strchr(lib, '#');
  if (!hash) return false;
  const char *mod = hash + 1;
  unsigned l, m;
  if (!nid_decode_id(lib, (size_t)(hash - lib), &l)) return false;
  if (!nid_decode_id(mod, strlen(mod), &m)) return false;
  memcpy(nid_out, sym, NID_LEN);
  nid_out[NID_LEN] = '\0';
  if (library_id) *library_id = l;
  if (module_id) *module_id = m;
  return true;
}

void nid_format_symbol(const char *nid, unsigned library_id, unsigned module_id, char *out,
                       size_t cap) {
  char l[8], m[8];
  nid_encode_id(library_id, l);
  nid_encode_id(module_id, m);
  if (cap > 0) snprintf(out, cap, "%.11s#%s#%s", nid, l, m);
}
