// What an action or API route answers the browser (docs/decisions/027): its result, or a refusal
// with a message for the person. The browser code reads both through these types.

/** A refused request: the message says why, the HTTP status is 4xx. */
type Refused = { ok: false; message: string };

/** An answer: `ok: true` with the route's result, or a refusal. */
export type Answer<Result extends object = object> = ({ ok: true } & Result) | Refused;
