// Verification's costly part as units of work (engine/parallel): one unit per (mechanism,
// family) run of tasks, each task's prompt counted and its gold rechecked (checkTask). A
// worker keeps the sessions of the mechanism it last rechecked, so tasks of one mechanism
// share them as generation shares Z_M. Which worker rechecked a task never changes its
// check: the sessions only memoize what the catalog implies.
import type { MechanismModel } from "../model/model.ts";
import type { UnitHandler } from "../parallel/units.ts";
import { RecheckSessions } from "./recheck_sessions.ts";
import { checkTask, type TaskCheck } from "./verify.ts";
import { withSolveCache } from "../solve/solver.ts";

/** The setup every worker gets: the catalog's models of the benchmark's mechanisms. */
export interface VerifyInit {
  models: MechanismModel[];
}

/** Tasks of one mechanism (its index in VerifyInit.models, or -1 when the catalog has none). */
export interface VerifyUnit {
  model: number;
  tasks: { family: string; prompt: string; audit?: unknown }[];
}

export const verifyHandler: UnitHandler<VerifyInit, VerifyUnit, TaskCheck[], number> = (init) => {
  let shared: RecheckSessions | undefined;
  return (unit, emit) => {
    const model = unit.model >= 0 ? init.models[unit.model] : undefined;
    if (model && shared?.model !== model) shared = new RecheckSessions(model);
    const run = () =>
      unit.tasks.map((t) => {
        const check = checkTask(t, t.audit, model, model && shared);
        emit(1);
        return check;
      });
    // a mechanism's rechecks reuse the kernel results its sessions' solves repeat
    return model && shared ? withSolveCache(shared.results, run) : run();
  };
};

/** The worker module that serves verifyHandler. */
export const VERIFY_WORKER: URL = new URL("./verify_worker.ts", import.meta.url);
