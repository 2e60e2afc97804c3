# The product as it is installed, for every test: meson-shim builds it and installs it into a
# scratch prefix, and tests link against and load what is there. No test script compiles a
# product source (hosts/*/src, hosts/*/compositor, Sources, clients) itself.
# Source it after setting ROOT; it defines functions only.
#
#   product_install CONFIG
#       CONFIG debug or release. Builds and installs the product through meson-shim
#       (meson setup BUILD meson-shim --prefix PREFIX -Dtest-rigs=true ..., ninja install) into
#       PRODUCT_PREFIX=BASE/CONFIG, from the build folder BASE/build-CONFIG, where BASE is
#       $BEZEL_TEST_PREFIX (scripts/test.sh exports it: every group of one run shares one
#       install per configuration) or, for a runner run alone, $SCRATCH/product. The Swift
#       build reuses the SwiftPM scratch path $BEZEL_SWIFT_SCRATCH or $SCRATCH (meson-shim -Dswift-scratch), in CONFIG
#       (-Dswift-config). Two suites asking at once take turns (flock on BUILD/.lock); ninja and
#       SwiftPM rebuild what changed. Sets PRODUCT_PREFIX, PRODUCT_LIB (its libdir), PROBE
#       (bezel-input-probe, installed by -Dtest-rigs) and INC (its bezel.h), and puts
#       PRODUCT_LIB/pkgconfig first on PKG_CONFIG_PATH (pkg-config bezel, bezel-client, ...).
#       Returns 1 after printing the build log's tail when the build or install fails.
#   product_meson_install BUILD PREFIX LOG [MESON_OPTION...]
#       for the install tests: meson-shim configured in BUILD (reconfigured when it exists) with
#       --prefix PREFIX and the options, built and installed; the Swift build in
#       $BEZEL_INSTALL_SCRATCH when set (scripts/test.sh: the package's .build; alone: meson-shim's
#       own scratch in BUILD). Output in LOG.setup and LOG.build. Returns 1 when the setup
#       fails, 2 when the build or install does.
#   product_link
#       compiler flags to link a test program against the installed libbezel.so (pkg-config
#       bezel, and a run path to PRODUCT_LIB).
#   product_strip_debug DIR
#       writes DIR/libbezel.so.0, the installed library without debug info, and prints DIR: put
#       first on LD_LIBRARY_PATH for valgrind runs (Debian's valgrind cannot read the DWARF 5
#       debug info of the Swift toolchain, and gives up on the whole library).
#   product_pc_without DIR PATTERN...
#       fills DIR with a link to every .pc file on pkg-config's search path (the first of each
#       name, the one pkg-config reads) except those whose name matches a PATTERN (a case
#       pattern: wayfire.pc, wlroots-*.pc): with PKG_CONFIG_LIBDIR=DIR, meson-shim's setup sees
#       this machine without those packages.
#   product_option_missing OPTION NAME PCDIR WORK CAUSE SUMMARY WHAT
#       the case of meson-shim's -DOPTION where NAME cannot be found (PKG_CONFIG_LIBDIR=PCDIR,
#       from product_pc_without), setup folders and logs in WORK: 'enabled' fails the setup
#       and its log names OPTION and holds CAUSE (grep -i pattern); 'auto' configures and its
#       summary has SUMMARY (grep -E pattern): WHAT (the pass line's words) is not built.
#
# Host modules: weston, wlroots, Wayfire, the client library and GTK 4 bindings are built when
# their dependencies are there ('auto'); KWin's plugin is not (its runner builds in a folder of
# its own). C and C++ carry DWARF 4 debug info, for the same valgrind, and are built with -Wall -Wextra
# -Werror (meson's warning_level 2 and werror): a warning in product code fails every test.

