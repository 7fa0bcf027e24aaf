import crypto from "node:crypto";
import { Readable } from "node:stream";
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../../tests/support/s3-stand-in.ts";

// The stand-in is only worth its tests if it refuses what S3 refuses: these drive it with the real
// SDK, in its default configuration too (CRC32 checksums, aws-chunked streams), and tamper with
// requests after the SDK has signed them.

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());

function client(config: Partial<S3ClientConfig> = {}) {
  return new S3Client({
    region: s3.region,
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    maxAttempts: 1,
    ...config,
  });
}

/** A client whose requests are changed after they are signed, as an attacker on the wire would. */
type SignedRequest = { headers: Record<string, string>; body: unknown };
type Middleware = Parameters<S3Client["middlewareStack"]["addRelativeTo"]>[0];

function tampering(change: (request: SignedRequest) => void) {
  const sdk = client();
  type Handler = (args: { request: SignedRequest }) => Promise<unknown>;
  const tamper = (next: Handler) => async (args: { request: SignedRequest }) => {
    change(args.request);
    return next(args);
  };
  sdk.middlewareStack.addRelativeTo(tamper as unknown as Middleware, {
    relation: "after",
    toMiddleware: "httpSigningMiddleware",
    name: "tamper",
  });
  return sdk;
}

async function failureOf(work: Promise<unknown>) {
  const error = await work.then(
    () => {
      throw new Error("expected S3 to refuse");
    },
    (error: unknown) => error,
  );
  if (!(error instanceof S3ServiceException)) throw error;
  return { code: error.name, status: error.$metadata.httpStatusCode, message: error.message };
}

const bytes = (size: number) => crypto.randomBytes(size);
const put = (sdk: S3Client, Key: string, Body: PutObjectCommand["input"]["Body"], extra = {}) =>
  sdk.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body, ...extra }));
const stored = (key: string) => s3.buckets.get(s3.bucket)!.get(key);
const last = () => s3.requests.at(-1)!;

describe("the S3 stand-in with the SDK's defaults", () => {
  it("checks the CRC32 the SDK sends with a put, and gives it back for a get that asks", async () => {
    const body = bytes(3000);
    await put(client(), "defaults/crc.bin", body);
    expect(last().headers["x-amz-checksum-crc32"]).toBeTruthy();
    expect(stored("defaults/crc.bin")!.checksums).toHaveProperty("x-amz-checksum-crc32");
    const response = await client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: "defaults/crc.bin" }));
    expect(last().headers["x-amz-checksum-mode"]).toBe("ENABLED");
    expect(response.ChecksumCRC32).toBe(stored("defaults/crc.bin")!.checksums["x-amz-checksum-crc32"]);
    expect(Buffer.from(await response.Body!.transformToByteArray()).equals(body)).toBe(true);
  });

  it("decodes an aws-chunked stream and checks its trailing checksum", async () => {
    const body = bytes(200_000);
    await put(client(), "defaults/stream.bin", Readable.from([body.subarray(0, 70_000), body.subarray(70_000)]), {
      ContentLength: body.length,
    });
    expect(last().headers).toMatchObject({
      "content-encoding": "aws-chunked",
      "x-amz-content-sha256": "STREAMING-UNSIGNED-PAYLOAD-TRAILER",
      "x-amz-trailer": "x-amz-checksum-crc32",
    });
    expect(stored("defaults/stream.bin")!.body.equals(body)).toBe(true);
  });

  it("refuses a checksum that does not match the bytes", async () => {
    const failure = await failureOf(put(client(), "defaults/bad-crc.bin", bytes(10), { ChecksumCRC32: "AAAAAA==" }));
    expect(failure).toMatchObject({ code: "BadDigest", status: 400 });
    expect(stored("defaults/bad-crc.bin")).toBeUndefined();
  });
});

