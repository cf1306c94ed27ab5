#!/usr/bin/env bash
# Runs a pongsim study as a Slurm array of N shards and merges them in a job that waits for
# all of them. From the repository folder (after npm ci):
#   experiments/cluster/slurm.sh submit 8 wolnamppong-strategies --games 1000000 --seed 7
# Each array task runs `pongsim run STUDY OPTIONS --shard auto/N --out parts/STUDY` (its slice
# from SLURM_ARRAY_TASK_ID); the merge job writes results/STUDY. PONGSIM overrides the command.
#SBATCH --job-name=pongsim
#SBATCH --cpus-per-task=2
set -euo pipefail
pongsim=${PONGSIM:-npx pongsim}
mode=${1:?usage: slurm.sh submit N STUDY [OPTIONS...]}
shift
case "$mode" in
  submit)
    n=$1
    shift
    jid=$(sbatch --parsable --array=1-"$n" "$0" shard "$n" "$@")
    sbatch --dependency=afterok:"$jid" "$0" merge "$n" "$@"
    ;;
  shard)
    n=$1 study=$2
    shift 2
    $pongsim run "$study" "$@" --shard auto/"$n" --out "parts/$study"
    ;;
  merge)
    study=$2
    $pongsim merge "parts/$study"/*.partial.json --out "results/$study"
    ;;
  *)
    echo "slurm.sh: unknown mode $mode; allowed: submit, shard, merge" >&2
    exit 2
    ;;
esac
