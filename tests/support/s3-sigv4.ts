import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";

// The checks S3 makes on a request before it touches a bucket, written from AWS's description of
// Signature Version 4 (header form) and of its payload and checksum headers: the signature over
// the canonical request, the x-amz-content-sha256 payload hash, aws-chunked bodies with an
// unsigned trailer, and the x-amz-checksum-* and Content-MD5 digests. Used by s3-stand-in.ts.

/** An S3 error answer: HTTP status, S3's error code, its message, and extra XML elements. */
export class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, string>;
  constructor(status: number, code: string, message: string, details: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface IncomingS3Request {
  method: string;
  /** The path and query exactly as sent (still percent-encoded). */
  rawPath: string;
  rawQuery: string;
  headers: IncomingHttpHeaders;
}

export interface VerifyOptions {
  region: string;
  /** Secret access key by access key id. */
  secrets: Map<string, string>;
  now: Date;
}

const ALGORITHM = "AWS4-HMAC-SHA256";
const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256Hex = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => crypto.createHmac("sha256", key).update(data).digest();

/** AWS's UriEncode: unreserved characters (A-Z a-z 0-9 - . _ ~) stay, every other byte becomes %XX. */
export function uriEncode(text: string): string {
  let encoded = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

export function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error(400, "InvalidURI", "Couldn't parse the specified URI.");
  }
}

/** Each path segment decoded and encoded again, as S3 does (it never normalizes `.` or `//` in keys). */
function canonicalUri(rawPath: string): string {
  return rawPath
    .split("/")
    .map((segment) => uriEncode(decodeComponent(segment)))
    .join("/");
}

export function queryPairs(rawQuery: string): [string, string][] {
  return rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf("=");
      return equals < 0
        ? [decodeComponent(pair), ""]
        : [decodeComponent(pair.slice(0, equals)), decodeComponent(pair.slice(equals + 1))];
    });
}

function canonicalQuery(rawQuery: string): string {
  return queryPairs(rawQuery)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

const headerValue = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

function parseAuthorization(header: string) {
  if (header.startsWith("AWS ")) {
    throw new S3Error(
      400,
      "InvalidRequest",
      "The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.",
    );
  }
  const malformed = () => new S3Error(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
  if (!header.startsWith(`${ALGORITHM} `)) throw malformed();
  const fields = new Map<string, string>();
  for (const part of header.slice(ALGORITHM.length + 1).split(/,\s*/)) {
    const equals = part.indexOf("=");
    if (equals > 0) fields.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  const credential = fields.get("Credential")?.split("/");
  const signedHeaders = fields.get("SignedHeaders")?.split(";");
  const signature = fields.get("Signature");
  if (credential?.length !== 5 || !signedHeaders || !signature || !/^[0-9a-f]{64}$/.test(signature)) throw malformed();
  const [accessKeyId, date, region, service, terminator] = credential as [string, string, string, string, string];
  return { accessKeyId, date, region, service, terminator, signedHeaders, signature };
}

/**
 * Checks the request's Signature Version 4 and returns the access key that signed it. Throws the
 * S3Error that S3 would answer: AccessDenied for an anonymous request (the bucket is private),
 * InvalidAccessKeyId, RequestTimeTooSkewed, SignatureDoesNotMatch, and so on.
 */
export function verifySignature(request: IncomingS3Request, options: VerifyOptions): string {
  const authorization = headerValue(request.headers, "authorization");
  if (!authorization) throw new S3Error(403, "AccessDenied", "Access Denied");
  const auth = parseAuthorization(authorization);

  const secret = options.secrets.get(auth.accessKeyId);
  if (secret === undefined) {
    throw new S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.", {
      AWSAccessKeyId: auth.accessKeyId,
    });
  }
  const amzDate = headerValue(request.headers, "x-amz-date") ?? "";
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!match) throw new S3Error(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
  if (auth.date !== amzDate.slice(0, 8) || auth.service !== "s3" || auth.terminator !== "aws4_request") {
    throw new S3Error(
      400,
      "AuthorizationHeaderMalformed",
      "The authorization header is malformed; the Credential is mal-formed.",
    );
  }
  if (auth.region !== options.region) {
    throw new S3Error(
      400,
      "AuthorizationHeaderMalformed",
      `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${options.region}'`,
      { Region: options.region },
    );
  }
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const signedAt = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  if (Math.abs(options.now.getTime() - signedAt) > MAX_SKEW_MS) {
    throw new S3Error(
      403,
      "RequestTimeTooSkewed",
      "The difference between the request time and the current time is too large.",
    );
  }

  const signed = auth.signedHeaders;
  const sorted = [...signed].sort();
  if (signed.join(";") !== sorted.join(";") || signed.some((name) => name !== name.toLowerCase())) {
    throw new S3Error(400, "AuthorizationHeaderMalformed", "SignedHeaders must be lowercase and sorted.");
  }
  if (!signed.includes("host")) {
    throw new S3Error(400, "AuthorizationHeaderMalformed", "The host header must be signed.");
  }
  const unsigned = Object.keys(request.headers).filter((name) => name.startsWith("x-amz-") && !signed.includes(name));
  if (unsigned.length > 0) {
    throw new S3Error(403, "AccessDenied", "There were headers present in the request which were not signed", {
      HeadersNotSigned: unsigned.join(", "),
    });
  }
  const payloadHash = headerValue(request.headers, "x-amz-content-sha256");
  if (!payloadHash) {
    throw new S3Error(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
  }

  const canonicalHeaders = signed
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const canonicalRequest = [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(request.rawQuery),
    canonicalHeaders,
    signed.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${auth.date}/${auth.region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, auth.date), auth.region), "s3"), "aws4_request");
  const expected = hmac(signingKey, stringToSign);
  if (!crypto.timingSafeEqual(expected, Buffer.from(auth.signature, "hex"))) {
    throw new S3Error(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
      { AWSAccessKeyId: auth.accessKeyId, StringToSign: stringToSign, CanonicalRequest: canonicalRequest },
    );
  }
  return auth.accessKeyId;
}

