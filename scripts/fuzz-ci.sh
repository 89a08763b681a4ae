#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for a bounded time; exits non-zero on a finding.
#
#   scripts/fuzz-ci.sh                 # every target, 30 s each (about 4 min with a fresh build
#                                      # on 2 cores; installing cargo-fuzz once adds about 4.5 min)
#   FUZZ_SECONDS=300 scripts/fuzz-ci.sh actions deserialize
#   SALON_FUZZ_STRICT=1 scripts/fuzz-ci.sh   # also report the known findings (fuzz/src/lib.rs)
#
# Installs cargo-fuzz with cargo if it is missing. The stable toolchain is enough: the
# targets are built with `--sanitizer none` (the engine is safe Rust; a finding is a panic,
# an abort, a timeout or an out-of-memory, which libFuzzer catches without a sanitizer).
# A finding is saved under fuzz/artifacts/<target>/ and the command to reproduce it is
# printed; turn it into a test in tests/reliability/test_regressions.py and copy the input
# into fuzz/corpus/<target>/. See docs/reliability.md.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_PER_TARGET=${FUZZ_SECONDS:-30}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target/fuzz}
export CARGO_TERM_COLOR=never
SANITIZER=${FUZZ_SANITIZER:-none}
# A sanitizer (FUZZ_SANITIZER=address) needs -Zsanitizer, which stable accepts only with
# RUSTC_BOOTSTRAP=1; `none` builds on plain stable (and keeps the build cache of other
# stable builds valid: cargo tracks RUSTC_BOOTSTRAP in its fingerprints).
if [ "$SANITIZER" != none ]; then export RUSTC_BOOTSTRAP=1; fi
ALL_TARGETS=(actions deserialize components game_spec network)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL_TARGETS[@]}")

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz-ci: installing cargo-fuzz (cargo install cargo-fuzz --locked)"
    cargo install cargo-fuzz --locked
fi

cd fuzz
echo "fuzz-ci: building ${TARGETS[*]} (sanitizer $SANITIZER, target dir $CARGO_TARGET_DIR)"
cargo fuzz build --sanitizer "$SANITIZER"

status=0
for target in "${TARGETS[@]}"; do
    mkdir -p "corpus/$target" "artifacts/$target"
    # New inputs go to a scratch folder; the committed corpus stays small and reviewed
    # (`cargo fuzz cmin` then copy, see docs/reliability.md).
    scratch=$(mktemp -d)
    extra=()
    case "$target" in
        actions) extra=(-max_len=4096 -len_control=0) ;;
        # Serialized states and component files of hundreds of kilobytes reach the cases that
        # once crashed; libFuzzer grows inputs towards the limit gradually (len_control).
        deserialize | components) extra=(-max_len=1048576) ;;
        game_spec) extra=(-max_len=512) ;;
        # A first byte choosing the game, then an ONNX file (the corpus holds small networks).
        network) extra=(-max_len=262144) ;;
    esac
    echo "fuzz-ci: $target for ${SECONDS_PER_TARGET}s"
    log=$(mktemp)
    if cargo fuzz run --sanitizer "$SANITIZER" "$target" "$scratch" "corpus/$target" -- \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 "${extra[@]}" >"$log" 2>&1; then
        runs=$(grep -Eo 'Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1 || true)
        echo "fuzz-ci: $target: no finding (${runs:-?})"
    else
        status=1
        echo "fuzz-ci: $target: FINDING" >&2
        grep -E -A1 'panicked at' "$log" >&2 || true
        grep -E 'ERROR|Test unit written|SUMMARY' "$log" >&2 || tail -40 "$log" >&2
        echo "fuzz-ci: reproduce with: (cd fuzz && cargo fuzz run --sanitizer $SANITIZER $target artifacts/$target/<file>)" >&2
    fi
    rm -rf "$scratch" "$log"
done
exit $status
