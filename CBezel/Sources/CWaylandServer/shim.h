/* libwayland-server for Swift: the core API (no generated core protocol helpers needed). */
#include <wayland-server-core.h>
