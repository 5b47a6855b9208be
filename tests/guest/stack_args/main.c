/* The entry ABI as start code that reads the stack sees it: argc, argv[], NULL, envp[],
 * NULL, then the auxiliary vector with FreeBSD's AT_* numbers (sys/elf_common.h) ending in
 * AT_NULL. Built with crt_stack.S as the entry (-Wl,-e,stack_start) and run with arguments
 * after `--`. The values checked come from the ELF format and FreeBSD's documented layout:
 * AT_PHENT is sizeof(Elf64_Phdr) 56, the headers AT_PHDR points at are the executable's
 * own (their PT_LOAD covers AT_ENTRY), AT_PAGESZ is the console's 16 KiB page. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { AT_NULL = 0, AT_PHDR = 3, AT_PHENT = 4, AT_PHNUM = 5, AT_PAGESZ = 6, AT_ENTRY = 9,
       AT_EXECPATH = 15 };

struct phdr { /* Elf64_Phdr */
  unsigned type, flags;
  unsigned long offset, vaddr, paddr, filesz, memsz, align;
};

extern char stack_start[];
int main(int argc, char **argv, char **envp);
int atexit(void (*fn)(void));

static unsigned long aux_value(unsigned long *auxv, unsigned long type, int *found) {
  for (; auxv[0] != AT_NULL; auxv += 2)
    if (auxv[0] == type) {
      *found = 1;
      return auxv[1];
    }
  *found = 0;
  return 0;
}

__attribute__((noreturn, used)) void stack_crt_main(unsigned long *sp, unsigned long *rdi,
                                                    void (*cleanup)(void), int aligned) {
  long argc = (long)sp[0];
  char **argv = (char **)&sp[1];
  char **envp = argv + argc + 1;
  char **e = envp;
  while (*e) e++;
  unsigned long *auxv = (unsigned long *)(e + 1);
  if (cleanup) atexit(cleanup);
  printf("rsp 16-aligned at entry: %s\n", aligned ? "yes" : "no");
  printf("rdi is the same block (params argc/argv): %s\n",
         rdi == sp && *(int *)rdi == argc && ((char **)(rdi + 1))[0] == argv[0] ? "yes" : "no");
  printf("exit function in rdx: %s\n", cleanup ? "yes" : "no");
  printf("environment entries: %ld\n", (long)(e - envp));
  int f1, f2, f3, f4, f5, f6;
  unsigned long pagesz = aux_value(auxv, AT_PAGESZ, &f1);
  unsigned long entry = aux_value(auxv, AT_ENTRY, &f2);
  unsigned long phent = aux_value(auxv, AT_PHENT, &f3);
  unsigned long phnum = aux_value(auxv, AT_PHNUM, &f4);
  const struct phdr *ph = (const struct phdr *)aux_value(auxv, AT_PHDR, &f5);
  const char *path = (const char *)aux_value(auxv, AT_EXECPATH, &f6);
  printf("AT_PAGESZ: %lu\n", f1 ? pagesz : 0);
  printf("AT_ENTRY is the entry point: %s\n",
         f2 && entry == (unsigned long)stack_start ? "yes" : "no");
  printf("AT_PHENT: %lu\n", f3 ? phent : 0);
  /* the executable sits at the console's executable base 0x9_0000_0000 (FACTS.md), so the
   * entry's offset from it must lie in an executable (PF_X 1) PT_LOAD (1) of these headers */
  int covers = 0;
  unsigned long off = entry - 0x900000000ul;
  for (unsigned long i = 0; f4 && f5 && ph && i < phnum; i++)
    if (ph[i].type == 1 && (ph[i].flags & 1) && off >= ph[i].vaddr &&
        off < ph[i].vaddr + ph[i].memsz)
      covers = 1;
  printf("AT_PHDR/AT_PHNUM: the executable's program headers (a PF_X PT_LOAD holds AT_ENTRY): %s\n",
         covers ? "yes" : "no");
  printf("AT_EXECPATH: %s\n", f6 && path ? path : "(none)");
  exit(main((int)argc, argv, envp));
}

int main(int argc, char **argv, char **envp) {
  (void)envp;
  printf("argc=%d\n", argc);
  for (int i = 0; i <= argc; i++) printf("argv[%d]=%s\n", i, argv[i] ? argv[i] : "(null)");
  return argc;
}
