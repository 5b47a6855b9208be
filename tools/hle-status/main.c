/* prospero-hle-status: writes docs/hle-status.md (to stdout, or to FILE with -o FILE) from
 * the HLE tables: per library counts of implemented/partial/stub and every symbol. */
#include "hle/hle_report.h"
#include "report_main.h"

int main(int argc, char **argv) {
  return report_main(argc, argv, "the HLE status report", hle_report_status);
}
