// Component types: ports, parameters, variables, laws, local states and transitions.
import { z } from "zod";
import { QuantitySpace, SignName } from "./quantity.ts";
import { TermInput } from "./terms.ts";
import { PHYSICAL_DOMAIN_NAMES } from "./physical_domains.ts";

const Identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an identifier (letters, digits, _)");
const LocalRef = z.string().min(1).describe("a variable of this component type, e.g. v, flange_a.f, d1__v");

/** Allowed cells per variable, e.g. {"v": ["positive"]}. */
export const Restriction = z.record(z.string().min(1), z.array(z.string().min(1)).min(1));
export type Restriction = z.infer<typeof Restriction>;

export const Law = z.object({
  id: Identifier.optional().describe("law id; defaults to law_<content hash>"),
  description: z.string().optional(),
  terms: z.array(TermInput).min(1).describe("the confluence: the qualitative sum of these terms is zero"),
  d1: z.boolean().default(false).describe("also instantiate the first time derivative of the law (id.d1)"),
}).strict();
export type Law = z.output<typeof Law>;

export const Port = z.object({
  name: Identifier,
  domain: z.enum(PHYSICAL_DOMAIN_NAMES as [string, ...string[]]),
  derivatives: z.object({
    across: z.int().min(0).max(3).optional(),
    flow: z.int().min(0).max(3).optional(),
  }).strict().optional().describe("override the domain's default derivative orders"),
}).strict();

export const Parameter = z.object({
  name: Identifier,
  sign: SignName.describe("the parameter's known sign (its fixed cell)"),
  description: z.string().optional(),
}).strict();

export const Variable = z.object({
  name: Identifier,
  space: z.string().default("sign").describe('"sign" or the name of a space in `spaces`'),
  derivatives: z.int().min(0).max(3).default(0).describe("how many time derivatives (d1__name, d2__name, ...) to declare"),
  description: z.string().optional(),
}).strict();

export const LocalState = z.object({
  name: Identifier,
  description: z.string().optional(),
  restrict: Restriction.default({}),
  laws: z.array(Law).default([]).describe("laws active only in this state"),
}).strict();

export const Transition = z.object({
  from: Identifier,
  to: Identifier,
  event: LocalRef.optional().describe("event coordinate: the variable whose termination event drives the change"),
  source: Restriction.default({}).describe("source guard H-: cells the source interpretation must take"),
  target: Restriction.default({}).describe("target guard H+: cells the target interpretation must take"),
  description: z.string().optional(),
}).strict();

const Guard = z.string().min(1).describe('a comparison "lhs <op> rhs" with <op> one of < <= > >=, over parameters and variables');

export const QuantitativeMode = z.object({
  name: Identifier,
  equations: z.array(z.string().min(1)).default([]).describe("equations holding in this mode, added to the shared ones"),
  initial: z.array(Guard).default([]).describe("the mode is chosen at the start when all these hold, solved with this mode's equations (the first such mode in order)"),
  transitions: z.array(z.object({
    to: Identifier,
    when: z.array(Guard).min(1).describe("all must hold; the switch happens at the first time they do"),
    reset: z.record(Identifier, z.string().min(1)).default({}).describe("variables set at the switch, to expressions over parameters"),
  }).strict()).default([]),
}).strict();

export const Quantitative = z.object({
  equations: z.array(z.string().min(1)).min(1).describe('equations "lhs = rhs" over parameters, variables, port variables (flange_a.f), time, pi; der(x) is the time derivative of x (docs/semantics.md, "Quantitative behaviour")'),
  states: z.array(Identifier).default([]).describe("variables integrated by the numerical check (their der() appears in the equations)"),
  constants: z.array(Identifier).default([]).describe("numeric-only parameters (no qualitative sign), e.g. a sine's frequency"),
  defaults: z.record(Identifier, z.number()).default({}).describe("values of parameters or constants a numeric block may omit"),
  landmarks: z.record(Identifier, z.record(Identifier, z.string().min(1))).default({}).describe("numeric values of a variable's named landmarks, as expressions over parameters"),
  period: z.string().min(1).optional().describe("the period of a periodic source, as an expression over parameters"),
  modes: z.array(QuantitativeMode).min(2).optional().describe("modes of a switching component (a stick–slip brake): each adds its equations to the shared ones; guards switch between them (docs/semantics.md, \"Modes\")"),
}).strict();
export type Quantitative = z.output<typeof Quantitative>;

export const ComponentType = z.object({
  id: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, "expected a dotted identifier such as thermal.HeatCapacitor"),
  description: z.string().optional(),
  msl: z.string().optional().describe("the Modelica class this type abstracts"),
  ports: z.array(Port).default([]),
  parameters: z.array(Parameter).default([]),
  spaces: z.record(Identifier, QuantitySpace).default({}),
  variables: z.array(Variable).default([]),
  laws: z.array(Law).default([]).describe("laws active in every state"),
  restrict: Restriction.default({}).describe("domain restrictions in every state"),
  states: z.array(LocalState).default([]).describe("local states; none means the single state `unconditional`"),
  transitions: z.array(Transition).default([]),
  quantitative: Quantitative.optional().describe("equations for the numerical check"),
}).strict();
export type ComponentType = z.output<typeof ComponentType>;

export const ComponentLibraryFile = z.object({
  $schema: z.string().optional(),
  description: z.string().optional(),
  types: z.array(ComponentType),
}).strict();
export type ComponentLibraryFile = z.output<typeof ComponentLibraryFile>;

export const UNCONDITIONAL = "unconditional";
