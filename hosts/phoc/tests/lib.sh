# phoc on the patched hosts' library (hosts/patched/tests/lib.sh, sourced first with
# COMP_LABEL=phoc): how comp_start runs it. Sourced by hosts/phoc/tests/run.sh and by the
# toolkit suite (tests/toolkits/run.sh --hosts ...,phoc).

# phoc's compiled GSettings schema, installed by hosts/phoc/build.sh beside the binary.
SCHEMAS=$OUT/prefix/share/glib-2.0/schemas

# The compositor of comp_start: patched phoc with DIR/phoc.ini ([bezel] included), or
# (VARIANT=unpatched) the tarball's phoc, whose phoc.ini has no [bezel]. The session is
# primary-client (maps nothing) under `timeout`; phoc ends when it ends. PHOC_SCALE: the
# output's scale; PHOC_SCALE_TO_FIT=1: phoc's scale-to-fit setting on (a keyfile GSettings
# backend in the case's HOME instead of the memory one).
comp_prepare() {
	local backend=memory
	if [ "${PHOC_SCALE_TO_FIT:-0}" = 1 ]; then
		backend=keyfile
		mkdir -p "$DIR/.config/glib-2.0/settings"
		printf '[sm/puri/phoc]\nscale-to-fit=true\n' >"$DIR/.config/glib-2.0/settings/keyfile"
	fi
	{
		echo "[core]"
		echo "xwayland=false"
		echo "[output:HEADLESS-1]"
		echo "scale=${PHOC_SCALE:-1}"
		if [ "${VARIANT:-patched}" != unpatched ]; then
			echo "[bezel]"
			bezel_settings
		fi
	} >"$DIR/phoc.ini"
	# phoc 0.24 runs the session through sh -c; 0.46 splits it into a command line itself.
	local session="exec timeout 900 $PRIMARY"
	[ "$COMP_VERSION" = 0.24 ] || session="timeout 900 $PRIMARY"
	COMP_CMD=(env GSETTINGS_BACKEND=$backend GSETTINGS_SCHEMA_DIR="$SCHEMAS" "$(comp_variant_bin)" -C "$DIR/phoc.ini"
		-E "$session")
	COMP_READY=$PRIMARY_READY
}
