/* Tracing thunks and the per-thread shadow stack of return addresses (see hle_trace.h). */
#include "hle/hle_trace.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "common/log.h"

struct hle_trace_site {
  const struct hle_library *lib;
  const struct hle_symbol *sym;
};

/* Thunk layout: movabs r11, imm64 (49 BB) | jmp [rip+0] (FF 25 00000000) | imm64 target,
 * padded with int3 to a 32-byte slot. */
#define THUNK_SIZE 32
#define TRACE_MAX_DEPTH 256

struct trace_frame {
  const struct hle_trace_site *site;
  void *return_address;
};

static _Thread_local struct trace_frame trace_stack[TRACE_MAX_DEPTH];
static _Thread_local unsigned trace_depth;

extern char hle_trace_entry[];
void *hle_trace_on_enter(const struct hle_trace_site *site, const uint64_t *regs,
                         void *return_address);
void *hle_trace_on_leave(uint64_t rax);

static const char *site_name(const struct hle_trace_site *site, char buf[32]) {
  if (site->sym->name) return site->sym->name;
  memcpy(buf, site->sym->nid, 11);
  buf[11] = '\0';
  return buf;
}

void *hle_trace_on_enter(const struct hle_trace_site *site, const uint64_t *regs,
                         void *return_address) {
  if (trace_depth >= TRACE_MAX_DEPTH)
    FATAL("HLE trace: calls nested deeper than %d (a traced function never returned?)",
          TRACE_MAX_DEPTH);
  trace_stack[trace_depth++] = (struct trace_frame){site, return_address};
  char nb[32];
  LOG(hle, INFO, "trace> %s:%s(%#lx, %#lx, %#lx, %#lx, %#lx, %#lx) from %p",
      site->lib->library_name, site_name(site, nb), (unsigned long)regs[0],
      (unsigned long)regs[1], (unsigned long)regs[2], (unsigned long)regs[3],
      (unsigned long)regs[4], (unsigned long)regs[5], return_address);
  return site->sym->address;
}

void *hle_trace_on_leave(uint64_t rax) {
  if (trace_depth == 0) FATAL("HLE trace: return without a matching call");
  struct trace_frame f = trace_stack[--trace_depth];
  char nb[32];
  LOG(hle, INFO, "trace< %s:%s = %#lx", f.site->lib->library_name, site_name(f.site, nb),
      (unsigned long)rax);
  return f.return_address;
}

static void thunk_write(uint8_t *p, const struct hle_trace_site *site) {
  uint64_t site_addr = (uint64_t)(uintptr_t)site;
  uint64_t target = (uint64_t)(uintptr_t)hle_trace_entry;
  memset(p, 0xCC, THUNK_SIZE);
  p[0] = 0x49; /* REX.W+B */
  p[1] = 0xBB; /* mov r11, imm64 */
  memcpy(p + 2, &site_addr, 8);
  p[10] = 0xFF; /* jmp qword [rip+0] */
  p[11] = 0x25;
  memset(p + 12, 0, 4);
  memcpy(p + 16, &target, 8);
}

void **hle_trace_make_thunks(const struct hle_library *lib) {
  size_t n = lib->symbol_count;
  void **thunks = calloc(n ? n : 1, sizeof(void *));
  struct hle_trace_site *sites = calloc(n ? n : 1, sizeof *sites);
  size_t bytes = (n ? n : 1) * THUNK_SIZE;
  uint8_t *code = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (!thunks || !sites || code == MAP_FAILED) {
    LOG(hle, ERROR, "cannot make trace thunks for %s", lib->library_name);
    free(thunks);
    free(sites);
    if (code != MAP_FAILED) munmap(code, bytes);
    return NULL;
  }
  for (size_t i = 0; i < n; i++) {
    if (lib->symbols[i].kind != HLE_FUNCTION) continue;
    sites[i] = (struct hle_trace_site){lib, &lib->symbols[i]};
    thunk_write(code + i * THUNK_SIZE, &sites[i]);
    thunks[i] = code + i * THUNK_SIZE;
  }
  if (mprotect(code, bytes, PROT_READ | PROT_EXEC) != 0) {
    LOG(hle, ERROR, "cannot seal trace thunks for %s", lib->library_name);
    munmap(code, bytes);
    free(thunks);
    free(sites);
    return NULL;
  }
  LOG(hle, INFO, "tracing %zu functions of %s", n, lib->library_name);
  return thunks; /* the sites and the code live for the whole process */
}
