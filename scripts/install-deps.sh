#!/usr/bin/env bash
# Installs the Debian 12 packages Bezel needs to build and test, if any are missing.
# Usage: scripts/install-deps.sh   (needs root or sudo when something is missing)
set -euo pipefail

# scripts/install-deps.sh --list DISTRO: prints the packages another distribution's root needs
# (scripts/distro.sh makes that root with them), one a line, and installs nothing.
# Debian 13: what the machine's Swift toolchain needs to run there, and the project's builds
# against that distribution's libraries (libinput 1.28, libwayland 1.23, wlroots 0.18); then, a
# line or two per host: phoc 0.46 (its meson dependencies on the system's wlroots 0.18 and
# gmobile; mutter's keybinding schema at run time; phosh and squeekboard for the demo and the
# keyboard cases, librsvg2-common for phosh's SVG icons), sway 1.10.1 beside cage 0.2.0 (cage
# needs nothing more; the xcb parts come from wlroots 0.18 built with Xwayland), KWin 6.3 (kwin-dev brings Qt 6 and KF6's development files;
# the fake_input XML, a session bus, the Qt platform and layer-shell integration of its lock
# screen greeter), weston 14, SDL 3, and the toolkit suite's GTK 4.18 and 3.24 (with
# g-ir-scanner and the .pc meson's generate_gir reads, PyGObject for the Python app), SDL2 and
# Qt 6.8 (the qpa private header of libbezel-qt6, QML, CMake for the QML app), Kirigami 6.13
# for the Kirigami app (named for it; KWin 6.3's kwin-common needs it already), Xvfb.
if [ "${1:-}" = --list ]; then
	case ${2:-} in
	debian13)
		printf '%s\n' \
			libncurses6 libxml2 libcurl4t64 libedit2 libsqlite3-0 libpython3.13 \
			binutils gcc g++ libc6-dev libstdc++-14-dev git ca-certificates pkg-config \
			libwayland-dev wayland-protocols libinput-dev libudev-dev umockdev libumockdev-dev \
			meson ninja-build python3 valgrind gdb time util-linux patch xz-utils \
			libwlroots-0.18-dev libpixman-1-dev libxkbcommon-dev wayland-utils weston \
			grim \
			libgmobile-dev libgnome-desktop-3-dev libglib2.0-dev libdrm-dev libgles-dev libxcb1-dev \
			gsettings-desktop-schemas mutter-common gettext \
			phosh squeekboard gnome-settings-daemon-common dbus-daemon libglib2.0-bin librsvg2-common \
			libjson-c-dev libpcre2-dev libcairo2-dev libpango1.0-dev libevdev-dev libdrm-dev libxcb1-dev libxcb-icccm4-dev \
			kwin-wayland kwin-dev plasma-wayland-protocols dbus qt6-wayland layer-shell-qt \
			libweston-14-dev weston-dev \
			libsdl3-dev \
			libgtk-4-dev gir1.2-gtk-4.0 libgtk-3-dev gir1.2-gtk-3.0 gobject-introspection libgirepository1.0-dev python3-gi python3-gi-cairo \
			libsdl2-dev qt6-base-dev qt6-base-private-dev qt6-declarative-dev cmake xvfb \
			qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtqml-workerscript \
			qml6-module-org-kde-kirigami \
			wayfire wayfire-dev libglm-dev
		;;
	debian13-plasma-mobile)
		# Plasma Mobile 6.3 for scripts/demo-plasma-mobile.sh only (about 290 MB to download,
		# so not in the debian13 list CI's root is made from): plasmashell with the mobile
		# look-and-feel and its shell package, the mobiletaskswitcher KWin effect.
		printf '%s\n' plasma-mobile
		;;
	*) echo "install-deps.sh: no package list for '${2:-}' (known: debian13, debian13-plasma-mobile)" >&2; exit 2 ;;
	esac
	exit 0
fi

packages=(
    pkg-config gcc binutils coreutils
    libwayland-dev wayland-protocols             # protocol server, wayland-scanner, xdg-shell
    libinput-dev libudev-dev                     # live touch source
    umockdev libumockdev-dev                     # headless libinput harness (docs/design.md §7)
    meson ninja-build                            # meson-shim and its consumer example
    valgrind                                     # leak checks of the protocol server
    gdb                                          # stack dumps of a process a test had to kill
    weston libweston-10-dev wayland-utils        # weston host and its headless tests
    python3                                      # real-time replay helper of the weston tests
    time                                         # peak memory of the CLI's hostile-file tests
    libwlroots-dev libpixman-1-dev grim          # wlroots 0.15 host: libbezel-wlroots, bezel-compositor, screenshots
    wayfire wayfire-dev libglm-dev g++           # Wayfire 0.7 host: libbezel-wayfire.so (wayfire.pc needs glm.pc)
    kwin-wayland kwin-dev qtbase5-dev libkf5config-dev libkf5coreaddons-dev libkf5windowsystem-dev
    plasma-wayland-protocols dbus qtwayland5     # KWin 5.27 host: bezel-kwin.so, its headless tests (fake_input XML;
                                                 # qtwayland5: the Qt platform of KWin's lock screen greeter)
    libgtk-4-dev gobject-introspection libgirepository1.0-dev gir1.2-gtk-4.0 python3-gi python3-gi-cairo
                                                 # libbezel-gtk4, its BezelGtk-1.0 typelib, the Python app
                                                 # (gi-cairo: its cairo.Region for the deferred region)
    libgtk-3-dev gir1.2-gtk-3.0                  # libbezel-gtk3, its BezelGtk3-1.0 typelib
    libsdl2-dev                                  # bezel-sdl2.h and the SDL2 app of the toolkit suite
    qt6-base-dev qt6-base-private-dev qt6-wayland qt6-declarative-dev cmake
    qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtqml-workerscript
                                                 # libbezel-qt6 (the qpa header for wl_surface), its QML module
                                                 # Bezel, examples/qt6, the QML app (CMake) of the toolkit suite
    xvfb                                         # the toolkit suite's GTK apps on X11, where Bezel does nothing
    patch xz-utils util-linux libxkbcommon-dev   # patched cage and sway: build.sh unpacks and patches; setpriv runs them unprivileged
    libjson-c-dev libpcre3-dev libcairo2-dev libpango1.0-dev libgdk-pixbuf-2.0-dev libevdev-dev libdrm-dev libgles-dev
                                                 # sway 1.7 (hosts/sway/build.sh)
    libgnome-desktop-3-dev libxcb1-dev gsettings-desktop-schemas mutter-common
                                                 # phoc 0.24 (hosts/phoc/build.sh; phoc reads mutter's keybinding schema)
    phoc phosh gnome-settings-daemon-common      # scripts/demo-phoc.sh: Debian's phosh on the patched phoc (the system phoc is not run)
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all packages present"
    exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
