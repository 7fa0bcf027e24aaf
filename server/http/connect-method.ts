import type { Server } from "node:http";
import type { Logger } from "pino";
import { PAGE_ALLOW } from "./methods.ts";

const BODY = "This server is not a proxy: it does not take CONNECT requests.";

/**
 * CONNECT never reaches Express: Node hands it to the server's `connect` event, and without a
 * listener cuts the connection without a word. It is answered 405, as every other method the shop
 * does not take, and logged as the client's mistake it is (info).
 */
export function answerConnectRequests(server: Server, logger: Pick<Logger, "info">): void {
  server.on("connect", (req, socket) => {
    logger.info({ req: { method: req.method, url: "[hidden]" }, res: { statusCode: 405 } }, "CONNECT refused");
    socket.on("error", () => socket.destroy());
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${PAGE_ALLOW}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(BODY)}\r\nConnection: close\r\n\r\n${BODY}`,
    );
  });
}
