import type { FormStatus } from "./form-status";

// What an account page's action (settings, profile) answers one of its sections (each form names
// itself with an intent, and its answer comes back to it): an outcome with a message for FormStatus,
// or, when its fields did not pass, Conform's reply (`result`) with each field's problem and what
// was typed.

export type SectionAnswer = { ok: boolean; message: string } | { result: unknown };

/** The answer's outcome, for FormStatus; none when the answer is about the fields. */
export function outcomeOf(answer: SectionAnswer | undefined): Parameters<typeof FormStatus>[0]["result"] {
  return answer && "message" in answer ? answer : undefined;
}
