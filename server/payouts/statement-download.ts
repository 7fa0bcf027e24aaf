import type { Database } from "../db/client.ts";
import { privateDownload, refusalPage } from "../http/private-file.ts";
import { Refusal } from "../lib/refusal.ts";
import { statementCsv } from "./statement-csv.ts";
import { statementPdf } from "./statement-pdf.ts";
import { monthlyStatement, NO_SUCH_MONTH } from "./statements.ts";

// The statement files a seller downloads from /seller/statements: "2026-11.pdf" or "2026-11.csv",
// always the signed-in seller's own (the address names no shop), kept by no cache.

const FILE = /^(\d{4}-\d{2})\.(pdf|csv)$/;

const CONTENT_TYPES = { pdf: "application/pdf", csv: "text/csv; charset=utf-8" } as const;

/**
 * The statement file `file` of the shop `creatorId` as a download, or a small page saying why not
 * (a month yet to come, a name that is no statement's: 404), with the way back to the list.
 */
export async function statementResponse(
  services: { db: Database; shopName: string },
  { creatorId, file, now = new Date() }: { creatorId: number; file: string | undefined; now?: Date },
): Promise<Response> {
  try {
    const match = FILE.exec(file ?? "");
    if (!match) throw new Refusal(NO_SUCH_MONTH, "not-found");
    const [, month, format] = match as unknown as [string, string, "pdf" | "csv"];
    const statement = await monthlyStatement(services.db, { creatorId, month, now });
    const body =
      format === "pdf"
        ? new Uint8Array(await statementPdf(statement, { shopName: services.shopName }))
        : new TextEncoder().encode(statementCsv(statement));
    return privateDownload(body, {
      filename: `statement-${month}-seller-${creatorId}.${format}`,
      contentType: CONTENT_TYPES[format],
    });
  } catch (error) {
    return refusalPage(error, "Statement unavailable", {
      href: "/seller/statements",
      label: "Back to your statements",
    });
  }
}
