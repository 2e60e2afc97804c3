# The one command line of every host runner (hosts/NAME/tests/run.sh). Source it, then call
# `runner_args "$@"`; it sets the variables below and defines `want`.
#
#   hosts/NAME/tests/run.sh [CASE...] [--only CASE]... [--release] [--valgrind] [--latency N]
#                           [--hostile [--rounds N] [--seed S]]
#                           [--scale [--idle N] [--create N] [--toplevels N]]
#                           [--build-only] [--except CASE]...
#
#   CASE, --only CASE  run only these cases or groups (a host's header lists its names); both
#                      spellings mean the same, and naming none runs them all
#   --release          build the product optimised (CONFIG=release; CONFIG=debug otherwise)
#   --valgrind         run the compositor under valgrind memcheck (VALGRIND=1)
#   --latency N        also measure the added latency over N taps (LATENCY=N; 0: not measured)
#   --hostile          the shared hostile course (tests/hosts/hostile.sh) instead (COURSE=hostile)
#   --rounds N         its rounds (ROUNDS; default 56, 14 under valgrind, or RUNNER_ROUNDS)
#   --seed S           its random seed (SEED, default 1)
#   --scale            its scale part instead (COURSE=scale) with IDLE (50000) idle surfaces,
#                      CREATE (25000) created, TOPLEVELS (10000) mapped
#   --build-only       build and stop (BUILD_ONLY=1)
#   --except CASE      leave this case of the shared table out (EXCEPT): for a group whose host
#                      has a case it cannot run for a reason outside Bezel (HOST_SKIP, which a CI
#                      run counts as a failure); the group's line in scripts/test.sh says why
#
# A runner with options of its own names them before calling runner_args: RUNNER_EXTRA_OPTS
# ("--name" words taking one value, which lands in RUNNER_OPT[--name]) and RUNNER_EXTRA_FLAGS
# ("--name" words taking none; RUNNER_OPT[--name] is then 1).
declare -gA RUNNER_OPT=()

# runner_usage: the usage line, on standard error
runner_usage() {
	echo "usage: $0 [CASE...] [--only CASE]... [--release] [--valgrind] [--latency N] [--hostile [--rounds N] [--seed S]] [--scale [--idle N] [--create N] [--toplevels N]] [--build-only] [--except CASE]...${RUNNER_EXTRA_OPTS:+ (also: $RUNNER_EXTRA_OPTS VALUE)}${RUNNER_EXTRA_FLAGS:+ (also: $RUNNER_EXTRA_FLAGS)}" >&2
}

# runner_args ARG...: parses the runner's arguments; exits 2 on an unknown option. The defaults
# are set here, not when the file is sourced, so that sourcing it never resets what a runner
# has set itself.
runner_args() {
	LATENCY=0 CONFIG=debug VALGRIND=0 BUILD_ONLY=0 COURSE= ROUNDS= SEED=1
	IDLE=50000 CREATE=25000 TOPLEVELS=10000
	CASES=() EXCEPT=()
	while [ $# -gt 0 ]; do
		case $1 in
		--only) CASES+=("$2"); shift ;;
		--except) EXCEPT+=("$2"); shift ;;
		--release) CONFIG=release ;;
		--valgrind) VALGRIND=1 ;;
		--latency) LATENCY=$2; shift ;;
		--hostile) COURSE=hostile ;;
		--scale) COURSE=scale ;;
		--rounds) ROUNDS=$2; shift ;;
		--seed) SEED=$2; shift ;;
		--idle) IDLE=$2; shift ;;
		--create) CREATE=$2; shift ;;
		--toplevels) TOPLEVELS=$2; shift ;;
		--build-only) BUILD_ONLY=1 ;;
		--help | -h) runner_usage; exit 0 ;;
		-*)
			case " ${RUNNER_EXTRA_OPTS:-} | ${RUNNER_EXTRA_FLAGS:-} " in
			*" $1 "*"|"*) RUNNER_OPT[$1]=$2; shift ;;
			*"|"*" $1 "*) RUNNER_OPT[$1]=1 ;;
			*) echo "unknown option $1" >&2; runner_usage; exit 2 ;;
			esac
			;;
		*) CASES+=("$1") ;;
		esac
		shift
	done
	# Under memcheck a hostile round takes 1 to 15 s: two rounds of each ending by default.
	# A runner whose rounds are something else sets RUNNER_ROUNDS (its default) first.
	[ -z "$ROUNDS" ] && ROUNDS=${RUNNER_ROUNDS:-}
	[ -z "$ROUNDS" ] && { [ "$VALGRIND" = 1 ] && ROUNDS=14 || ROUNDS=56; }
	return 0
}

# want NAME: true when NAME is to run (no case named, or NAME among them)
want() {
	[ -z "${CASES[*]:-}" ] && return 0
	case " ${CASES[*]} " in *" $1 "*) return 0 ;; *) return 1 ;; esac
}
