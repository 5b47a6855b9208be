/* Fixture for check_symbols.py, checked as if it were the sce module: two extern symbols
 * without the sce_ prefix must be reported, the prefixed and the static ones must not. */
int sce_fixture_ok(int x) { return x + 1; }
int fixture_helper_without_prefix(int x) { return x * 2; }
int fixture_table_without_prefix[4] = {1, 2, 3, 4};
static int fixture_static(int x) { return x - 1; }
int sce_fixture_calls_static(int x) { return fixture_static(x); }
