// Evaluator profiles (paper A.7, Table 10): per model, its output-token limit and which
// request controls it takes. The effective output limit is the smaller of the requested
// limit and the profile's; temperature and reasoning effort are sent only to profiles
// that take them; generic JSON-object mode only when asked and supported.
import { z } from "zod";
import data from "./profiles.json" with { type: "json" };

/** The schema of a model's evaluator profile (paper A.7, Table 10). */
export const Profile: z.ZodObject<
  {
    max_output_tokens: z.ZodNullable<z.ZodInt>;
    temperature: z.ZodBoolean;
    reasoning_effort: z.ZodBoolean;
    json_object: z.ZodBoolean;
    max_tokens_field: z.ZodEnum<{ max_completion_tokens: "max_completion_tokens"; max_tokens: "max_tokens" }>;
  },
  z.core.$strict
> = z.object({
  max_output_tokens: z.int().positive().nullable(),
  temperature: z.boolean(),
  reasoning_effort: z.boolean(),
  json_object: z.boolean(),
  max_tokens_field: z.enum(["max_completion_tokens", "max_tokens"]),
}).strict();
/** A model's evaluator profile: its output-token limit and which request controls it takes. */
export type Profile = z.infer<typeof Profile>;

export const Profiles = z.object({ $comment: z.string().optional(), default: Profile, models: z.record(z.string(), Profile) }).strict();
export type Profiles = z.infer<typeof Profiles>;

export const BUILTIN_PROFILES: Profiles = Profiles.parse(data);

/** The paper's shared request settings (A.7). */
export interface RequestSettings {
  maxOutputTokens: number;
  temperature?: number;
  reasoningEffort?: "minimal" | "low" | "medium" | "high";
  jsonObject: boolean;
}

export const PAPER_SETTINGS: RequestSettings = { maxOutputTokens: 20_000, temperature: 0, reasoningEffort: "low", jsonObject: false };

export function profileOf(model: string, profiles: Profiles = BUILTIN_PROFILES): { profile: Profile; known: boolean } {
  const p = profiles.models[model];
  return p ? { profile: p, known: true } : { profile: profiles.default, known: false };
}

/** The request fields beside model and messages that a model's profile allows. */
export function requestControls(model: string, settings: RequestSettings, profiles: Profiles = BUILTIN_PROFILES): Record<string, unknown> {
  const { profile } = profileOf(model, profiles);
  const limit = profile.max_output_tokens === null ? settings.maxOutputTokens : Math.min(settings.maxOutputTokens, profile.max_output_tokens);
  const out: Record<string, unknown> = { [profile.max_tokens_field]: limit };
  if (settings.temperature !== undefined && profile.temperature) out.temperature = settings.temperature;
  if (settings.reasoningEffort !== undefined && profile.reasoning_effort) out.reasoning_effort = settings.reasoningEffort;
  if (settings.jsonObject && profile.json_object) out.response_format = { type: "json_object" };
  return out;
}

/** A user's profiles file (`mech eval --profiles`): its default and models override the built-in ones. */
export const ProfilesOverride: z.ZodObject<
  {
    $comment: z.ZodOptional<z.ZodString>;
    default: z.ZodOptional<typeof Profile>;
    models: z.ZodOptional<z.ZodRecord<z.ZodString, typeof Profile>>;
  },
  z.core.$strict
> = z.object({ $comment: z.string().optional(), default: Profile.optional(), models: z.record(z.string(), Profile).optional() }).strict();
/** A user's profiles file, parsed. */
export type ProfilesOverride = z.infer<typeof ProfilesOverride>;

export function mergeProfiles(base: Profiles, over: ProfilesOverride): Profiles {
  return { default: over.default ?? base.default, models: { ...base.models, ...over.models } };
}
