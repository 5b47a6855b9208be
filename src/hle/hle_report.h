/* Reports generated from the HLE tables: the export TSV read by the guest SDK
 * (prospero-hle-export) and docs/hle-status.md (prospero-hle-status). */
#ifndef PROSPERO_HLE_HLE_REPORT_H
#define PROSPERO_HLE_HLE_REPORT_H

#include <stdio.h>

/* One line per symbol, tab-separated, no header:
 * library_name library_version module_name module_major module_minor nid name_or_-
 * function|object implemented|partial|stub */
void hle_report_export(FILE *out);

/* The Markdown status report: per library counts, then every symbol. */
void hle_report_status(FILE *out);

#endif
