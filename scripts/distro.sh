#!/usr/bin/env bash
# The one entry to another distribution's root, for building and testing Bezel against that
# distribution's compositors and libraries (docs/architecture.md, "Two generations of a host").
#
#   scripts/distro.sh DISTRO path                   prints the root's folder (making nothing)
#   scripts/distro.sh DISTRO make                   makes the root, or brings it up to date
#   scripts/distro.sh DISTRO make --extra LIST      and installs scripts/install-deps.sh --list LIST
#       into it besides (a demo's packages, which CI's root does not carry)
#   scripts/distro.sh DISTRO run [--user NAME] -- COMMAND [ARG...]
#       runs COMMAND inside the root, made first if needed, and exits with COMMAND's status.
#       The checkout, the `shared` folder beside it and the Swift toolchain appear inside at the
#       same paths as outside, and COMMAND starts in the current folder. --user runs it as NAME
#       (made in the root if missing) for compositors that refuse to run as root.
#
# DISTRO: debian13 (Debian 13 "trixie").
#
# The root lives outside the checkout, in $BEZEL_DISTRO_ROOTS (default /var/cache/bezel/roots),
# and is reused while the package list scripts/install-deps.sh gives for it is unchanged; a new
# list installs what is missing. A root is only used once its stamp file is written, which is the
# last step of making it, so a root left half-made by an interrupted run is made again. Making it
# takes debootstrap (about 30 s) and the packages (a few minutes), from the Debian archive this
# machine's apt already uses (or $BEZEL_DISTRO_MIRROR); every network step has a time bound
# (BEZEL_DISTRO_NET_TIMEOUT seconds, default 900) and a clear error.
#
# Mounts: COMMAND runs in a mount namespace of its own (unshare), where the root's /proc, /dev,
# /sys, /tmp and the bind mounts above are made. The kernel drops them all when the last process
# of that namespace ends, however it ends (exit, failure, timeout, signal, SIGKILL), and the
# machine's own mount table never shows them, so two runs at once cannot break each other's
# mounts. Inside, BEZEL_DISTRO names the distribution (build scripts keep their build folders
# apart from the machine's own with it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$here/.." && pwd)
roots=${BEZEL_DISTRO_ROOTS:-/var/cache/bezel/roots}
# Seconds a network step may take before it is given up (debootstrap, apt-get).
net_timeout=${BEZEL_DISTRO_NET_TIMEOUT:-900}

die() { echo "distro.sh: $*" >&2; exit 1; }
usage() {
	sed -n '5,14p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

[ $# -ge 2 ] || usage
distro=$1 verb=$2
shift 2
case $distro in
debian13) suite=trixie ;;
*) die "unknown distribution '$distro' (known: debian13)" ;;
esac
target=$roots/$distro

