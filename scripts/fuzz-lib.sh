# What scripts/fuzz and scripts/fuzz-compare share: configuring the fuzz builds, the list of
# targets a build has, and the libFuzzer options of each. Sourced, not run.
# Uses $root, the checkout the sourcing script runs from.

# Configures build directory $1 from the `fuzz` preset when it has not been; with $2 = coverage,
# clang's source-based coverage instead of the sanitizers (the counters alone, so that every
# corpus runs fast and nothing aborts).
fuzz_configure() {
    local build=$1 kind=${2:-}
    [[ ! -f "$build/build.ninja" ]] || return 0
    if [[ $kind == coverage ]]; then
        cmake -S "$root" -B "$build" --preset fuzz \
            -DCMAKE_CXX_FLAGS="-fprofile-instr-generate -fcoverage-mapping" \
            -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate"
    else
        cmake -S "$root" -B "$build" --preset fuzz
    fi
}

# Reads build $1's target list (fuzz/targets.txt, written by fuzz/CMakeLists.txt) into
# fuzz_info[target] = "format max_len dictionary" (format and dictionary "-" for none) and
# fuzz_targets (in the build's order).
fuzz_read_targets() {
    declare -gA fuzz_info=()
    fuzz_targets=()
    local t format max_len dict
    while read -r t format max_len dict; do
        fuzz_info[$t]="$format $max_len $dict"
        fuzz_targets+=("$t")
    done <"$1/fuzz/targets.txt"
}

# The libFuzzer options every run of target $1 takes, one per line: its -max_len and dictionary,
# and the frequency above which a feature stops counting as rare. libFuzzer 14 looks every feature
# of every execution up in its list of rare features, one by one, and keeps every feature on that
# list until one has been seen 255 times (the default): for the first several hundred executions,
# which is all of a smoke run, that scan took as much CPU as the models' parsers. From 16 the list
# is trimmed to the 100 rarest early, as it is anyway later in a long campaign.
fuzz_target_options() {
    local format max_len dict
    read -r format max_len dict <<<"${fuzz_info[$1]}"
    echo "-max_len=$max_len"
    echo "-entropic_feature_frequency_threshold=16"
    [[ $dict == - ]] || echo "-dict=$dict"
}
