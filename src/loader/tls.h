/* Guest TLS, variant II (BRIEF.md decision 2, FACTS.md "Process start"; Drepper, "ELF Handling
 * For Thread-Local Storage", section 3.4.2 for x86-64).
 *
 * Each guest thread has a thread control block (TCB) whose address is the thread pointer held
 * in the GS base (guest code's FS prefixes are rewritten to GS). Below it lies the static TLS
 * area: the blocks of every module registered before the first thread starts (the executable
 * first, then the PRXs loaded at start), module i at tp - tlsoffset_i where
 *   tlsoffset_1 = round_up(memsz_1, align_1),
 *   tlsoffset_i = round_up(tlsoffset_(i-1) + memsz_i, align_i),
 * so local-exec fs:[-n] accesses and initial-exec (R_X86_64_TPOFF64) accesses work. Modules
 * registered later (sceKernelLoadStartModule) have dynamic TLS: a thread's block is made on its
 * first __tls_get_addr, and a module slot carries a generation so that a slot reused after an
 * unload never hands out the previous module's block. Blocks are freed at thread exit.
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

/* Registers a module's TLS template (IMAGE of FILESZ bytes, MEMSZ in all, ALIGN). With
 * STATIC_BLOCK, and while no thread has started yet, the module gets a block in the static
 * area (the next variant II offset; the first such module, the executable, sits right below the
 * TCB); otherwise its TLS is dynamic. Returns the module's TLS index (1-based, the lowest free
 * slot), or 0 on failure (logged). Thread-safe. */
unsigned tls_module_register(uint64_t image, uint64_t filesz, uint64_t memsz, uint64_t align,
                             bool static_block);

/* Forgets module INDEX (its module is being unloaded): every thread's block of it becomes stale
 * (freed on the thread's next __tls_get_addr of the slot, or at its exit); a dynamic slot may
 * be reused by a later module. A static block's space stays reserved. Thread-safe. */
void tls_module_unregister(unsigned index);

/* The variant II thread-pointer offset of module INDEX's static block (the block is at
 * tp - offset), or 0 when its TLS is dynamic or INDEX is not registered. */
uint64_t tls_module_static_offset(unsigned index);

/* Variant II arithmetic (pure): the offset of a static block of MEMSZ bytes aligned to ALIGN
 * (a power of two) placed after blocks that end PREV bytes below the thread pointer:
 * round_up(PREV + MEMSZ, ALIGN). */
uint64_t tls_variant2_next_offset(uint64_t prev, uint64_t memsz, uint64_t align);

/* Bytes of the static area below the thread pointer, and its alignment (for tests). */
uint64_t tls_static_area_size(void);

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