# The Debian archive this machine's apt uses (deb822 or one-line sources), else Debian's own.
mirror() {
	local m=${BEZEL_DISTRO_MIRROR:-}
	[ -n "$m" ] && { echo "$m"; return; }
	m=$(sed -n 's/^URIs:[[:space:]]*\([^[:space:]]*debian\)\/\{0,1\}$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
	[ -n "$m" ] || m=$(awk '$1 == "deb" && $2 ~ /debian\/?$/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
	echo "${m:-http://deb.debian.org/debian}"
}

packages() { "$here/install-deps.sh" --list "$distro"; }
stamp_of() { packages | sort | sha256sum | cut -c1-16; }

# mount_fs ROOT: the kernel file systems a root needs; run inside a private mount namespace.
mount_fs() {
	local r=$1
	mount -t proc proc "$r/proc"
	mount --rbind /sys "$r/sys"
	mount --rbind /dev "$r/dev"
	mount --bind /tmp "$r/tmp"
	cp /etc/resolv.conf "$r/etc/resolv.conf" 2>/dev/null || true
}

# bind_same PATH: PATH appears inside the root at the same path.
bind_same() {
	local p=$1
	[ -e "$p" ] || return 0
	if [ -d "$p" ]; then mkdir -p "$target$p"; else mkdir -p "$(dirname "$target$p")"; : >>"$target$p"; fi
	mount --bind "$p" "$target$p"
}

# in_root COMMAND...: COMMAND inside the root, as root, with a plain environment.
in_root() {
	chroot "$target" /usr/bin/env -i HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

# make_root: debootstrap and the packages, under a lock so that two runs make it once.
make_root() {
	mkdir -p "$roots"
	exec 9>"$roots/$distro.lock"
	flock -w 3600 9 || die "waited an hour for another run that is making $target"
	local want
	want=$(stamp_of) || die "scripts/install-deps.sh --list $distro failed"
	if [ -f "$target/.bezel-root" ] && [ "$(cat "$target/.bezel-root")" = "$want" ]; then
		exec 9>&-
		return 0
	fi
	local start=$SECONDS
	if [ ! -f "$target/.bezel-root" ]; then
		# Never used: a half-made root from an interrupted run is made again from nothing.
		rm -rf "$target"
		echo "distro.sh: making the $distro root in $target (debootstrap $suite from $(mirror))" >&2
		timeout "$net_timeout" debootstrap --variant=minbase "$suite" "$target" "$(mirror)" \
			>"$roots/$distro.debootstrap.log" 2>&1 ||
			{
				tail -5 "$roots/$distro.debootstrap.log" >&2
				die "debootstrap $suite failed or took over $net_timeout s: is the archive $(mirror) reachable? (log: $roots/$distro.debootstrap.log)"
			}
	fi
	echo "distro.sh: installing the $distro packages (scripts/install-deps.sh --list $distro)" >&2
	# shellcheck disable=SC2046 # one word per package
	unshare --mount --propagation private -- "$0" "$distro" __install $(packages) \
		>"$roots/$distro.apt.log" 2>&1 ||
		{
			tail -8 "$roots/$distro.apt.log" >&2
			die "installing packages in the $distro root failed (log: $roots/$distro.apt.log)"
		}
	echo "$want" >"$target/.bezel-root"
	echo "distro.sh: the $distro root is ready in $((SECONDS - start)) s" >&2
	exec 9>&-
}

# make_extra LIST: LIST's packages installed into the made root, under the same lock. The
# root's own stamp is left alone (CI's list decides it); LIST keeps a stamp of its own, so a
# second call with the same list installs nothing.
make_extra() {
	local list=$1 want
	want=$("$here/install-deps.sh" --list "$list" | sort | sha256sum | cut -c1-16) ||
		die "scripts/install-deps.sh --list $list failed"
	make_root
	exec 9>"$roots/$distro.lock"
	flock -w 3600 9 || die "waited an hour for another run that is installing into $target"
	if [ "$(cat "$target/.bezel-extra-$list" 2>/dev/null)" != "$want" ]; then
		local start=$SECONDS
		echo "distro.sh: installing $list into the $distro root (scripts/install-deps.sh --list $list)" >&2
		# shellcheck disable=SC2046 # one word per package
		unshare --mount --propagation private -- "$0" "$distro" __install $("$here/install-deps.sh" --list "$list") \
			>"$roots/$distro.$list.apt.log" 2>&1 ||
			{
				tail -8 "$roots/$distro.$list.apt.log" >&2
				die "installing $list in the $distro root failed (log: $roots/$distro.$list.apt.log)"
			}
		echo "$want" >"$target/.bezel-extra-$list"
		echo "distro.sh: $list installed in $((SECONDS - start)) s" >&2
	fi
	exec 9>&-
}

case $verb in
path)
	echo "$target"
	;;
make)
	case ${1:-} in
	'') make_root ;;
	--extra) [ -n "${2:-}" ] || usage; make_extra "$2" ;;
	*) usage ;;
	esac
	;;
__install)
	# Inside the namespace make_root opened: apt-get in the root.
	mount_fs "$target"
	in_root dpkg --configure -a
	timeout "$net_timeout" chroot "$target" /usr/bin/env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	timeout "$net_timeout" chroot "$target" /usr/bin/env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends "$@"
	;;
run)
	user=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		case $1 in
		--user) user=$2; shift ;;
		*) usage ;;
		esac
		shift
	done
	[ "${1:-}" = -- ] || usage
	shift
	[ $# -ge 1 ] || usage
	[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot and mounts)"
	make_root
	exec unshare --mount --propagation private -- "$0" "$distro" __enter "$user" "$PWD" "$@"
	;;
__enter)
	# Inside the namespace of `run`: the mounts, then COMMAND in the root.
	user=$1 cwd=$2
	shift 2
	mount_fs "$target"
	bind_same "$checkout"
	bind_same "$(cd "$checkout/.." && pwd)/shared"
	[ "$cwd" = "$checkout" ] || case $cwd in "$checkout"/*) ;; *) bind_same "$cwd" ;; esac
	# The Swift toolchain at its own path, and the git settings and local package mirrors that
	# SwiftPM resolves packages through.
	swift=$(command -v swift || true)
	[ -n "$swift" ] && bind_same "$(cd "$(dirname "$(readlink -f "$swift")")/../.." && pwd)"
	[ -f /etc/gitconfig ] && bind_same /etc/gitconfig
	git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null | sed -n 's/^url\.\(\/[^ ]*\)\.insteadof .*/\1/p' |
		sort -u | while read -r dir; do bind_same "${dir%/}"; done
	path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
	[ -n "$swift" ] && path=$(dirname "$swift"):$path
	envs=(HOME=/root LANG=C.UTF-8 PATH="$path" BEZEL_DISTRO="$distro" CI="${CI:-}" TERM="${TERM:-dumb}")
	if [ -n "$user" ]; then
		in_root sh -c 'id -u "$1" >/dev/null 2>&1 || useradd --create-home "$1"' _ "$user"
		exec chroot "$target" /usr/bin/env -i "${envs[@]}" HOME="/home/$user" \
			setpriv --reuid="$user" --regid="$user" --init-groups sh -c 'cd "$0" && exec "$@"' "$cwd" "$@"
	fi
	exec chroot "$target" /usr/bin/env -i "${envs[@]}" sh -c 'cd "$0" && exec "$@"' "$cwd" "$@"
	;;
*) usage ;;
esac
