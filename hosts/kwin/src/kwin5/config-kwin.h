/* The few configuration macros KWin 5.27.5's headers read (Debian's build of kwin 4:5.27.5-3).
 * KWin generates this file at build time; a plugin built against the source tarball's headers
 * supplies its own. The plugin IID is "org.kde.kwin.PluginFactoryInterface" + this version. */
#pragma once
#define KWIN_PLUGIN_VERSION_STRING "5.27.5"
#define KWIN_VERSION_STRING "5.27.5"
#define KWIN_CONFIG "kwinrc"
#define KWIN_BUILD_DECORATIONS 1
#define KWIN_BUILD_KCMS 1
#define KWIN_BUILD_NOTIFICATIONS 1
#define KWIN_BUILD_SCREENLOCKER 1
#define KWIN_BUILD_TABBOX 1
#define KWIN_BUILD_ACTIVITIES 1
#define HAVE_X11_XCB 1
