// The search index in a worker thread of its own (started by server/search/search-worker-client.ts):
// it builds the index, keeps it up to date with its own few database connections, and answers
// searches, while the main thread renders pages. Messages: { id, op: "find" | "figures", search }
// in; { id, value } or { id, error } out, and { log } for the server's log.
import { parentPort, workerData } from "node:worker_threads";
import type { ConnectionOptions } from "../db/client.ts";
import { speedUpModuleLoading } from "../lib/module-loading.ts";
import type { IndexSearch } from "./search-index.ts";

// A worker thread loads its modules anew: faster as in the main thread (server/main.ts).
speedUpModuleLoading();
const [{ connect }, { searchIndexOf }, { answerOf }] = await Promise.all([
  import("../db/client.ts"),
  import("./index-sync.ts"),
  import("./search-service.ts"),
]);

/** Connections of the index's own: reading changes, and a build's cursor. */
const CONNECTIONS = 3;

const port = parentPort!;
const { connection, listenTo } = workerData as { connection: ConnectionOptions; listenTo?: ConnectionOptions };
const database = connect(connection, CONNECTIONS);
const sync = searchIndexOf(database.db, {
  listenTo,
  log: (message) => port.postMessage({ log: message }),
  onError: (error) => port.postMessage({ log: `The search index could not be read: ${error.message}`, error: true }),
});

port.on("message", async (message: { id: number; op: "find" | "figures" | "stop"; search?: IndexSearch }) => {
  try {
    if (message.op === "stop") {
      await sync.stop();
      await database.close();
      port.close();
      return;
    }
    if (message.op === "figures") {
      port.postMessage({ id: message.id, value: sync.figures });
      return;
    }
    const index = await sync.current();
    port.postMessage({ id: message.id, value: index && answerOf(index, message.search ?? {}) });
  } catch (error) {
    // Its code too: the page tells the database away (a 503) from a fault by it (server/db/availability.ts).
    port.postMessage({ id: message.id, error: (error as Error).message, code: (error as { code?: unknown }).code });
  }
});
