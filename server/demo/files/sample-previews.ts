import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { creators, productFiles, products } from "../../db/schema.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { withoutCurrentPreviews } from "../../previews/file-previews.ts";
import { sampleCreators } from "../catalogue/sample-catalogue.ts";

/**
 * Queues the previews of the sample catalogue's PDFs that have none of their current version (at each
 * start, after the sample files are written): the pages are drawn in the background, so a first start
 * is not held up by them. A job queued twice does nothing the second time. Returns how many were queued.
 */
export async function queueSamplePreviews(db: Database, jobs: JobQueue): Promise<number> {
  const files = await db
    .select({ id: productFiles.id })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(
      and(
        withoutCurrentPreviews,
        eq(products.status, "published"),
        inArray(
          creators.slug,
          sampleCreators.map((creator) => creator.slug),
        ),
      ),
    )
    // In product order: product 1, which the e2e tests open, is drawn first.
    .orderBy(asc(products.id));
  for (const { id } of files) await jobs.send(QUEUES.renderFilePreviews, { fileId: id });
  return files.length;
}
