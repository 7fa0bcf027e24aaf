import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  decodeComponent,
  type IncomingS3Request,
  queryPairs,
  readPayload,
  S3Error,
  verifyDigests,
  verifySignature,
} from "./s3-sigv4.ts";

// A local stand-in for the part of the S3 REST API the shop's file store uses, so the real AWS SDK
// can be tested without the network: path-style PUT, GET, HEAD and DELETE of objects in private
// buckets. Like S3 it checks every request's Signature Version 4, its payload hash and its
// checksums, answers errors as S3's XML with S3's codes, and refuses ACLs (buckets have Object
// Ownership "bucket owner enforced", S3's default). What it does not model it refuses (501).

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** The x-amz-checksum-* header the object was uploaded with, if any. */
  checksums: Record<string, string>;
}

export interface RecordedS3Request {
  method: string;
  bucket: string;
  key: string;
  headers: http.IncomingHttpHeaders;
  status: number;
  /** S3's error code, for an error answer. */
  code?: string;
}

export interface S3StandIn {
  /** The endpoint, e.g. http://127.0.0.1:41234 (path-style addresses only). */
  url: string;
  region: string;
  /** The first bucket. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket → key → object */
  buckets: Map<string, Map<string, StoredObject>>;
  requests: RecordedS3Request[];
  /** The next `times` requests get this error instead (e.g. 503 SlowDown, to see the SDK retry). */
  failNext(status: number, code: string, times?: number): void;
  close(): Promise<void>;
}

export interface S3StandInOptions {
  buckets?: string[];
  region?: string;
  /** How far the stand-in's clock is ahead of this machine's (to see the SDK correct its own). */
  clockOffsetMs?: number;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
const MAX_BODY = 128 * 1024 * 1024;
const NO_ACL = new Set(["private", "bucket-owner-full-control"]);

export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const region = options.region ?? "us-east-1";
  const names = options.buckets ?? ["shop-files"];
  const accessKeyId = `AKIA${crypto.randomBytes(8).toString("hex").toUpperCase()}`;
  const secretAccessKey = crypto.randomBytes(30).toString("base64");
  const buckets = new Map(names.map((name) => [name, new Map<string, StoredObject>()]));
  const requests: RecordedS3Request[] = [];
  let failures: { status: number; code: string; times: number } | undefined;
  const now = () => new Date(Date.now() + (options.clockOffsetMs ?? 0));

