/* NIDs: the 11-character names under which PlayStation libraries import and export symbols.
 *
 * A NID is derived from a symbol name (SHA-1 of the name plus a fixed 16-byte suffix, the
 * first 8 digest bytes reversed and written in base 64 with '-' instead of '/'). In the
 * symbol tables of Sony ELF files, imported and exported symbols are named "NID#L#M" where
 * L and M are the library id and module id written in the NID base-64 digit alphabet.
 */
#ifndef PROSPERO_COMMON_NID_H
#define PROSPERO_COMMON_NID_H

#include <stdbool.h>
#include <stddef.h>

#define NID_LEN 11      /* characters of a NID, without the terminator */
#define NID_BUF_SIZE 12 /* a NID plus its NUL */
/* Longest "NID#L#M" for 16-bit ids: 11 + '#' + 3 digits + '#' + 3 digits + NUL. */
#define NID_SYMBOL_MAX 20

/* Writes the NID of NAME (11 chars + NUL) into OUT. */
void nid_from_name(const char *name, char out[NID_BUF_SIZE]);

/* True if NID is exactly 11 characters of the NID alphabet whose last character carries
 * no bits beyond the 64 encoded (the 11th digit holds 4 bits; its low 2 bits are zero). */
bool nid_is_valid(const char *nid);

/* Writes ID in NID base-64 digits (A-Z a-z 0-9 + -, most significant first, no leading
 * 'A' except for 0 itself) plus a NUL into OUT, which must hold 7 bytes for any unsigned.
 * Returns the number of digits written. */
size_t nid_encode_id(unsigned id, char *out);

/* Parses a NID base-64 number of 1..3 digits (a 16-bit id fits in 3); false on anything
 * else. LEN is the number of characters to read from S. */
bool nid_decode_id(const char *s, size_t len, unsigned *id_out);

/* Splits "NID#L#M" into its NID and ids. False (outputs untouched) if SYM is not of that
 * exact form: an 11-character NID, then '#', 1-3 id digits, '#', 1-3 id digits. */
bool nid_parse_symbol(const char *sym, char nid_out[NID_BUF_SIZE], unsigned *library_id,
                      unsigned *module_id);

/* Writes "NID#L#M" into OUT (at most CAP bytes including NUL, truncated if shorter). */
void nid_format_symbol(const char *nid, unsigned library_id, unsigned module_id, char *out,
                       size_t cap);

#endif
