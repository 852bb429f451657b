#!/bin/bash
# Hooke's bench as a Slurm job array: one shard per array task, each on a whole node.
# Build once where the nodes can see it (scripts/run --help builds .build/release/hooke), then:
#   mkdir -p results
#   job=$(sbatch --parsable examples/fleet/slurm-array.sh)
#   sbatch --dependency=afterok:$job --wrap '.build/release/hooke report --from results/ --out fleet-report'
#SBATCH --job-name=hooke-bench
# 4 shards (0-3 works too: hooke reads SLURM_ARRAY_TASK_ID, _MIN and _COUNT); a whole node each,
# so nothing else runs while it is timed.
#SBATCH --array=1-4
#SBATCH --exclusive
#SBATCH --time=00:15:00
#SBATCH --output=results/%x-%a.log
set -euo pipefail
mkdir -p results
# --machine: the partition's node type, so every shard of this array merges into one machine.
.build/release/hooke bench --quick --shard auto \
  --machine "${SLURM_JOB_PARTITION:-slurm}" \
  --json "results/bench-${SLURM_ARRAY_TASK_ID}.json"
