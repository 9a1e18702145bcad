// Mechanisms: component instances, connections, free ports and scenarios.
import { z } from "zod";
import { Restriction } from "./component_type.ts";
import { SignName } from "./quantity.ts";

const Identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an identifier (letters, digits, _)");
const PortRef = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/, 'expected "instance.port"');

export const Instance = z.object({
  name: Identifier,
  type: z.string().min(1).describe("component type id"),
  parameters: z.record(Identifier, SignName).default({}).describe("parameter signs overriding the type's"),
  description: z.string().optional(),
}).strict();

export const Scenario = z.object({
  id: Identifier,
  description: z.string().optional(),
  context: Restriction.default({}).describe("persistent operating-context restrictions (e.g. a source's sign)"),
  restrict: Restriction.default({}).describe("case restrictions (e.g. initial-coordinate cells)"),
}).strict();
export type Scenario = z.output<typeof Scenario>;

export const Mechanism = z.object({
  $schema: z.string().optional(),
  id: Identifier,
  title: z.string().optional(),
  provenance: z.string().optional(),
  description: z.string().optional(),
  components: z.array(Instance).min(1),
  connections: z.array(z.array(PortRef).min(2)).default([]).describe("each entry joins ports into one node"),
  free: z.array(PortRef).default([]).describe("ports deliberately left unconnected (their flow is zero)"),
  scenarios: z.array(Scenario).min(1),
  numeric: z.unknown().optional().describe("parameters for the numerical consistency check"),
}).strict();
export type Mechanism = z.output<typeof Mechanism>;
