import { Worker } from "node:worker_threads";
import type { ConnectionOptions } from "../db/client.ts";
import type { SearchIndexFigures } from "./index-sync.ts";
import type { SearchAnswer, SearchService } from "./search-service.ts";

// The main thread's side of the search worker (server/search/search-worker.ts). Only the launcher
// (server/serve.ts, run from source) starts it: the worker's file is found next to this one.

/** The database connection as plain data a worker can be given (no functions). */
export function plainConnection(options: object): ConnectionOptions {
  const given = options as Record<string, unknown>;
  const keys = ["connectionString", "host", "port", "user", "password", "database", "ssl"];
  const plain = keys.filter((key) => given[key] !== undefined && typeof given[key] !== "function");
  return Object.fromEntries(plain.map((key) => [key, given[key]])) as ConnectionOptions;
}

interface Pending {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

/**
 * The worker's space for new objects. V8 sizes it by the machine's memory (up to 3 x 64 MB here), and
 * the index's build fills it with rows that die young: it would keep that space, a fifth of the
 * server's memory, for good. The index itself lives outside it, in typed arrays.
 */
const WORKER_YOUNG_GENERATION_MB = 32;

export interface SearchWorkerOptions {
  /** Where the index listens for changes, when `connection` is a replica (SearchIndexSyncOptions.listenTo). */
  listenTo?: ConnectionOptions;
  log?: (message: string) => void;
  onError?: (error: Error) => void;
}

/**
 * Starts the search worker, which reads the products at `connection`; it is started again a second
 * after it ends unasked.
 */
export function startSearchWorker(
  connection: ConnectionOptions,
  { listenTo, log = () => {}, onError = () => {} }: SearchWorkerOptions = {},
): SearchService {
  let worker: Worker;
  let nextId = 1;
  let stopping = false;
  const pending = new Map<number, Pending>();

  const start = () => {
    worker = new Worker(new URL("./search-worker.ts", import.meta.url), {
      workerData: { connection, listenTo },
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    worker.on(
      "message",
      (message: { id?: number; value?: unknown; error?: string | boolean; code?: unknown; log?: string }) => {
        if (message.log) {
          if (message.error) onError(new Error(message.log));
          else log(message.log);
          return;
        }
        const waiting = pending.get(message.id!);
        if (!waiting) return;
        pending.delete(message.id!);
        if (typeof message.error === "string")
          waiting.reject(Object.assign(new Error(message.error), { code: message.code }));
        else waiting.resolve(message.value as never);
      },
    );
    worker.on("error", (error) => onError(error));
    worker.on("exit", (code) => {
      for (const waiting of pending.values()) waiting.reject(new Error("The search worker stopped"));
      pending.clear();
      if (stopping) return;
      onError(new Error(`The search worker stopped (exit code ${code}); starting it again`));
      setTimeout(start, 1_000).unref();
    });
  };
  start();

  const ask = <T>(op: "find" | "figures", search?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: never) => void, reject });
      worker.postMessage({ id, op, search });
    });

  return {
    find: (search) => ask<SearchAnswer | null>("find", search),
    figures: () => ask<SearchIndexFigures>("figures"),
    async stop() {
      stopping = true;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage({ op: "stop" });
      const timer = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
