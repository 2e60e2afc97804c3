/*
 * deliver.c: the plugin's deliveries to clients (its touch_* callbacks).
 *
 * The plugin decides what each client gets, including wl_touch.cancel (which weston itself
 * never sends), and what a client is still owed after a cancel: it asks for nothing more of a
 * touch whose client was cancelled. So the module only sends, on the seat that fed the
 * plugin last, to every wl_touch of the surface's client.
 */
#include "bezel-weston.h"

/* The seat whose grab fed the plugin; decisions for its touches go to its wl_touch objects. */
static struct weston_touch *delivery_touch(struct bw *bw)
{
	struct bw_seat *bs = bw->current;
	if (!bs && !wl_list_empty(&bw->seats))
		bs = wl_container_of(bw->seats.next, bs, link);
	return bs ? bs->touch : NULL;
}

/* Every wl_touch of `client` on the seat: weston keeps the focused client's resources on a
 * second list, so both are walked. */
#define for_each_client_touch(touch, client, res, tmp)                                   \
	for (int _l = 0; _l < 2; _l++)                                                     \
		wl_resource_for_each_safe(res, tmp,                                        \
			_l ? &(touch)->focus_resource_list : &(touch)->resource_list)      \
			if (wl_resource_get_client(res) == (client))

static void deliver_down(void *data, struct wl_resource *surface, int32_t id, double sx,
			 double sy, uint32_t time)
{
	struct bw *bw = data;
	struct weston_touch *touch = delivery_touch(bw);
	struct wl_client *client = wl_resource_get_client(surface);
	struct wl_resource *res, *tmp;
	if (!touch)
		return;
	uint32_t serial = wl_display_next_serial(bw->ec->wl_display);
	/* wl_data_device.start_drag and xdg_popup.grab check the serial of the seat's first
	 * touch; a held down is delivered late, so the serial it really got is stored. */
	if (id == touch->grab_touch_id)
		touch->grab_serial = serial;
	for_each_client_touch(touch, client, res, tmp)
		wl_touch_send_down(res, serial, time, surface, id, wl_fixed_from_double(sx),
				   wl_fixed_from_double(sy));
}

static void deliver_motion(void *data, struct wl_resource *surface, int32_t id, double sx,
			   double sy, uint32_t time)
{
	struct weston_touch *touch = delivery_touch(data);
	struct wl_client *client = wl_resource_get_client(surface);
	struct wl_resource *res, *tmp;
	if (!touch)
		return;
	for_each_client_touch(touch, client, res, tmp)
		wl_touch_send_motion(res, time, id, wl_fixed_from_double(sx), wl_fixed_from_double(sy));
}

static void deliver_up(void *data, struct wl_resource *surface, int32_t id, uint32_t time)
{
	struct bw *bw = data;
	struct weston_touch *touch = delivery_touch(bw);
	struct wl_client *client = wl_resource_get_client(surface);
	struct wl_resource *res, *tmp;
	if (!touch)
		return;
	uint32_t serial = wl_display_next_serial(bw->ec->wl_display);
	for_each_client_touch(touch, client, res, tmp)
		wl_touch_send_up(res, serial, time, id);
}

/* frame and cancel: one event to each of the client's wl_touch. */
static void send_all(struct bw *bw, struct wl_client *client, void (*send)(struct wl_resource *))
{
	struct weston_touch *touch = delivery_touch(bw);
	struct wl_resource *res, *tmp;
	if (!touch)
		return;
	for_each_client_touch(touch, client, res, tmp)
		send(res);
}

static void deliver_frame(void *data, struct wl_client *client)
{
	send_all(data, client, wl_touch_send_frame);
}

static void deliver_cancel(void *data, struct wl_client *client)
{
	send_all(data, client, wl_touch_send_cancel);
}

void bw_deliver_wire(struct bezel_host_interface *host)
{
	host->touch_down = deliver_down;
	host->touch_motion = deliver_motion;
	host->touch_up = deliver_up;
	host->touch_frame = deliver_frame;
	host->touch_cancel = deliver_cancel;
}