export interface Payload {
  body: Buffer;
  /** Trailing headers of an aws-chunked body (its checksum). */
  trailers: Record<string, string>;
}

/** The request's real body, checked against x-amz-content-sha256 (or decoded from aws-chunked). */
export function readPayload(headers: IncomingHttpHeaders, raw: Buffer): Payload {
  const declared = headerValue(headers, "x-amz-content-sha256") ?? "";
  if (/^[0-9a-f]{64}$/.test(declared)) {
    if (sha256Hex(raw) !== declared) {
      throw new S3Error(
        400,
        "XAmzContentSHA256Mismatch",
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
        {
          ClientComputedContentSHA256: declared,
          S3ComputedContentSHA256: sha256Hex(raw),
        },
      );
    }
    return { body: raw, trailers: {} };
  }
  if (declared === "UNSIGNED-PAYLOAD") return { body: raw, trailers: {} };
  if (declared === "STREAMING-UNSIGNED-PAYLOAD-TRAILER") return decodeAwsChunked(headers, raw);
  if (declared.startsWith("STREAMING-")) {
    throw new S3Error(501, "NotImplemented", `This stand-in does not implement x-amz-content-sha256: ${declared}`);
  }
  throw new S3Error(
    400,
    "InvalidArgument",
    "x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-... or a valid sha256 value.",
  );
}

/** `<hex size>\r\n<bytes>\r\n` chunks, a `0\r\n` chunk, then trailing `name:value\r\n` lines and `\r\n`. */
function decodeAwsChunked(headers: IncomingHttpHeaders, raw: Buffer): Payload {
  const encoding = (headerValue(headers, "content-encoding") ?? "").split(",").map((part) => part.trim());
  if (!encoding.includes("aws-chunked")) {
    throw new S3Error(400, "InvalidArgument", "A streaming x-amz-content-sha256 needs Content-Encoding: aws-chunked.");
  }
  const incomplete = () =>
    new S3Error(
      400,
      "IncompleteBody",
      "You did not provide the number of bytes specified by the Content-Length HTTP header.",
    );
  const chunks: Buffer[] = [];
  let offset = 0;
  const line = () => {
    const end = raw.indexOf("\r\n", offset);
    if (end < 0) throw incomplete();
    const text = raw.subarray(offset, end).toString("latin1");
    offset = end + 2;
    return text;
  };
  for (;;) {
    const size = line().split(";")[0]!;
    if (!/^[0-9a-fA-F]+$/.test(size)) throw incomplete();
    const length = Number.parseInt(size, 16);
    if (length === 0) break;
    if (offset + length + 2 > raw.length || raw.subarray(offset + length, offset + length + 2).toString() !== "\r\n") {
      throw incomplete();
    }
    chunks.push(raw.subarray(offset, offset + length));
    offset += length + 2;
  }
  const trailers: Record<string, string> = {};
  for (let text = line(); text !== ""; text = line()) {
    const colon = text.indexOf(":");
    if (colon <= 0)
      throw new S3Error(400, "MalformedTrailerError", "The request contained trailing data that was not well-formed.");
    trailers[text.slice(0, colon).trim().toLowerCase()] = text.slice(colon + 1).trim();
  }
  if (offset !== raw.length) throw incomplete();
  const body = Buffer.concat(chunks);
  if (Number(headerValue(headers, "x-amz-decoded-content-length")) !== body.length) throw incomplete();
  for (const name of (headerValue(headers, "x-amz-trailer") ?? "").split(",").filter(Boolean)) {
    if (!(name.trim().toLowerCase() in trailers)) {
      throw new S3Error(400, "MalformedTrailerError", "The request contained trailing data that was not well-formed.");
    }
  }
  return { body, trailers };
}

const DIGESTS: Record<string, (body: Buffer) => string> = {
  crc32: (body) => {
    const value = Buffer.alloc(4);
    value.writeUInt32BE(zlib.crc32(body));
    return value.toString("base64");
  },
  sha1: (body) => crypto.createHash("sha1").update(body).digest("base64"),
  sha256: (body) => crypto.createHash("sha256").update(body).digest("base64"),
};

/**
 * Checks Content-MD5 and the one x-amz-checksum-* value (a header, or a trailer of an aws-chunked
 * body) against the bytes; returns the checksum to keep with the object.
 */
export function verifyDigests(headers: IncomingHttpHeaders, payload: Payload): Record<string, string> {
  const md5 = headerValue(headers, "content-md5");
  if (md5 !== undefined && crypto.createHash("md5").update(payload.body).digest("base64") !== md5) {
    throw new S3Error(400, "BadDigest", "The Content-MD5 you specified did not match what we received.");
  }
  const given = { ...headers, ...payload.trailers } as IncomingHttpHeaders;
  const names = Object.keys(given).filter((name) => /^x-amz-checksum-(?!mode$|type$|algorithm$)/.test(name));
  if (names.length > 1)
    throw new S3Error(
      400,
      "InvalidRequest",
      "Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.",
    );
  if (names.length === 0) return {};
  const name = names[0]!;
  const algorithm = name.slice("x-amz-checksum-".length);
  const digest = DIGESTS[algorithm];
  if (!digest) throw new S3Error(501, "NotImplemented", `This stand-in does not implement the ${algorithm} checksum.`);
  if (digest(payload.body) !== headerValue(given, name)) {
    throw new S3Error(
      400,
      "BadDigest",
      `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
    );
  }
  return { [name]: headerValue(given, name)! };
}
