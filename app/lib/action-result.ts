// What a form action answers, typed once: done (`ok: true`, with what it made and usually a
// message), refused (`ok: false` and the refusal's message, app/lib/refusal.server.ts formAction),
// or a form's field problems (conform's `{ result }`, no `ok`). These two read an answer of any of
// them, for the component that shows it.

type Answer = object | null | undefined;

/** The answer if the action did what was asked. */
export function doneIn<A extends Answer>(answer: A): Extract<NonNullable<A>, { ok: true }> | undefined {
  return answer && "ok" in answer && answer.ok === true ? (answer as Extract<NonNullable<A>, { ok: true }>) : undefined;
}

/** The answer if the action refused, with the message to show. */
export function refusedIn<A extends Answer>(answer: A): Extract<NonNullable<A>, { ok: false }> | undefined {
  return answer && "ok" in answer && answer.ok === false
    ? (answer as Extract<NonNullable<A>, { ok: false }>)
    : undefined;
}
