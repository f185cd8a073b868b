#!/usr/bin/env bash
# The figures of docs/web.md's "Load" section: the load table and the three floods, each a JSON file in
# benchmarks/results/<label>-*.json (label: before, after…). Run from the checkout with its code importable:
#   PYTHONPATH=$PWD/src benchmarks/bench_web_table.sh after
# About 16 minutes; every run is bounded and stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
label=${1:?usage: $0 LABEL}
py=${PYTHON:-python}
out=benchmarks/results
mkdir -p "$out"
run() { local name=$1; shift; echo "== $name: bench_web.py $*" >&2; "$py" benchmarks/bench_web.py --json "$@" > "$out/$label-$name.json"; }
for n in 10 50 100 200 400; do run "load-sqlite-$n" --tables "$n" --seconds 25; done
for n in 10 100 400; do run "load-postgresql-$n" --tables "$n" --seconds 25 --db postgresql; done
run flood-spectators --flood spectators --spectators 1000 --seconds 30
run flood-spectators-spread --flood spectators --spectators 1000 --attack-addresses 100 --seconds 30
run flood-bots --flood bots --bot-tables 60 --level expert --seconds 30
run flood-bots-watched --flood bots --bot-tables 60 --level expert --bot-watch --seconds 30
run flood-replay --flood replay --replayers 2 --uploaders 1 --seconds 30
# Caps lifted or the attacker spread: these need the serve options of issue 16's fixes (skipped on older code).
run flood-spectators-uncapped --flood spectators --spectators 1000 --seconds 30 --serve-arg=--max-sockets \
  --serve-arg=2000 --serve-arg=--max-spectators --serve-arg=2000 || echo "skipped: this server has no such options" >&2
run flood-bots-watched-spread --flood bots --bot-tables 60 --level expert --bot-watch --attack-addresses 10 --seconds 30
