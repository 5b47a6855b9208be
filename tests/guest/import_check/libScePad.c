/* Only linked against: the game folder does not ship it, so these imports are missing. */
int scePadSetUserColor(void) { return 0; }
int scePadSetVibrationMode(int handle, void *data) {
  (void)handle, (void)data;
  return 0;
}
int import_check_unnamed(void) { return 0; }
