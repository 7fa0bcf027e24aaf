import type { ContractWorld } from "./world.ts";

/** One request of the contract test. */
export interface ContractRequest {
  /** The path's parameters ({id}: "12"); the rest of the path is the operation's. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Sent as JSON unless `rawBody` is given. */
  body?: unknown;
  rawBody?: { contentType: string; text: string };
  /** The key sent as a bearer token; null sends none. The seller's write key unless given. */
  key?: string | null;
}

/**
 * A request to one operation and the status it must answer; `check` may look further at the answer
 * (its body is already validated against the document's schema for that status).
 */
export interface ContractCase {
  operationId: string;
  name: string;
  status: number;
  request(world: ContractWorld): Promise<ContractRequest> | ContractRequest;
  check?(body: unknown, world: ContractWorld): void | Promise<void>;
}
