// Physical domains of ports: the across and flow variable each port carries, and how
// many time derivatives of each the model declares by default. A signal port (block
// inputs and outputs such as Sine.y → Force.f) carries one value and no flow; its
// variable is named after the port itself (`sine.y`, not `sine.y.value`), hence the
// empty across name.

/** The physical domains a port may belong to. */
export type PhysicalDomain = "translational" | "rotational" | "thermal" | "electrical" | "signal";

export interface DomainSpec {
  across: string;
  flow: string | null;
  acrossDerivatives: number;
  flowDerivatives: number;
}

export const PHYSICAL_DOMAINS: Record<PhysicalDomain, DomainSpec> = {
  translational: { across: "s", flow: "f", acrossDerivatives: 2, flowDerivatives: 1 },
  rotational: { across: "phi", flow: "tau", acrossDerivatives: 2, flowDerivatives: 1 },
  thermal: { across: "T", flow: "Q_flow", acrossDerivatives: 1, flowDerivatives: 1 },
  electrical: { across: "v", flow: "i", acrossDerivatives: 1, flowDerivatives: 1 },
  signal: { across: "", flow: null, acrossDerivatives: 1, flowDerivatives: 0 },
};

export const PHYSICAL_DOMAIN_NAMES = Object.keys(PHYSICAL_DOMAINS) as PhysicalDomain[];