describe("the S3 stand-in's signature check", () => {
  it("refuses a wrong secret key, an unknown access key and another region", async () => {
    const body = bytes(10);
    const wrongSecret = client({
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: `${s3.secretAccessKey}x` },
    });
    expect(await failureOf(put(wrongSecret, "signed/a.bin", body))).toMatchObject({
      code: "SignatureDoesNotMatch",
      status: 403,
    });
    const unknown = client({ credentials: { accessKeyId: "AKIANOBODY", secretAccessKey: s3.secretAccessKey } });
    expect(await failureOf(put(unknown, "signed/a.bin", body))).toMatchObject({
      code: "InvalidAccessKeyId",
      status: 403,
    });
    expect(await failureOf(put(client({ region: "eu-west-3" }), "signed/a.bin", body))).toMatchObject({
      code: "AuthorizationHeaderMalformed",
      status: 400,
    });
    expect(stored("signed/a.bin")).toBeUndefined();
  });

  it("refuses a body, a header or an extra x-amz- header changed after signing", async () => {
    const body = bytes(64);
    const swapped = tampering((request) => {
      request.body = Buffer.alloc(64);
    });
    expect(await failureOf(put(swapped, "signed/b.bin", body))).toMatchObject({ code: "XAmzContentSHA256Mismatch" });
    const retyped = tampering((request) => {
      request.headers["content-type"] = "text/html";
    });
    expect(await failureOf(put(retyped, "signed/b.bin", body, { ContentType: "image/webp" }))).toMatchObject({
      code: "SignatureDoesNotMatch",
    });
    const public_ = tampering((request) => {
      request.headers["x-amz-acl"] = "public-read";
    });
    expect(await failureOf(put(public_, "signed/b.bin", body))).toMatchObject({ code: "AccessDenied", status: 403 });
    expect(stored("signed/b.bin")).toBeUndefined();
  });

  it("tells the SDK its clock is wrong, and the SDK corrects it from the Date header and retries", async () => {
    const ahead = await startS3StandIn({ clockOffsetMs: 20 * 60 * 1000 });
    try {
      const sdk = new S3Client({
        region: ahead.region,
        endpoint: ahead.url,
        forcePathStyle: true,
        credentials: { accessKeyId: ahead.accessKeyId, secretAccessKey: ahead.secretAccessKey },
      });
      await sdk.send(new PutObjectCommand({ Bucket: ahead.bucket, Key: "signed/late.bin", Body: bytes(5) }));
      expect(ahead.requests.map((request) => request.code ?? request.status)).toEqual(["RequestTimeTooSkewed", 200]);
    } finally {
      await ahead.close();
    }
  });

  it("keeps the bucket private: anonymous requests and ACLs are refused", async () => {
    await put(client(), "private/c.bin", bytes(5));
    const anonymous = await fetch(`${s3.url}/${s3.bucket}/private/c.bin`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain("<Code>AccessDenied</Code>");
    expect(await failureOf(put(client(), "private/d.bin", bytes(5), { ACL: "public-read" }))).toMatchObject({
      code: "AccessControlListNotSupported",
    });
  });
});

describe("the S3 stand-in's answers", () => {
  it("answers S3's errors for a missing key, a missing bucket and a missing object's HEAD", async () => {
    expect(
      await failureOf(client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: "none/x.bin" }))),
    ).toMatchObject({
      code: "NoSuchKey",
      status: 404,
    });
    expect(
      await failureOf(client().send(new GetObjectCommand({ Bucket: "no-such-bucket", Key: "a/b" }))),
    ).toMatchObject({
      code: "NoSuchBucket",
      status: 404,
    });
    expect(
      await failureOf(client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: "none/x.bin" }))),
    ).toMatchObject({
      code: "NotFound",
      status: 404,
    });
  });

  it("keys with spaces and non-ASCII letters are signed and stored as given", async () => {
    const key = "odd names/Ünïcode (v2) + 100%.pdf";
    await put(client(), key, bytes(5));
    expect(stored(key)).toBeDefined();
    const head = await client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentLength).toBe(5);
  });
});
