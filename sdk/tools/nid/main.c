/* prospero-nid NAME...: prints the NID of each name, one per line ("NID  NAME"). */
#include <stdio.h>
#include <string.h>

#include "common/nid.h"

int main(int argc, char **argv) {
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    fputs("usage: prospero-nid NAME...\nPrints the NID (11 characters) of each symbol name.\n",
          argc < 2 ? stderr : stdout);
    return argc < 2 ? 64 : 0;
  }
  for (int i = 1; i < argc; i++) {
    char nid[NID_BUF_SIZE];
    nid_from_name(argv[i], nid);
    printf("%s  %s\n", nid, argv[i]);
  }
  return 0;
}
