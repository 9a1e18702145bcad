// MSL Rotational.Examples.First (supports on the fixed flange) and FirstGrounded.
import { type NumericModelDef, req } from "../model.ts";
import { gearedTrain } from "./rotational_geared.ts";
import { sineSignal } from "./signals.ts";

const sineDrive = (p: Record<string, number>) => ({ signal: "sine", ...sineSignal(p, "sine") });

export const mechanics_first: NumericModelDef = {
  mechanism: "mechanics_first",
  build: (block) => gearedTrain({ drive: sineDrive, withSpring: true, withSupport: true }, block),
};

export const mechanics_first_grounded: NumericModelDef = {
  mechanism: "mechanics_first_grounded",
  build: (block) => gearedTrain({ drive: sineDrive, withSpring: true, withSupport: false }, block),
};

export const mechanics_grounded_geared_dual_inertia: NumericModelDef = {
  mechanism: "mechanics_grounded_geared_dual_inertia",
  build: (block) =>
    gearedTrain({
      drive: (p) => {
        const k = req(p, "constant.k");
        return { signal: "constant", input: (): [number, number] => [k, 0] };
      },
      withSpring: false,
      withSupport: false,
    }, block),
};
