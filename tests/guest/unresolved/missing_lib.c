/* Only linked against: the guest folder does not ship this module, so its imports stay
 * unresolved at run time. */
int missing_function(int x) { return x + 1000; }
double missing_double(void) { return 2.5; }
int missing_data = 5;
