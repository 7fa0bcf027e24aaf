import pg from "pg";

export interface Listening {
  /** Settles once listening has begun (or stopped before it could). */
  ready: Promise<void>;
  /** Stops listening and ends the connection. */
  stop(): Promise<void>;
}

interface ListenHandlers {
  onNotification(channel: string, payload: string | undefined): void;
  /** Listening has begun, or begun again after a lost connection. */
  onListening?(): void;
  /** The connection was lost: notifications sent until `onListening` runs again are missed. */
  onLost?(): void;
}

/**
 * Listens on PostgreSQL channels (LISTEN) on a connection of its own (a pool's options), outside
 * the pool: a pooled connection would stop hearing once it went back. A lost connection is made again a second later.
 */
export function listenTo(connection: pg.ClientConfig, channels: string[], handlers: ListenHandlers): Listening {
  let stopped = false;
  let current: pg.Client | null = null;
  let began: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    began = resolve;
  });

  async function listen() {
    if (stopped) return;
    const client = new pg.Client(connection);
    client.on("error", () => {});
    client.on("notification", (message) => handlers.onNotification(message.channel, message.payload));
    client.on("end", () => {
      if (current !== client || stopped) return;
      current = null;
      handlers.onLost?.();
      setTimeout(() => void listen(), 1_000).unref();
    });
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await client.end();
        return;
      }
      current = client;
      handlers.onListening?.();
      began();
    } catch {
      await client.end().catch(() => {});
      if (!stopped) setTimeout(() => void listen(), 1_000).unref();
    }
  }

  void listen();
  return {
    ready,
    async stop() {
      stopped = true;
      began();
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
