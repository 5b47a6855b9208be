/* Reports generated from the HLE tables (see hle_report.h). */
#include "hle/hle_report.h"

#include "hle/hle.h"

void hle_report_export(FILE *out) {
  for (size_t i = 0; i < hle_library_count(); i++) {
    const struct hle_library *lib = hle_library_at(i);
    for (size_t j = 0; j < lib->symbol_count; j++) {
      const struct hle_symbol *s = &lib->symbols[j];
      fprintf(out, "%s\t%u\t%s\t%u\t%u\t%s\t%s\t%s\t%s\n", lib->library_name,
              (unsigned)lib->library_version, lib->module_name,
              (unsigned)lib->module_version_major, (unsigned)lib->module_version_minor, s->nid,
              s->name ? s->name : "-", hle_kind_name(s->kind), hle_status_name(s->status));
    }
  }
}

static void count_statuses(const struct hle_library *lib, size_t counts[3]) {
  counts[0] = counts[1] = counts[2] = 0;
  for (size_t j = 0; j < lib->symbol_count; j++) counts[lib->symbols[j].status]++;
}

void hle_report_status(FILE *out) {
  fprintf(out,
          "# HLE status\n\n"
          "Generated from the HLE tables by `prospero-hle-status` (`make status`); do not edit.\n"
          "A unit test (unit.hle_status) fails when this file is out of date.\n\n"
          "Statuses: **implemented** behaves like the console for every input we know of;\n"
          "**partial** handles the common cases and logs the gaps it hits; **stub** returns a\n"
          "fixed value and logs once when called.\n\n"
          "| library | module | implemented | partial | stub | total |\n"
          "|---|---|---:|---:|---:|---:|\n");
  size_t total[3] = {0, 0, 0};
  for (size_t i = 0; i < hle_library_count(); i++) {
    const struct hle_library *lib = hle_library_at(i);
    size_t c[3];
    count_statuses(lib, c);
    fprintf(out, "| %s (v%u) | %s %u.%u | %zu | %zu | %zu | %zu |\n", lib->library_name,
            (unsigned)lib->library_version, lib->module_name,
            (unsigned)lib->module_version_major, (unsigned)lib->module_version_minor, c[0],
            c[1], c[2], lib->symbol_count);
    for (int k = 0; k < 3; k++) total[k] += c[k];
  }
  fprintf(out, "| **all** | | %zu | %zu | %zu | %zu |\n", total[0], total[1], total[2],
          total[0] + total[1] + total[2]);

  for (size_t i = 0; i < hle_library_count(); i++) {
    const struct hle_library *lib = hle_library_at(i);
    fprintf(out, "\n## %s\n\n| NID | name | kind | status |\n|---|---|---|---|\n",
            lib->library_name);
    for (size_t j = 0; j < lib->symbol_count; j++) {
      const struct hle_symbol *s = &lib->symbols[j];
      fprintf(out, "| `%s` | %s | %s | %s |\n", s->nid, s->name ? s->name : "(unknown)",
              hle_kind_name(s->kind), hle_status_name(s->status));
    }
  }
}
