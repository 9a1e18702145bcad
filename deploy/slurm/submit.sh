#!/bin/bash
# Submits N shards of one mech run and the merge that waits for all of them:
#   MECH_SHARDS=8 MECH_OUT=$PWD/runs/gpt-5-mini deploy/slurm/submit.sh eval --tasks mechreasoner-tasks --model gpt-5-mini
set -euo pipefail
: "${MECH_SHARDS:?set MECH_SHARDS to N, the number of shards}"
: "${MECH_OUT:?set MECH_OUT to the run directory on the shared filesystem}"
here=$(dirname "$0")
array=$(sbatch --parsable --export=ALL --array="1-$MECH_SHARDS" "$here/shards.sbatch" "$@")
merge=$(sbatch --parsable --export=ALL --dependency="afterok:${array%%;*}" "$here/merge.sbatch")
echo "shards: job $array (array 1-$MECH_SHARDS), merge: job $merge, into $MECH_OUT/merged"
