// Reading the converter checks' report in the audit tests: one check's result, its error
// and warning messages, and a hand-made mechanism loaded and checked as a resolved model.
import { loadMechanism } from "../model/load_mechanism.ts";
import type { MechanismModel } from "../model/model.ts";
import { checkMechanism, type MechanismReport } from "./catalog_check.ts";
import { library } from "./fixtures.test_support.ts";
import type { CheckId } from "./findings.ts";

export const check = (id: CheckId, r: MechanismReport) => r.checks.find((c) => c.id === id)!;
export const errors = (id: CheckId, r: MechanismReport) => check(id, r).errors.map((f) => f.message);
export const warnings = (id: CheckId, r: MechanismReport) => check(id, r).warnings.map((f) => f.message);
export const load = (f: { file: string; data: unknown }): MechanismModel => loadMechanism(f.data, f.file, library());
export const run = (model: MechanismModel, data?: unknown) => checkMechanism(model, { library: library(), data });