  async function answer(incoming: http.IncomingMessage, response: http.ServerResponse) {
    const requestId = crypto.randomBytes(8).toString("hex").toUpperCase();
    response.setHeader("x-amz-request-id", requestId);
    response.setHeader("x-amz-id-2", crypto.randomBytes(24).toString("base64"));
    response.setHeader("Server", "S3StandIn");
    response.setHeader("Date", now().toUTCString());
    const target = incoming.url ?? "/";
    const question = target.indexOf("?");
    const request: IncomingS3Request = {
      method: incoming.method ?? "GET",
      rawPath: question < 0 ? target : target.slice(0, question),
      rawQuery: question < 0 ? "" : target.slice(question + 1),
      headers: incoming.headers,
    };
    const slash = request.rawPath.indexOf("/", 1);
    const bucket = decodeSafely(slash < 0 ? request.rawPath.slice(1) : request.rawPath.slice(1, slash));
    const key = slash < 0 ? "" : decodeSafely(request.rawPath.slice(slash + 1));
    const record: RecordedS3Request = { method: request.method, bucket, key, headers: incoming.headers, status: 0 };
    requests.push(record);
    try {
      const raw = await readBody(incoming);
      if (failures && failures.times > 0) {
        failures.times -= 1;
        throw new S3Error(failures.status, failures.code, "We encountered an internal error. Please try again.");
      }
      verifySignature(request, { region, secrets: new Map([[accessKeyId, secretAccessKey]]), now: now() });
      const result = operate(request, bucket, key, raw);
      record.status = result.status;
      response.writeHead(result.status, result.headers);
      response.end(request.method === "HEAD" ? undefined : result.body);
    } catch (error) {
      const failure =
        error instanceof S3Error ? error : new S3Error(500, "InternalError", "We encountered an internal error.");
      Object.assign(record, { status: failure.status, code: failure.code });
      if (request.method === "HEAD") {
        response.writeHead(failure.status).end(); // HEAD answers carry no body, so no error code
        return;
      }
      const details = Object.entries(failure.details)
        .map(([name, value]) => `<${name}>${xml(value)}</${name}>`)
        .join("");
      response
        .writeHead(failure.status, { "Content-Type": "application/xml" })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${xml(failure.message)}</Message>${details}<RequestId>${requestId}</RequestId></Error>`,
        );
    }
  }

  function operate(request: IncomingS3Request, bucket: string, key: string, raw: Buffer) {
    for (const [name] of queryPairs(request.rawQuery)) {
      // x-id is the SDK's own note of the operation; every other parameter is a subresource or an option.
      if (name !== "x-id") throw new S3Error(501, "NotImplemented", `This stand-in does not implement ?${name}.`);
    }
    if (!bucket) throw new S3Error(501, "NotImplemented", "This stand-in does not list buckets.");
    const objects = buckets.get(bucket);
    if (!objects) {
      throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist", { BucketName: bucket });
    }
    if (!key) {
      if (request.method === "HEAD") return { status: 200, headers: {}, body: undefined };
      throw new S3Error(501, "NotImplemented", "This stand-in does not implement bucket operations.");
    }
    if (Buffer.byteLength(key) > 1024) throw new S3Error(400, "KeyTooLongError", "Your key is too long");
    switch (request.method) {
      case "PUT":
        return putObject(request, objects, key, raw);
      case "GET":
      case "HEAD":
        return getObject(request, objects, key);
      case "DELETE":
        objects.delete(key);
        return { status: 204, headers: {}, body: undefined };
      default:
        throw new S3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  }

  function putObject(request: IncomingS3Request, objects: Map<string, StoredObject>, key: string, raw: Buffer) {
    const { headers } = request;
    if (headers["x-amz-copy-source"]) throw new S3Error(501, "NotImplemented", "This stand-in does not copy objects.");
    const acl = headers["x-amz-acl"];
    if (
      (typeof acl === "string" && !NO_ACL.has(acl)) ||
      Object.keys(headers).some((name) => name.startsWith("x-amz-grant-"))
    ) {
      throw new S3Error(400, "AccessControlListNotSupported", "The bucket does not allow ACLs");
    }
    const payload = readPayload(headers, raw);
    const checksums = verifyDigests(headers, payload);
    const etag = `"${crypto.createHash("md5").update(payload.body).digest("hex")}"`;
    objects.set(key, {
      body: payload.body,
      contentType: headers["content-type"] ?? "binary/octet-stream",
      etag,
      lastModified: now(),
      checksums,
    });
    return { status: 200, headers: { ETag: etag, ...checksums }, body: undefined };
  }

  function getObject(request: IncomingS3Request, objects: Map<string, StoredObject>, key: string) {
    if (request.headers.range) throw new S3Error(501, "NotImplemented", "This stand-in does not serve ranges.");
    const object = objects.get(key);
    if (!object) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.", { Key: key });
    const withChecksum = request.headers["x-amz-checksum-mode"] === "ENABLED" && Object.keys(object.checksums).length;
    return {
      status: 200,
      headers: {
        "Content-Type": object.contentType,
        "Content-Length": String(object.body.length),
        ETag: object.etag,
        "Last-Modified": object.lastModified.toUTCString(),
        "Accept-Ranges": "bytes",
        ...(withChecksum && { ...object.checksums, "x-amz-checksum-type": "FULL_OBJECT" }),
      },
      body: object.body,
    };
  }

  const server = http.createServer((incoming, response) => {
    answer(incoming, response).catch((error: unknown) => {
      response.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    region,
    bucket: names[0]!,
    accessKeyId,
    secretAccessKey,
    buckets,
    requests,
    failNext(status, code, times = 1) {
      failures = { status, code, times };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function decodeSafely(text: string) {
  try {
    return decodeComponent(text);
  } catch {
    return text;
  }
}

async function readBody(incoming: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY)
      throw new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
