import { FAULT_MESSAGE } from "./fetcher-fault";

/** A refusal as a resource route answers it (`formAction`), or a fault made into one. */
export type Refused = { ok: false; message: string };

/**
 * Posts `fields` as a web form to one of the shop's resource routes and reads its JSON answer, for
 * a step that must finish in the same click (a passkey's options, which the browser's WebAuthn
 * needs at once). A fault of the server or the network answers `{ ok: false, message }`, as a
 * refusal does.
 */
export async function postForJson<Answer extends object>(
  action: string,
  fields: Record<string, string>,
): Promise<Answer | Refused> {
  try {
    const response = await fetch(action, { method: "POST", body: new URLSearchParams(fields) });
    const answer: unknown = await response.json();
    if (answer && typeof answer === "object") return answer as Answer | Refused;
  } catch {
    // The network, or a fault's page instead of JSON: said below.
  }
  return { ok: false, message: FAULT_MESSAGE };
}
