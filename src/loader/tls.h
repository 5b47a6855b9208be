/* Guest TLS, variant II (BRIEF.md decision 2, FACTS.md "Process start").
 *
 * Each guest thread has a thread control block (TCB) whose address is the thread pointer held
 * in the GS base (guest code's FS prefixes are rewritten to GS). The executable's TLS block
 * sits directly below the TCB at memsz rounded up to p_align, so local-exec fs:[-n] accesses
 * work; every other module's block is allocated on first use through __tls_get_addr.
 *
 *   TCB layout (guest-visible):  +0x00 self pointer   +0x08 thread vector (loader private)
 *                                +0x28 stack-protector guard
 */
#ifndef PROSPERO_LOADER_TLS_H
#define PROSPERO_LOADER_TLS_H

#include <stdbool.h>
#include <stdint.h>

#define TLS_TCB_SIZE 0x400          /* bytes of TCB reserved above the thread pointer */
#define TLS_TCB_OFF_SELF 0x00
#define TLS_TCB_OFF_DTV 0x08
#define TLS_TCB_OFF_STACK_GUARD 0x28
#define TLS_MAX_MODULES 64

/* The argument of __tls_get_addr (what DTPMOD64/DTPOFF64 fill in the guest GOT). */
struct loader_tls_index {
  uint64_t module;
  uint64_t offset;
};

/* Returns the calling guest thread's address of ti->offset in module ti->module's TLS block,
 * allocating the block on first use. HLE's libkernel binds __tls_get_addr (vNe1w4diLCs) here. */
void *loader_tls_get_addr(const struct loader_tls_index *ti);

/* Registers a module's TLS template (IMAGE of FILESZ bytes, MEMSZ in all, ALIGN). The first
 * module registered with STATIC_BLOCK (the executable) gets the block below the TCB.
 * Returns the module's TLS index (1-based), or 0 on failure. */
unsigned tls_module_register(uint64_t image, uint64_t filesz, uint64_t memsz, uint64_t align,
                             bool static_block);

/* Makes the calling host thread a guest thread: allocates its TCB and static TLS block (in
 * guest memory when available), copies the templates and sets the GS base. */
bool tls_thread_init(void);
/* Frees the calling thread's TLS blocks and TCB. */
void tls_thread_exit(void);
/* The calling thread's thread pointer (TCB address), 0 if it has none. */
uint64_t tls_thread_pointer(void);

/* The guest's own thread pointer (its FS base, held in the GS base because guest FS prefixes
 * are rewritten): what sysarch(AMD64_SET_FSBASE / AMD64_GET_FSBASE) sets and reads. A guest
 * that installs its own TCB this way manages its TLS itself; __tls_get_addr keeps using the
 * loader's blocks for the thread. */
bool tls_set_guest_base(uint64_t base);
uint64_t tls_guest_base(void);

/* Forgets every registered module (tests). */
void tls_reset(void);

#endif
