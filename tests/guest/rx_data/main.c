/* Data in the executable segment stays as built (issue 14). prospero-cc links .text, .rodata
 * and .eh_frame into one R+X segment, as console executables are, so the loader's code
 * rewriter sees this data next to the code. Checked here:
 *   - rx_table: 64 KiB of xorshift64* bytes in .rodata (rx_table.c, written at build time by
 *     gen_table.c); every byte is compared with the stream recomputed here, and the FNV-1a
 *     hash with the generator's;
 *   - byte patterns that decode as FS loads and stores, syscalls, rdfsbase/wrfsbase and ASCII
 *     'd' (0x64, the FS prefix) runs, once as code-section bytes nothing calls (no FDE, no
 *     symbol) and once in .rodata, compared with a copy in .data (never rewritten);
 *   - that TLS (fs:[0] self pointer, __thread variables) and the stack guard still work. */
#include <stdio.h>
#include <string.h>

#define STR_(...) #__VA_ARGS__
#define STR(...) STR_(__VA_ARGS__)
/* none of these is one of the exact TLS forms the rewriter may change outside code */
#define PATTERNS                                                                            \
  0x64, 0x8B, 0x00,                                     /* mov eax, fs:[rax] */             \
  0x64, 0x48, 0x8B, 0x04, 0x25, 0x10, 0x00, 0x00, 0x00, /* mov rax, fs:[0x10] */            \
  0x64, 0x48, 0x8B, 0x05, 0x00, 0x00, 0x00, 0x00,       /* mov rax, fs:[rip] */             \
  0x64, 0x89, 0x08,                                     /* mov fs:[rax], ecx */             \
  0x64, 0x48, 0x89, 0x04, 0x25, 0x00, 0x00, 0x00, 0x00, /* mov fs:[0], rax */               \
  0x64, 0x48, 0xC7, 0x04, 0x25, 0x28, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,             \
  0x66, 0x66, 0x66, 0x64, 0x48, 0x8B, 0x04, 0x25, 0x08, 0x00, 0x00, 0x00,                   \
  0x0F, 0x05, 0x0F, 0x05, 0xB8, 0x0F, 0x05, 0xC3, 0x90, /* syscalls */                      \
  0xF3, 0x48, 0x0F, 0xAE, 0xC0, 0xF3, 0x48, 0x0F, 0xAE, 0xD0, /* rdfsbase, wrfsbase */      \
  0x64, 0x64, 0x64, 0x64, 0x64, 0x64, 0x64, 0x64, 0x20, 0x61, 0x64, 0x64, 0x64, 0x0A,       \
  0x64, 0x64, 0x0F, 0x05, 0x64, 0x64, 0x8B, 0x00, 0x64, 0xC3

__asm__(".pushsection .text\n"
        ".p2align 4\n"
        ".globl rx_text_patterns\n"
        ".hidden rx_text_patterns\n"
        "rx_text_patterns:\n"
        ".byte " STR(PATTERNS) "\n"
        ".popsection\n");
extern const unsigned char rx_text_patterns[];
static const unsigned char rx_ro_patterns[] = {PATTERNS};
static unsigned char rx_copy[] = {PATTERNS}; /* .data: the reference */

extern const unsigned char rx_table[65536];
extern const unsigned long long rx_table_fnv1a;

static __thread int tls_counter = 5;

/* Keeps the compiler from reading through a known constant. */
static const unsigned char *opaque(const unsigned char *p) {
  __asm__("" : "+r"(p));
  return p;
}

static int compare(const char *what, const unsigned char *got) {
  int diff = 0, first = -1;
  for (size_t i = 0; i < sizeof rx_copy; i++)
    if (got[i] != rx_copy[i]) {
      if (first < 0) first = (int)i;
      diff++;
    }
  if (diff) {
    printf("%s: %d of %d bytes changed, first at %d\n", what, diff, (int)sizeof rx_copy, first);
    return 1;
  }
  printf("%s: %d bytes unchanged\n", what, (int)sizeof rx_copy);
  return 0;
}

static int bump(int by) {
  char frame[48]; /* a canary-protected frame (-fstack-protector-all) */
  memset(frame, by, sizeof frame);
  tls_counter += frame[by];
  return tls_counter;
}

int main(void) {
  int bad = 0;
  const unsigned char *t = opaque(rx_table);
  unsigned long long x = 0x9E3779B97F4A7C15ull, h = 0xCBF29CE484222325ull;
  int diff = 0, first = -1;
  for (int i = 0; i < 65536; i++) {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    unsigned char want = (unsigned char)((x * 0x2545F4914F6CDD1Dull) >> 56);
    if (t[i] != want) {
      if (first < 0) first = i;
      diff++;
    }
    h = (h ^ t[i]) * 0x100000001B3ull;
  }
  if (diff || h != rx_table_fnv1a) {
    printf("table: %d bytes differ from the xorshift64* stream (first at %d), hash %s\n", diff,
           first, h == rx_table_fnv1a ? "matches" : "differs");
    bad = 1;
  } else {
    printf("table: 65536 bytes match the xorshift64* stream and the generator's hash\n");
  }
  bad |= compare("text patterns", opaque(rx_text_patterns));
  bad |= compare("rodata patterns", opaque(rx_ro_patterns));
  /* TLS: the TCB's self pointer at fs:[0], a __thread variable, the guard slot at fs:[0x28] */
  unsigned long long self, guard1, guard2;
  __asm__ volatile("mov %%fs:0, %0" : "=r"(self));
  __asm__ volatile("mov %%fs:0x28, %0" : "=r"(guard1));
  int before = tls_counter;
  int after = bump(1);
  __asm__ volatile("mov %%fs:0x28, %0" : "=r"(guard2));
  printf("tls: counter %d -> %d, self pointer %s, guard slot %s\n", before, after,
         *(unsigned long long *)self == self ? "ok" : "wrong",
         guard1 == guard2 && guard1 != 0 ? "stable" : "wrong");
  return bad;
}
