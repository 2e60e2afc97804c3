/*
 * lock-client: holds wlr's input inhibitor, which makes it phoc's exclusive client
 * (phoc_seat_set_exclusive_client), as phosh's lock screen does. Prints "<us> locked" once the
 * compositor has processed the request; with --unlock-after N, drops it after N ms and prints
 * "<us> unlocked". Maps nothing. Exits when the compositor goes away.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "client-kit.h"
#include "input-inhibitor-client-protocol.h"

int main(int argc, char **argv)
{
	int unlock_after = argc == 3 && !strcmp(argv[1], "--unlock-after") ? atoi(argv[2]) : -1;
	struct zwlr_input_inhibit_manager_v1 *manager = NULL;
	const struct kit_global extra[] = {
		{ &zwlr_input_inhibit_manager_v1_interface, 1, &manager },
		{ NULL, 0, NULL },
	};
	struct kit kit = { .extra = extra };
	if (!kit_connect(&kit, 0) && !kit.display)
		return 1;
	if (!manager) {
		fprintf(stderr, "lock-client: no zwlr_input_inhibit_manager_v1\n");
		return 1;
	}
	struct zwlr_input_inhibitor_v1 *inhibitor = zwlr_input_inhibit_manager_v1_get_inhibitor(manager);
	wl_display_roundtrip(kit.display);
	kit_say("locked");
	if (unlock_after < 0)
		return kit_run(&kit);
	if (!kit_dispatch_until(&kit, NULL, unlock_after))
		return 0;
	zwlr_input_inhibitor_v1_destroy(inhibitor);
	wl_display_roundtrip(kit.display);
	kit_say("unlocked");
	return kit_run(&kit);
}
