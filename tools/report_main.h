/* The command line shared by the report generators (prospero-hle-status,
 * prospero-syscall-status): `NAME [-o FILE]` writes the report to stdout or to FILE. */
#ifndef PROSPERO_TOOLS_REPORT_MAIN_H
#define PROSPERO_TOOLS_REPORT_MAIN_H

#include <stdio.h>

/* Parses ARGV, runs WRITE on the output and returns the exit status: 0, 1 (FILE cannot be
 * opened or written) or 64 (bad command line; the usage names WHAT the report is). */
int report_main(int argc, char **argv, const char *what, void (*write)(FILE *out));

#endif
