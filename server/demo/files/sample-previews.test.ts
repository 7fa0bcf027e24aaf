import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingJobs } from "../../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { productFilePreviews, productFiles } from "../../db/schema.ts";
import { QUEUES } from "../../jobs/queue.ts";
import { renderFilePreviews } from "../../previews/file-previews.ts";
import { type FileStore, localFileStore } from "../../storage/file-store.ts";
import { seedSampleCatalogueIfEmpty } from "../catalogue/seed-sample-catalogue.ts";
import { ensureSampleProductFiles } from "./sample-files.ts";
import { queueSamplePreviews } from "./sample-previews.ts";

const database = setUpTestDatabase();
let directory = "";
let files: FileStore;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "sample-previews-"));
  files = localFileStore(directory);
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  await ensureSampleProductFiles(database.db, files);
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

describe("the sample catalogue's previews", () => {
  it("are queued at start for each sample PDF without them, and no more once drawn", async () => {
    const pdfs = await database.db
      .select({ id: productFiles.id })
      .from(productFiles)
      .where(eq(productFiles.contentType, "application/pdf"));
    expect(pdfs.length).toBeGreaterThan(0);
    const jobs = recordingJobs();
    expect(await queueSamplePreviews(database.db, jobs)).toBe(pdfs.length);
    expect(jobs.sent.map((job) => job.name)).toEqual(pdfs.map(() => QUEUES.renderFilePreviews));
    expect(jobs.sent.map((job) => (job.data as { fileId: number }).fileId).sort()).toEqual(
      pdfs.map((pdf) => pdf.id).sort(),
    );

    const first = jobs.sent[0] as { data: { fileId: number } };
    expect(await renderFilePreviews(database.db, { files, fileId: first.data.fileId })).toMatchObject({
      done: "rendered",
      pages: 2,
    });
    const again = recordingJobs();
    expect(await queueSamplePreviews(database.db, again)).toBe(pdfs.length - 1);
    const drawn = await database.db
      .select()
      .from(productFilePreviews)
      .innerJoin(productFiles, eq(productFiles.id, productFilePreviews.fileId))
      .where(and(eq(productFiles.id, first.data.fileId), isNotNull(productFiles.previewsVersion)));
    expect(drawn).toHaveLength(2);
  });
});
