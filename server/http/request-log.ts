import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";

/** Hides one-time tokens in addresses: /reset-password/<token>, ?token=, ?code=, ?state=. */
export function maskTokens(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/g, "$1[hidden]")
    .replace(/([?&](?:token|code|state|callbackURL)=)[^&#]*/gi, "$1[hidden]");
}

// One line per request with what an operator needs, and never a cookie, a token or a password:
// headers are left out on purpose.
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    serializers: {
      req: (req: IncomingMessage & { id?: unknown; raw?: IncomingMessage }) => ({
        id: req.id,
        method: req.method,
        url: maskTokens(req.url ?? ""),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  });
}
