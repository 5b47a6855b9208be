/* Arguments after `--` reach main(argc, argv); main's return value becomes the process
 * exit status (through the crt's exit()). */
#include <stdio.h>

/* Decimal value of S (0 when it is not a number). */
static int parse_status(const char *s) {
  int v = 0;
  for (; *s >= '0' && *s <= '9'; s++) v = v * 10 + (*s - '0');
  return *s ? 0 : v;
}

int main(int argc, char **argv) {
  printf("argc=%d\n", argc);
  for (int i = 1; i < argc; i++) printf("argv[%d]=%s\n", i, argv[i]);
  if (argv[argc] != NULL) printf("argv[argc] is not NULL\n");
  return argc > 1 ? parse_status(argv[argc - 1]) : 0;
}
