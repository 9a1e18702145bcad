// Race the rolling ball and the frictionless block over 1.5 m; report the winner and the gap.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 40;
const S = 1.5;
const GS = 9.81 * Math.sin(Math.PI / 6);

export const reference: ReferenceProcedure = {
  summary: "step 5 ms at a time reading both positions until both have moved 1.5 m (interpolated times); report [id of the earlier, gap]",
  *run() {
    const [a0, b0] = yield [
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "get_position", parameters: { object_id: "object_2" } },
    ];
    const ids = ["object_1", "object_2"];
    const starts = [a0.result!.position as number[], b0.result!.position as number[]];
    const prevD = [0, 0];
    const prevT = [a0.result!.time as number, a0.result!.time as number];
    const done: (number | null)[] = [null, null];
    for (let batch = 0; batch < 10; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: ids[0] } },
          { tool: "get_position", parameters: { object_id: ids[1] } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        for (let k = 0; k < 2; k++) {
          if (done[k] !== null) continue;
          const p = res[3 * i + 1 + k].result!;
          const x = p.position as number[];
          const s = starts[k];
          const d = Math.hypot(x[0] - s[0], x[1] - s[1], x[2] - s[2]);
          const t = p.time as number;
          if (d >= S) done[k] = prevT[k] + ((S - prevD[k]) / (d - prevD[k])) * (t - prevT[k]);
          prevD[k] = d;
          prevT[k] = t;
        }
        if (done[0] !== null && done[1] !== null) {
          const winner = done[0] < done[1] ? 1 : 2;
          return [winner, Math.round(Math.abs(done[0] - done[1]) * 1000) / 1000];
        }
      }
    }
    throw new Error("the race did not finish");
  },
  closedForm: { value: [2, Math.sqrt((2 * S) / ((5 / 7) * GS)) - Math.sqrt((2 * S) / GS)], tolerance: 0.05, formula: "[2, √(2s/((5/7)g sin θ)) − √(2s/(g sin θ))] with s = 1.5, θ = 30°" },
};
