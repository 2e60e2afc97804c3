# kwin_wayland under valgrind memcheck, for hosts/kwin/tests/run.sh --valgrind. Source it; it
# defines functions only.
#
# What fails a case: a report (invalid read or write, use of uninitialised memory, invalid
# free, memory definitely lost at exit) with a frame in bezel-kwin.so or libbezel.so, or no
# report at all (KWin did not exit normally). Reports whose every frame is in KWin, Qt, Mesa,
# fontconfig or the C library are not Bezel's: they are counted on a "figure:" line, not
# failed, and hosts/kwin/tests/valgrind.supp keeps only the ones understood (each documented
# there). A report's frames name the plugin by its source path (--fullpath-after= prints whole
# paths: hosts/kwin/src/...) and libbezel by its file (loaded without debug info, its Swift
# symbols from the symbol table).

# kwin_valgrind_wrap LOG ROOT: the command prefix kwin_wayland runs under.
kwin_valgrind_wrap() {
	echo "valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite" \
		"--errors-for-leak-kinds=definite --num-callers=40 --track-origins=no --fullpath-after=" \
		"--suppressions=$2/hosts/kwin/tests/valgrind.supp ${KWIN_VALGRIND_GEN:+--gen-suppressions=all} --log-file=$1"
}

# kwin_valgrind_reports LOG: one line per unsuppressed report, "bezel|other KIND | FRAME; ...",
# KIND its first line, FRAME the first six frames; "bezel" when a frame is the plugin's or
# libbezel's.
kwin_valgrind_reports() {
	awk '
		function out() { if (rec != "") print (bezel ? "bezel " : "other ") rec }
		/^==[0-9]+== (Invalid|Conditional|Use of uninit|Syscall param|Mismatched|Source and destination|[0-9,]+ (\([0-9,]+ direct, [0-9,]+ indirect\) )?bytes in [0-9,]+ blocks are definitely)/ {
			out(); rec = $0; sub(/^==[0-9]+== /, "", rec); rec = rec " |"; bezel = 0; n = 0; next
		}
		rec != "" && /^==[0-9]+==    (at|by) / {
			if ($0 ~ /hosts\/kwin\/src\/|bezel-kwin\.so|libbezel\.so|Bezel/) bezel = 1
			if (n++ < 6) { f = $0; sub(/^==[0-9]+== +(at|by) 0x[0-9A-F]+: /, "", f); rec = rec " " f ";" }
		}
		END { out() }
	' "$1"
}

# kwin_valgrind_judge LOG CASE: passes or fails CASE on LOG (above) and prints the figure.
kwin_valgrind_judge() {
	local log=$1 name=$2 reports ours others summary
	if [ ! -s "$log" ] || ! grep -q "ERROR SUMMARY:" "$log"; then
		fail "valgrind ($name): no memcheck report at $log (kwin_wayland did not exit normally?)"
		return
	fi
	reports=$(kwin_valgrind_reports "$log")
	ours=$(grep -c '^bezel ' <<<"$reports")
	others=$(grep -c '^other ' <<<"$reports")
	summary=$(sed -n 's/^==[0-9]*== ERROR SUMMARY: //p' "$log")
	echo "figure: valgrind ($name): ${summary}; reports with a frame in the plugin or libbezel: $ours; in KWin and its libraries alone: $others (counted, not Bezel's: not failed)"
	grep '^other ' <<<"$reports" | head -5 | cut -c7-400 | sed 's/^/    [kwin] /'
	if [ "$ours" = 0 ]; then
		pass "valgrind ($name): no memcheck report with a frame in bezel-kwin.so or libbezel.so, kwin_wayland run through its exit ($others in KWin and its libraries alone, counted)"
	else
		grep '^bezel ' <<<"$reports" | cut -c7-600 | sed 's/^/    [bezel] /'
		fail "valgrind ($name): $ours memcheck report(s) with a frame in bezel-kwin.so or libbezel.so (log $log)"
	fi
}
