// Physical domains of ports: the across and flow variable each port carries, and how
// many time derivatives of each the model declares by default.

export const PHYSICAL_DOMAINS = {
  translational: { across: "s", flow: "f", acrossDerivatives: 2, flowDerivatives: 1 },
  rotational: { across: "phi", flow: "tau", acrossDerivatives: 2, flowDerivatives: 1 },
  thermal: { across: "T", flow: "Q_flow", acrossDerivatives: 1, flowDerivatives: 1 },
  electrical: { across: "v", flow: "i", acrossDerivatives: 1, flowDerivatives: 1 },
} as const;

export type PhysicalDomain = keyof typeof PHYSICAL_DOMAINS;
export const PHYSICAL_DOMAIN_NAMES = Object.keys(PHYSICAL_DOMAINS) as PhysicalDomain[];
