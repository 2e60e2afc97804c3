/*
 * lock.c: the lock state (R6).
 *
 * While the session is locked no deferral is honoured and only `when_locked` gestures (the
 * cover sheet) work. weston 10 has no lock signal of its own: locking is the shell's business.
 * What weston does give:
 *   - its idle signal (the screen blanks after idle-time; desktop-shell locks on it) and its
 *     wake signal (activity again);
 *   - the layer list: a shell's lock screen sits in a layer at WESTON_LAYER_POSITION_LOCK,
 *     which desktop-shell puts in place when it locks and takes away when it unlocks.
 * So `[bezel] lock-detect=` chooses:
 *   lock-layer (default)  locked while some layer sits at the lock position; looked at on the
 *                         idle and wake signals, at every touch-down and every input frame, so
 *                         a shell that locks another way (a key, a lock client) is seen at the
 *                         next touch event at the latest;
 *   idle                  locked from the idle signal until the wake signal (shells that lock
 *                         on idle and unlock on any activity);
 *   none                  the module never locks (a kiosk).
 *
 * (Which surfaces may defer is the plugin's decision, `defer-policy`, from the facts that
 * surfaces.c gives; the lock state given here counts in it.)
 */
#include "bezel-weston.h"

static void set_locked(struct bw *bw, bool locked, uint32_t time)
{
	if (locked == bw->locked)
		return;
	bw->locked = locked;
	weston_log("bezel: session %s\n", locked ? "locked" : "unlocked");
	bezel_set_locked(bw->plugin, locked, time);
}

static bool lock_layer_present(struct weston_compositor *ec)
{
	struct weston_layer *layer;
	wl_list_for_each(layer, &ec->layer_list, link)
		if (layer->position == WESTON_LAYER_POSITION_LOCK)
			return true;
	return false;
}

void bw_lock_check(struct bw *bw, uint32_t time)
{
	if (bw->cfg.lock_detect == BW_LOCK_LAYER)
		set_locked(bw, lock_layer_present(bw->ec), time);
}

static void compositor_idle(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, idle_listener);
	(void)data;
	if (bw->cfg.lock_detect == BW_LOCK_IDLE)
		set_locked(bw, true, bw_now_msec());
	else
		bw_lock_check(bw, bw_now_msec());
}

static void compositor_wake(struct wl_listener *l, void *data)
{
	struct bw *bw = wl_container_of(l, bw, wake_listener);
	(void)data;
	if (bw->cfg.lock_detect == BW_LOCK_IDLE)
		set_locked(bw, false, bw_now_msec());
	else
		bw_lock_check(bw, bw_now_msec());
}

void bw_lock_init(struct bw *bw)
{
	bw->idle_listener.notify = compositor_idle;
	wl_signal_add(&bw->ec->idle_signal, &bw->idle_listener);
	bw->wake_listener.notify = compositor_wake;
	wl_signal_add(&bw->ec->wake_signal, &bw->wake_listener);
	bw_lock_check(bw, bw_now_msec());
}

void bw_lock_fini(struct bw *bw)
{
	wl_list_remove(&bw->idle_listener.link);
	wl_list_remove(&bw->wake_listener.link);
}
