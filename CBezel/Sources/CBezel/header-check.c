/*
 * Compiles the public header and the shim header on their own, as a C11 consumer would, so a
 * header that is not self-contained fails this package's build. (The shim itself is compiled
 * through the generated unit, see Plugins/WaylandScannerPlugin.)
 */
#include "bezel.h"
#include "bezel_shim.h"

_Static_assert(BEZEL_EDGE_ALL == (BEZEL_EDGE_TOP | BEZEL_EDGE_BOTTOM | BEZEL_EDGE_LEFT | BEZEL_EDGE_RIGHT),
	       "edge values match the protocol's bitfield");

/* A version 1 host's struct ends where the version 2 members begin: they are appended only. */
#include <stddef.h>
_Static_assert(offsetof(struct bezel_host_interface, gesture_event) >
		       offsetof(struct bezel_host_interface, log),
	       "version 2 members come after every version 1 member");
_Static_assert(BEZEL_VERSION_MINOR == 7, "header version 0.7");
