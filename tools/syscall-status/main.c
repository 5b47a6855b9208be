/* prospero-syscall-status: writes docs/syscalls.md (to stdout, or to FILE with -o FILE) from
 * the guest system call table (src/hle/syscall/syscall_table.c). */
#include "hle/syscall/syscall.h"
#include "report_main.h"

int main(int argc, char **argv) {
  return report_main(argc, argv, "the guest system call table", syscall_report_status);
}
