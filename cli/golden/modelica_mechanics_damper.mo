// Written by `mech export modelica` from the Mechbench mechanism mechanics_damper
// (catalog/mechanisms/mechanics_damper.json; catalog sha256 <catalog sha256>)
// for the Modelica Standard Library 4.1.0. Parameters, start values and StopTime
// are the mechanism's numeric block; each connection group is a chain of connects.
model mechanics_damper "Masses braked against a wall by a damper, a damper with a spring, and a spring-damper"
  Modelica.Mechanics.Translational.Components.Mass mass1(m=1, L=1, s(start=3, fixed=true), v(start=10, fixed=true));
  Modelica.Mechanics.Translational.Components.Damper damper1(d=25);
  Modelica.Mechanics.Translational.Components.Fixed fixed1(s0=4.5);
  Modelica.Mechanics.Translational.Components.Mass mass2(m=1, L=1, s(start=3, fixed=true), v(start=10, fixed=true));
  Modelica.Mechanics.Translational.Components.Damper damper2(d=25);
  Modelica.Mechanics.Translational.Components.Spring spring2(c=1, s_rel0=1);
  Modelica.Mechanics.Translational.Components.Fixed fixed2(s0=4.5);
  Modelica.Mechanics.Translational.Components.Mass mass3(m=1, L=1, s(start=3, fixed=true), v(start=10, fixed=true));
  Modelica.Mechanics.Translational.Components.SpringDamper springDamper3(c=1, d=25, s_rel0=1);
  Modelica.Mechanics.Translational.Components.Fixed fixed3(s0=4.5);
equation
  connect(mass1.flange_b, damper1.flange_a);
  connect(damper1.flange_b, fixed1.flange);
  connect(mass2.flange_b, damper2.flange_a);
  connect(damper2.flange_a, spring2.flange_a);
  connect(damper2.flange_b, spring2.flange_b);
  connect(spring2.flange_b, fixed2.flange);
  connect(mass3.flange_b, springDamper3.flange_a);
  connect(springDamper3.flange_b, fixed3.flange);
  annotation(uses(Modelica(version="4.1.0")), experiment(StopTime=1));
end mechanics_damper;
