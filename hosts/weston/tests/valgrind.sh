# weston under valgrind memcheck, for the weston tests' --valgrind mode (hosts/weston/tests/run.sh
# --valgrind, hosts/weston/tests/run.sh --hostile --valgrind). Source it; it defines functions only.
#
# What fails a run: any error valgrind reports that hosts/weston/tests/valgrind.supp does not
# suppress: an invalid read or write, a use of uninitialised memory, an invalid free, or memory
# definitely lost at exit. tests/input/umockdev.supp holds umockdev's own report (its preload,
# test equipment). hosts/weston/tests/valgrind.supp holds only reports whose every frame is in
# weston, libwayland, libinput or the C library (documented there, one by one); anything with a
# frame in bezel-weston.so or libbezel.so is never suppressed. Each report is printed with
# whether a Bezel frame is in its stack.
#
# The Swift toolchain's DWARF 5 debug info makes Debian's valgrind give up on a library, so
# weston loads a copy of the installed libbezel.so without debug info (tests/lib/product.sh
# product_strip_debug); the module itself is compiled with -gdwarf-4.

# valgrind_wrap LOGDIR ROOT: the command prefix weston runs under (lib.sh's WESTON_WRAP). Each
# weston writes LOGDIR/weston-PID.log (its pid is the one in DIR/weston.pid: the wrapper execs).
valgrind_wrap() {
	mkdir -p "$1"
	echo "valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite" \
		"--errors-for-leak-kinds=definite --num-callers=40 --track-origins=no" \
		"--suppressions=$2/hosts/weston/tests/valgrind.supp --suppressions=$2/tests/input/umockdev.supp" \
		"--gen-suppressions=all" \
		"--log-file=$1/weston-%p.log"
}

# valgrind_verdict LOG: 0 when LOG ends with "ERROR SUMMARY: 0 errors"; otherwise prints each
# unsuppressed report's first lines, marked [bezel] when a frame is in the module or libbezel.
valgrind_verdict() {
	local log=$1
	if [ ! -s "$log" ]; then
		echo "    no valgrind log at $log"
		return 1
	fi
	if ! grep -q "ERROR SUMMARY:" "$log"; then
		echo "    valgrind log $log has no summary (weston did not exit normally?)"
		return 1
	fi
	if grep -q "ERROR SUMMARY: 0 errors" "$log"; then
		return 0
	fi
	awk '
		/^==[0-9]+== (Invalid|Conditional|Use of uninit|Syscall param|Mismatched|[0-9,]+ bytes in [0-9,]+ blocks are definitely)/ {
			if (rec != "") print (bezel ? "    [bezel] " : "    [other] ") rec
			rec = $0; sub(/^==[0-9]+== /, "", rec); bezel = 0; n = 0; next
		}
		rec != "" && /^==[0-9]+==    (at|by) / {
			if ($0 ~ /bezel-weston|libbezel|libBezelPlugin|bezel_|Bezel/) bezel = 1
			if (n++ < 6) { f = $0; sub(/^==[0-9]+== +/, "", f); rec = rec "\n        " f }
		}
		END { if (rec != "") print (bezel ? "    [bezel] " : "    [other] ") rec }
	' "$log" | head -120
	grep "ERROR SUMMARY" "$log" | sed 's/^==[0-9]*== /    /'
	return 1
}
