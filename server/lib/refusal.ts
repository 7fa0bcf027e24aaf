/**
 * A request the shop turns down, with a message for the person who made it and the HTTP
 * status that fits. Route modules answer it as it is (app/lib/refusal.server.ts); any other
 * error is a fault and goes to the error screen.
 */
export class Refusal extends Error {
  override name = "Refusal";
  readonly status: number;
  constructor(message: string, status: number, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}
