/*
 * wayfire-headless-preload.c: TEST EQUIPMENT ONLY, never part of the product.
 *
 * Wayfire 0.7 and 0.9 insist on a GPU: main() asks the backend for a DRM fd, refuses to start without
 * one, creates a GLES2 renderer on it and asserts that the renderer has an EGL display. It also
 * refuses to run when it could regain root after dropping it (setuid(0) succeeding). A test
 * machine has no DRM node and runs as root, so the Wayfire integration tests load this
 * LD_PRELOAD, which stands in for exactly those few calls and nothing else:
 *
 *   wlr_backend_get_drm_fd              -> an fd on /dev/null when the backend has none
 *   wlr_gles2_renderer_create_with_drm_fd -> the pixman renderer (software, needs no DRM)
 *   wlr_gles2_renderer_get_egl          -> a placeholder, only ever passed back to the two below
 *   wlr_egl_is_current / make_current   -> "yes" (there is no EGL context to make current)
 *   wlr_texture_is_gles2 / wlr_gles2_texture_get_attribs
 *                                      -> "yes" / a 2D texture named 0
 *   glCreateShader / glCreateProgram / glGetShaderiv(GL_COMPILE_STATUS)
 *                                      -> non-zero names, "compiled": Wayfire refuses (throws)
 *                                         to draw with a program named 0
 *   glGetProgramiv(GL_LINK_STATUS)     -> "linked" (Wayfire 0.9 checks it too)
 * Wayfire 0.9 (wlroots 0.18) also asks:
 *   wlr_gles2_renderer_get_buffer_fbo  -> 0 on the pixman renderer (wlroots asserts GLES2)
 *   wlr_egl_get_display / get_context  -> none, so that "is the context current" is "yes"
 * With no EGL context, every other GL call Wayfire makes goes to glvnd's no-op dispatch:
 * Wayfire's own drawing draws nothing, which a test that reads no pixels does not need.
 *   setuid(0) / setgid(0)              -> EPERM, so that root can "drop" root
 *
 * Everything else (backend, seat, input, protocols, plugins) is Wayfire's and wlroots' own.
 * Use: LD_PRELOAD=.../wayfire-headless-preload.so WLR_BACKENDS=headless wayfire -c wayfire.ini
 */
#define _GNU_SOURCE
#include <GLES2/gl2.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#include <wlr/backend.h>
#include <wlr/render/gles2.h>
#include <wlr/render/pixman.h>
#include <wlr/render/egl.h>
#include <wlr/util/log.h>
#include <wlr/version.h>

int wlr_backend_get_drm_fd(struct wlr_backend *backend)
{
	int (*real)(struct wlr_backend *) =
		(int (*)(struct wlr_backend *))dlsym(RTLD_NEXT, "wlr_backend_get_drm_fd");
	int fd = real ? real(backend) : -1;
	if (fd >= 0)
		return fd;
	/* One fd for the whole run: Wayfire only checks that it is valid. */
	static int stand_in = -1;
	if (stand_in < 0)
		stand_in = open("/dev/null", O_RDWR | O_CLOEXEC);
	return stand_in;
}

struct wlr_renderer *wlr_gles2_renderer_create_with_drm_fd(int drm_fd)
{
	(void)drm_fd;
	wlr_log(WLR_INFO, "test preload: pixman renderer instead of GLES2");
	return wlr_pixman_renderer_create();
}

/* Never dereferenced: Wayfire only hands it back to the wlr_egl_* calls below. */
static char egl_placeholder;

struct wlr_egl *wlr_gles2_renderer_get_egl(struct wlr_renderer *renderer)
{
	(void)renderer;
	return (struct wlr_egl *)&egl_placeholder;
}

bool wlr_egl_is_current(struct wlr_egl *egl)
{
	(void)egl;
	return true;
}

bool wlr_egl_make_current(struct wlr_egl *egl)
{
	(void)egl;
	return true;
}

bool wlr_egl_unset_current(struct wlr_egl *egl)
{
	(void)egl;
	return true;
}

bool wlr_texture_is_gles2(struct wlr_texture *texture)
{
	(void)texture;
	return true;
}

void wlr_gles2_texture_get_attribs(struct wlr_texture *texture,
				   struct wlr_gles2_texture_attribs *attribs)
{
	(void)texture;
	memset(attribs, 0, sizeof(*attribs));
	attribs->target = GL_TEXTURE_2D;
	attribs->has_alpha = true;
}

/* Shader and program names: any non-zero value, never used by a real GL. */
static GLuint next_gl_name = 1;

GLuint glCreateShader(GLenum type)
{
	(void)type;
	return next_gl_name++;
}

GLuint glCreateProgram(void)
{
	return next_gl_name++;
}

void glGetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
	(void)shader;
	*params = pname == GL_COMPILE_STATUS ? GL_TRUE : 0;
}

void glGetProgramiv(GLuint program, GLenum pname, GLint *params)
{
	(void)program;
	*params = pname == GL_LINK_STATUS ? GL_TRUE : 0;
}

#if WLR_VERSION_MINOR >= 18
GLuint wlr_gles2_renderer_get_buffer_fbo(struct wlr_renderer *renderer, struct wlr_buffer *buffer)
{
	GLuint (*real)(struct wlr_renderer *, struct wlr_buffer *) =
		(GLuint (*)(struct wlr_renderer *, struct wlr_buffer *))
		dlsym(RTLD_NEXT, "wlr_gles2_renderer_get_buffer_fbo");
	return wlr_renderer_is_gles2(renderer) && real ? real(renderer, buffer) : 0;
}

EGLDisplay wlr_egl_get_display(struct wlr_egl *egl)
{
	(void)egl;
	return EGL_NO_DISPLAY;
}

EGLContext wlr_egl_get_context(struct wlr_egl *egl)
{
	(void)egl;
	return EGL_NO_CONTEXT;
}
#endif

int setuid(uid_t uid)
{
	if (uid == 0) {
		errno = EPERM;
		return -1;
	}
	int (*real)(uid_t) = (int (*)(uid_t))dlsym(RTLD_NEXT, "setuid");
	return real(uid);
}

int setgid(gid_t gid)
{
	if (gid == 0) {
		errno = EPERM;
		return -1;
	}
	int (*real)(gid_t) = (int (*)(gid_t))dlsym(RTLD_NEXT, "setgid");
	return real(gid);
}
