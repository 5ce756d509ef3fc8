/*
 * version.c: the version of the header a program was compiled with (the CATAN_VERSION_*
 * macros) and of the library it loaded (catan_version()). Prints both; exits 1 if they
 * differ (a library from another release than the header).
 *
 *   usage: version
 *
 * Build (installed package): cc version.c $(pkg-config --cflags --libs catan) -o version
 */
#include "catan.h"

#include <stdio.h>
#include <string.h>

#if !defined(CATAN_VERSION_MAJOR) || !defined(CATAN_VERSION_MINOR) || \
    !defined(CATAN_VERSION_PATCH)
#error "catan.h defines no version"
#endif

int main(void) {
  const char *library = catan_version();
  printf("header %s (%d.%d.%d), library %s\n", CATAN_VERSION_STRING, CATAN_VERSION_MAJOR,
         CATAN_VERSION_MINOR, CATAN_VERSION_PATCH, library);
  if (strcmp(library, CATAN_VERSION_STRING) != 0) {
    fprintf(stderr, "version: the library is not of the header's release\n");
    return 1;
  }
  return 0;
}
