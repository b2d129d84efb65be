#!/bin/sh
# Regenerate the build system from configure.ac and Makefile.am.
set -e
cd "$(dirname "$0")"
mkdir -p build-aux
for d in /usr/share/automake-*; do
	if [ -f "$d/tap-driver.sh" ]; then cp -f "$d/tap-driver.sh" build-aux/; break; fi
done
autoreconf -fi
