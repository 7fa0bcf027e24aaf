import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { checkKey } from "./file-key.ts";
import type { FileStore } from "./file-store.ts";
import { FileStoreUnavailable } from "./file-store-unavailable.ts";

// The shop's files in an S3 bucket (Amazon S3 or an S3-compatible store: MinIO, Ceph, R2, ...).
// The bucket stays private: no request sets an ACL, and public images are served by the shop
// itself (server/http/generated-media.ts), so only the shop's credentials ever read an object.
// See docs/decisions/012-s3-file-store.md.

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server, e.g. `http://minio.internal:9000`; Amazon S3 when absent. */
  endpoint?: string;
  /** Static keys; without them the AWS SDK's default chain (AWS_* variables, instance role) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `http://host/bucket/key` instead of `http://bucket.host/key`, as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `shop/`: "" or folder names ending in a slash. */
  prefix: string;
}

export function s3FileStore(options: S3FileStoreOptions): FileStore {
  const { bucket, prefix } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // The SDK's default adds a CRC32 header (or, for streams, aws-chunked bodies with a trailer)
    // that several S3-compatible stores refuse. The payload is signed by its SHA-256 anyway
    // (x-amz-content-sha256, checked by the server), so only send what an operation requires.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: 10_000,
      requestTimeout: 60_000, // idle socket, not the whole transfer
      // The first start writes sample files 200 at a time; more sockets than the SDK's 50.
      httpAgent: { maxSockets: 100 },
      httpsAgent: { maxSockets: 100 },
    },
  });
  const objectKey = (key: string) => `${prefix}${checkKey(key)}`;

  async function send<T>(what: string, key: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new FileStoreUnavailable(`S3 ${what} of ${key} in bucket ${bucket} failed (${reason})`, { cause: error });
    }
  }

  return {
    async put(key, body) {
      const Key = objectKey(key);
      await send("upload", Key, () =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: body,
            ContentLength: body.byteLength,
            ContentType: "application/octet-stream", // the shop sets the real type when it serves a file
          }),
        ),
      );
    },

    async read(key) {
      const Key = objectKey(key);
      return send("download", Key, async () => {
        try {
          const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          return Buffer.from((await response.Body?.transformToByteArray()) ?? []);
        } catch (error) {
          if (isMissingObject(error)) return null;
          throw error;
        }
      });
    },

    async remove(key) {
      const Key = objectKey(key);
      await send("removal", Key, async () => {
        try {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
        } catch (error) {
          // S3 answers 204 for a missing key; a few compatible stores answer NoSuchKey.
          if (!isMissingObject(error)) throw error;
        }
      });
    },
  };
}

/** No such object; a missing bucket (NoSuchBucket, also a 404) is a configuration error, not a missing file. */
function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");
}
