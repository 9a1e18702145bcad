import { describe, expect, it } from "vitest";
import { ToolCall } from "../protocol.ts";
import { DROPPED_BALL, PUSHED_BOX, SPHERE_ON_RAMP, WORKED_EXAMPLES } from "./examples.ts";
import { buildPrompt, renderToolDoc, SceneInfo, type SceneInfoInput } from "./prompt.ts";
import { extractCalls } from "./protocols.ts";
import { FAKE_SCENE, FAKE_SPECS } from "./agent.test_support.ts";
import { TOOL_SPECS } from "../tools/toolbox.ts";
import { PUBLISHED_SCENES_PRESENT, publishedScene } from "../sim/fixtures.test_support.ts";
import { sceneSetup } from "../setup.ts";
import { builtinScene } from "../../../scenes/mod.ts";

const base = { scene: FAKE_SCENE, specs: FAKE_SPECS, budget: 7 } as const;

describe("buildPrompt", () => {
  const p = buildPrompt({ ...base, strategy: "zero-shot", protocol: "text" });

  it("states the scene, the task and the problem type", () => {
    expect(p.user).toContain("Scene: Falling ball (scene fake1)");
    expect(p.user).toContain(`Task: ${FAKE_SCENE.task}`);
    expect(p.user).toContain("Problem type: calculation");
  });

  it("lists visible objects with their permitted attributes only, never hidden ones", () => {
    expect(p.user).toContain("- object_1: ball; permitted attributes: geom_type; body_pos\n");
    expect(p.user).toContain("- object_2: box; permitted attributes: geom_type; body_mass\n");
    expect(p.user).not.toContain("marker");
    expect(p.user).not.toContain("object_3");
  });

  it("prints each permitted attribute with its value when the scene data gives it", () => {
    const scene = {
      ...FAKE_SCENE,
      values: {
        "1": { geom_type: "sphere", body_pos: [-10, -0.6, 0], body_mass: 0.5 },
        "2": { geom_type: "box", body_mass: 2.0000000000000004 },
        "3": { geom_type: "sphere" },
      },
    };
    const user = buildPrompt({ ...base, scene, strategy: "zero-shot", protocol: "text" }).user;
    // body_mass is not permitted for object_1: its value is not shown; floating-point noise is not either
    expect(user).toContain("- object_1: ball; permitted attributes: geom_type: sphere; body_pos: [-10, -0.6, 0]\n");
    expect(user).toContain("- object_2: box; permitted attributes: geom_type: box; body_mass: 2\n");
    expect(user).not.toContain("marker");
    expect(user).toMatch(/values are those at the start \(t = 0\)/);
  });

  it("documents every tool from its spec", () => {
    for (const s of FAKE_SPECS) expect(p.user).toContain(`- ${s.name}(`);
    expect(p.user).toContain("- step(duration: number): Advance the simulation by duration seconds.\n    duration: seconds");
    expect(p.user).toContain("- set_velocity(object_id: string, velocity_vector: [number, number, number])");
    expect(p.user).toContain("- get_potential_energy(object_id: string, mass: number, gravity: number = 9.81)");
    expect(p.user).toContain("- answer(answer: string | number)");
  });

  it("states conventions, answer format and the iteration budget explicitly", () => {
    expect(p.user).toMatch(/z vertical pointing up/);
    expect(p.user).toMatch(/SI units/);
    expect(p.user).toContain("at most 7 iterations (I_max = 7)");
    expect(p.user).toMatch(/without units/);
    expect(p.user).toMatch(/Comparison answers are the object id number/);
    expect(p.user).toMatch(/comma-separated/);
  });

  it("includes the JSON formatting rules for the text protocol only", () => {
    expect(p.user).toContain("## JSON tool-call formatting rules");
    expect(p.user).toContain('[{"tool": "TOOL_NAME", "parameters": {...}}, ...]');
    const f = buildPrompt({ ...base, strategy: "zero-shot", protocol: "function" });
    expect(f.user).not.toContain("## JSON tool-call formatting rules");
    expect(f.user).toMatch(/Call the tools as functions/);
  });

  it("attaches no example (zero-shot), the dropped ball (one-shot), all three with CoT (few-shot)", () => {
    expect(p.user).not.toContain("### Example");
    const one = buildPrompt({ ...base, strategy: "one-shot", protocol: "text" });
    expect(one.user.match(/### Example/g)).toHaveLength(1);
    expect(one.user).toContain("### Example 1: a dropped ball");
    expect(one.user).not.toMatch(/Think step by step/);
    const few = buildPrompt({ ...base, strategy: "few-shot-cot", protocol: "function" });
    expect(few.user.match(/### Example/g)).toHaveLength(3);
    expect(few.user).toContain("### Example 2: a pushed box");
    expect(few.user).toContain("### Example 3: a sphere on a ramp");
    expect(few.user).toMatch(/Think step by step/);
    expect(few.user).toMatch(/you make them as function calls/);
  });

  it("rejects malformed scene data at the boundary", () => {
    expect(() => buildPrompt({ ...base, budget: 0, strategy: "zero-shot", protocol: "text" })).toThrow();
    expect(SceneInfo.safeParse({ ...FAKE_SCENE, permissions: { "9": { body_pos: true } } }).success).toBe(false);
    expect(SceneInfo.safeParse({ ...FAKE_SCENE, objects: [{ id: 1, name: "a" }, { id: 1, name: "b" }] }).success)
      .toBe(false);
  });

  it("renders a union inside an array with parentheses (the answer tool's list of strings or numbers)", () => {
    const spec = TOOL_SPECS.find((s) => s.name === "answer")!;
    expect(renderToolDoc(spec)).toMatch(/^- answer\(answer: string \| number \| \(string \| number\)\[\]\): /);
    expect(renderToolDoc({
      name: "t",
      description: "d",
      parameters: { type: "object", properties: { v: { type: "array", items: { type: ["number", "null"] }, minItems: 2, maxItems: 2 } } },
    })).toBe("- t(v?: [number | null, number | null]): d");
  });

  it("renders an unfamiliar schema without failing", () => {
    expect(renderToolDoc({ name: "find_objects", description: "Reveal hidden bodies.", parameters: {} }))
      .toBe("- find_objects(): Reveal hidden bodies.");
  });
});

describe("the scene's own constants", () => {
  const conventions = (user: string) => user.split("## Coordinate frame and units\n")[1].split("\n\n## ")[0];
  const build = (extra: Partial<SceneInfoInput>) =>
    conventions(buildPrompt({ ...base, scene: { ...FAKE_SCENE, ...extra }, strategy: "zero-shot", protocol: "text" }).user);

  it("states the scene's gravity and timestep", () => {
    const c = build({ gravity: [0, 0, -9.81], timestep: 0.005 });
    expect(c).toContain("Gravity acts along -z with g = 9.81 m/s².");
    expect(c).toContain("fixed steps of 0.005 s");
  });

  it("says there is no gravity when the scene has none, and states another timestep", () => {
    const c = build({ gravity: [0, 0, 0], timestep: 0.01 });
    expect(c).toContain("There is no gravity in this scene.");
    expect(c).toContain("fixed steps of 0.01 s");
    expect(c).not.toMatch(/9\.81|0\.005/);
  });

  it("states other gravity as it is", () => {
    expect(build({ gravity: [0, 0, -1.62], timestep: 0.002 })).toContain("g = 1.62 m/s²");
    expect(build({ gravity: [1, 0, -9.81], timestep: 0.002 })).toContain("gravity is [1, 0, -9.81] m/s² (world frame)");
  });

  it("states neither when the scene data does not give them", () => {
    const c = build({});
    expect(c).not.toMatch(/9\.81|0\.005|gravity|fixed steps/);
    expect(c).toContain("step(duration) advances simulated time by duration seconds");
  });
});

describe.skipIf(!PUBLISHED_SCENES_PRESENT)("prompts of original scenes", () => {
  const prompt = async (n: number) => {
    const setup = await sceneSetup(await publishedScene(n), String(n));
    try {
      return buildPrompt({ scene: setup.scene, specs: setup.toolbox.specs, budget: 5, strategy: "zero-shot", protocol: "text" }).user;
    } finally {
      await setup.close?.();
    }
  };

  it("scene 9 shows its permitted attributes with their values (world frame, spring constant)", async () => {
    const p9 = await prompt(9);
    expect(p9).toContain("- object_1: Anchor; permitted attributes: geom_type: sphere; body_pos: [0, 0, 1]; body_quat: [1, 0, 0, 0]\n");
    // object_2 sits 0.3 m below the anchor it is nested in; the spring is the tendon between their sites
    expect(p9).toContain("- object_2: Slider (Spring Scale Platform); permitted attributes: geom_type: cylinder; body_pos: [0, 0, 0.7]; body_quat: [1, 0, 0, 0]; spring_constant: 50\n");
    // body_mass is false for object_3
    expect(p9).toContain("- object_3: Unknown Mass (Red Ball); permitted attributes: geom_type: sphere; body_pos: [0, 0, 0.05]; body_quat: [1, 0, 0, 0]; displacement: 0\n");
  });

  it("scene 10 steps at 0.01 s under MuJoCo's default gravity; scene 38 has no gravity", async () => {
    const p10 = await prompt(10);
    expect(p10).toContain("fixed steps of 0.01 s");
    expect(p10).toContain("rounded to whole simulator steps of 0.01 s");
    expect(p10).toContain("g = 9.81 m/s²");
    expect(p10).not.toContain("0.005");
    const p38 = await prompt(38);
    expect(p38).toContain("There is no gravity in this scene.");
    expect(p38).not.toContain("9.81");
    expect(p38).toContain("gravity: number = 0)");
  });
});

describe("built-in scene 7's prompt", () => {
  it("gives the ball's and the floor's permitted attributes with their values", async () => {
    const setup = await sceneSetup(await builtinScene(7), "7");
    try {
      const user = buildPrompt({ scene: setup.scene, specs: setup.toolbox.specs, budget: 5, strategy: "zero-shot", protocol: "text" }).user;
      expect(user).toContain("- object_1: ball; permitted attributes: geom_type: sphere; body_pos: [0, 0, 20]; body_mass: 0.5; geom_radius: 0.1\n");
      expect(user).toContain("- object_2: floor; permitted attributes: geom_type: plane; body_pos: [0, 0, 0]\n");
    } finally {
      await setup.close?.();
    }
  });
});

describe("worked examples", () => {
  it("are dialogues in the protocol's shape: each turn's calls read back through the text protocol", () => {
    for (const ex of WORKED_EXAMPLES) {
      ex.turns.forEach((turn, i) => {
        for (const c of turn.calls) ToolCall.parse(c);
        const parsed = extractCalls(`${turn.reasoning}\n${JSON.stringify(turn.calls)}`);
        expect(parsed.calls.map((c) => c.call)).toEqual(turn.calls);
        const last = i === ex.turns.length - 1;
        expect(turn.calls.at(-1)!.tool === "answer").toBe(last);
        if (!last) expect(turn.results!.map((r) => r.tool)).toEqual(turn.calls.map((c) => c.tool));
      });
    }
  });

  // The numbers must be what a 0.005 s semi-implicit Euler integration with g = 9.81 gives.
  const dt = 0.005, g = 9.81;
  const fall = (a: number, t: number) => {
    const n = Math.round(t / dt);
    return a * dt * dt * n * (n + 1) / 2;
  };
  const resultOf = (turn: { results?: { tool: string; result: Record<string, unknown> | null }[] }, tool: string, nth = 0) =>
    turn.results!.filter((r) => r.tool === tool)[nth].result!;

  it("dropped ball: v = g·t, fallen distance of the integrator, answer = speed", () => {
    const t = DROPPED_BALL.turns[0];
    expect((resultOf(t, "get_velocity").velocity as number[])[2]).toBeCloseTo(-g * 0.5, 10);
    expect((resultOf(t, "get_position", 1).position as number[])[2]).toBeCloseTo(2 - fall(g, 0.5), 10);
    expect(DROPPED_BALL.turns[1].calls[0].parameters.answer).toBeCloseTo(g * 0.5, 10);
  });

  it("pushed box: v = v0 - μ·g·t with μ = 0.3 and the box still sliding", () => {
    const vx = (resultOf(PUSHED_BOX.turns[0], "get_velocity").velocity as number[])[0];
    expect(vx).toBeCloseTo(2 - 0.3 * g * 0.5, 10);
    expect(vx).toBeGreaterThan(0);
    expect(PUSHED_BOX.turns[1].calls[0].parameters.answer).toBe(0.3);
  });

  it("sphere on a ramp: a = (5/7)·g·sin 30°, velocity along the slope", () => {
    const a = 5 / 7 * g * 0.5;
    const t = SPHERE_ON_RAMP.turns[0];
    const [vx, , vz] = resultOf(t, "get_velocity").velocity as number[];
    expect(Math.hypot(vx, vz)).toBeCloseTo(a * 0.4, 3);
    expect(vz / vx).toBeCloseTo(-Math.tan(Math.PI / 6), 3);
    const [x, , z] = resultOf(t, "get_position", 1).position as number[];
    expect(Math.hypot(x, 1 - z)).toBeCloseTo(fall(a, 0.4), 3);
    expect(SPHERE_ON_RAMP.turns[1].calls[0].parameters.answer).toBeCloseTo(a, 3);
  });
});