# product_install CONFIG
product_install() {
	local config=${1:-debug} base build log rc
	base=${BEZEL_TEST_PREFIX:-${SCRATCH:?SCRATCH or BEZEL_TEST_PREFIX must be set}/product}
	build=$base/build-$config
	PRODUCT_PREFIX=$base/$config
	PRODUCT_LIB=$PRODUCT_PREFIX/lib
	PROBE=$PRODUCT_PREFIX/libexec/bezel/bezel-input-probe
	INC=$PRODUCT_PREFIX/include
	mkdir -p "$build"
	log=$build/install-$BASHPID.log
	echo "== installing the product through meson-shim ($config, prefix $PRODUCT_PREFIX)"
	(
		# Bounded: a whole Swift build of the package takes minutes on a loaded machine.
		if ! flock -w 1800 9; then
			echo "timeout: 1800 s waiting for the lock of $build (another suite's product build)"
			exit 1
		fi
		if [ ! -f "$build/build.ninja" ]; then
			meson setup "$build" "$ROOT/meson-shim" --prefix "$PRODUCT_PREFIX" --libdir lib \
				--buildtype debugoptimized -Dc_args=-gdwarf-4 -Dcpp_args=-gdwarf-4 \
				-Dswift-scratch="${BEZEL_SWIFT_SCRATCH:-${SCRATCH:-$base/swiftpm}}" -Dswift-config="$config" \
				-Dtest-rigs=true -Dkwin=disabled -Dwarning_level=2 -Dwerror=true || exit 1
		fi
		ninja -C "$build" install
	) 9>"$build/.lock" >"$log" 2>&1
	rc=$?
	if [ $rc != 0 ]; then
		tail -30 "$log"
		echo "product build failed (log $log)"
		return 1
	fi
	rm -f "$log"
	export PKG_CONFIG_PATH=$PRODUCT_LIB/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
}

# product_meson_install BUILD PREFIX LOG [MESON_OPTION...]
product_meson_install() {
	local build=$1 prefix=$2 log=$3
	shift 3
	local setup=()
	[ -d "$build" ] && setup=(--reconfigure)
	meson setup "${setup[@]}" "$build" "$ROOT/meson-shim" --prefix "$prefix" \
		${BEZEL_INSTALL_SCRATCH:+-Dswift-scratch="$BEZEL_INSTALL_SCRATCH"} "$@" >"$log.setup" 2>&1 || return 1
	{ ninja -C "$build" && ninja -C "$build" install; } >"$log.build" 2>&1 || return 2
}

# product_link: flags linking a test program against the installed libbezel.so
product_link() {
	echo "$(pkg-config --cflags --libs bezel) -Wl,-rpath,$PRODUCT_LIB"
}

# product_strip_debug DIR
product_strip_debug() {
	mkdir -p "$1"
	objcopy --strip-debug "$PRODUCT_LIB/libbezel.so.0" "$1/libbezel.so.0" && echo "$1"
}

# product_pc_without DIR PATTERN...
product_pc_without() {
	local dir=$1 d pc name pattern
	shift
	mkdir -p "$dir"
	for d in $(pkg-config --variable pc_path pkg-config | tr ':' ' '); do
		for pc in "$d"/*.pc; do
			name=${pc##*/}
			for pattern in "$@"; do
				# shellcheck disable=SC2254 # PATTERN is a pattern
				case $name in $pattern) continue 2 ;; esac
			done
			[ -e "$pc" ] && [ ! -e "$dir/$name" ] && ln -s "$pc" "$dir/"
		done
	done
	return 0
}

# product_option_missing OPTION NAME PCDIR WORK CAUSE SUMMARY WHAT
product_option_missing() {
	local opt=$1 name=$2 pcdir=$3 work=$4 cause=$5 summary=$6 what=$7
	local log=$work/no-$opt-enabled.log
	if PKG_CONFIG_LIBDIR=$pcdir meson setup "$work/no-$opt-enabled" "$ROOT/meson-shim" -D"$opt"=enabled >"$log" 2>&1; then
		fail "-D$opt=enabled without $name should fail meson setup, but it succeeded"
	elif grep -q "$opt" "$log" && grep -qi "$cause" "$log"; then
		pass "-D$opt=enabled without $name fails meson setup and names the dependency"
	else
		tail -10 "$log"
		fail "-D$opt=enabled without $name failed for another reason"
	fi
	log=$work/no-$opt-auto.log
	if PKG_CONFIG_LIBDIR=$pcdir meson setup "$work/no-$opt-auto" "$ROOT/meson-shim" -D"$opt"=auto >"$log" 2>&1 &&
		grep -qE "$summary" "$log"; then
		pass "-D$opt=auto without $name configures; the summary says $what"
	else
		tail -10 "$log"
		fail "-D$opt=auto without $name"
	fi
}
