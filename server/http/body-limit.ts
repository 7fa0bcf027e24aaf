import type { Readable } from "node:stream";
import type { RequestHandler } from "express";
import { AVATAR_MAX_BYTES } from "../accounts/avatar.ts";
import { FILE_MAX_BYTES, IMAGE_MAX_BYTES } from "../sellers/product-uploads.ts";

// Room for a form's other fields and the multipart framing beside its one upload.
const FORM_FIELDS_ROOM = 1024 * 1024;

/** Forms that carry an upload: the upload's own cap (checked as it streams) plus the form's fields. */
const UPLOAD_BODY_LIMITS: Array<[RegExp, number]> = [
  [/^\/seller\/products\/[^/]+(\.data)?$/, FILE_MAX_BYTES + FORM_FIELDS_ROOM],
  [/^\/seller\/profile(\.data)?$/, IMAGE_MAX_BYTES + FORM_FIELDS_ROOM],
  [/^\/account\/profile(\.data)?$/, AVATAR_MAX_BYTES + FORM_FIELDS_ROOM],
];

// What a refused body may still send, discarded, before its connection is cut: enough for the
// client to finish sending and read the refusal (a client that stops reading an answer until it
// has sent everything, as most do), not enough to keep the server busy for ever.
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  readonly limit: number;
  constructor(limit: number) {
    super(bodyTooLargeMessage(limit));
    this.limit = limit;
  }
}

function bodyTooLargeMessage(limit: number): string {
  return `This request is too large: the shop accepts at most ${formatBytes(limit)} here.`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** How many bytes of body a request to `path` may send. */
export function bodyLimitFor(path: string, defaultLimit: number): number {
  for (const [pattern, limit] of UPLOAD_BODY_LIMITS) if (pattern.test(path)) return Math.max(limit, defaultLimit);
  return defaultLimit;
}

/**
 * Refuses with 413, before reading a byte of it, a body whose declared length is over the bound.
 * A body sent without a length (chunked) is counted as it streams (`boundedBody`), except on the
 * paths of `readWhole`, which must declare it.
 */
export function refuseOversizedBodies(defaultLimit: number, readWhole: RegExp): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.get("content-length") ?? 0);
    const limit = bodyLimitFor(req.path, defaultLimit);
    // A handler that reads its body whole (better-auth's) is not counted as it streams: it needs the length first.
    if (readWhole.test(req.path) && req.get("transfer-encoding") && !req.get("content-length")) {
      res.set("Connection", "close");
      res.status(411).json({ ok: false, message: "Send this request with a Content-Length." });
      return;
    }
    if (!(declared > limit)) return next();
    // Node discards the unread body once the answer is sent, so that the client reads the 413; a
    // body too large even to discard ends the connection instead.
    if (declared > DISCARD_LIMIT_BYTES) res.set("Connection", "close");
    const message = bodyTooLargeMessage(limit);
    if (wantsJson(req.path, req.get("accept"))) res.status(413).json({ ok: false, message });
    else res.status(413).type("text/plain").send(message);
  };
}

function wantsJson(path: string, accept: string | undefined): boolean {
  return path.startsWith("/api/") || path.endsWith(".data") || Boolean(accept?.includes("application/json"));
}

/**
 * The request's body as a web stream that errors with BodyTooLargeError once more than `limit`
 * bytes came. The rest is then read and thrown away (up to a bound), rather than the connection
 * being reset, so that the client gets the 413 answer instead of a broken connection.
 */
export function boundedBody(req: Readable, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (!open) return;
        seen += chunk.byteLength;
        if (seen > limit) {
          open = false;
          controller.error(new BodyTooLargeError(limit));
          discardBody(req);
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once("end", () => {
        if (open) controller.close();
        open = false;
      });
      req.once("error", (error) => {
        if (open) controller.error(error);
        open = false;
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      discardBody(req);
    },
  });
}

/**
 * Reads what is left of a request's body and throws it away (up to a bound, then the connection
 * is cut): for a body the route did not read, so that the connection can carry the next request.
 */
export function discardBody(req: Readable) {
  if (req.readableEnded) return;
  req.removeAllListeners("data");
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > DISCARD_LIMIT_BYTES) req.destroy();
  });
  req.resume();
}
