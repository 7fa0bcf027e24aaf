import type { DownloadableFile } from "@server/delivery/order-downloads.ts";
import { formatDayUtc } from "@shared/format.ts";
import { LICENSE_TIER_NAMES, type LicenseTier, seatsLabel } from "@shared/license-tiers.ts";
import { Download, FileBadge, KeyRound } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FileSize } from "~/components/ui/file-size";

/** A bought item's license: its tier (the terms of /license), seats and key, and what else there is to it. */
export function LicenseLine({
  tier,
  seats,
  licenseKey,
  termsVersion,
  certificateUrl,
  title,
}: {
  tier: LicenseTier;
  seats: number;
  licenseKey: string;
  /** The version of the License page's terms it was bought under. */
  termsVersion?: string;
  /** Where its certificate (PDF) downloads, while the license holds. */
  certificateUrl?: string;
  /** The item's title, naming its certificate's link among others on the page. */
  title: string;
}) {
  return (
    <div className="flex gap-2 text-sm">
      <KeyRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>
            <Link to="/license" className="underline">
              {LICENSE_TIER_NAMES[tier]} license
            </Link>{" "}
            · {seatsLabel(seats)}
          </span>
          {/* A key is copied as one: it never breaks across lines (at its hyphens neither); a card
              narrower than it scrolls it sideways. */}
          <span className="max-w-full min-w-0">
            <span className="text-muted-foreground">key</span>{" "}
            <span
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a key wider than the card scrolls, and a scrollable region must be reachable by keyboard (WCAG 2.1.1).
              tabIndex={0}
              className="inline-block max-w-full overflow-x-auto align-bottom"
            >
              <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap">{licenseKey}</code>
            </span>
          </span>
        </p>
        {termsVersion || certificateUrl ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
            {termsVersion ? <span>Terms version {termsVersion}</span> : null}
            {certificateUrl ? (
              <a
                href={certificateUrl}
                download
                // Not "Download ...": that names the item's files, and the certificate is not one of them.
                aria-label={`License certificate (PDF) of ${title}`}
                className="inline-flex items-center gap-1 font-medium text-primary underline"
              >
                <FileBadge className="size-4" aria-hidden="true" />
                License certificate (PDF)
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A bought item's files, each with its short-lived signed download link; a file the seller has
 * uploaded a new version of since the buyer last downloaded it says "Updated".
 */
export function FileList({ title, files }: { title: string; files: DownloadableFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={`Files of ${title}`}>
      {files.map((file) => (
        <li key={file.fileId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="wrap-anywhere">
              {file.fileName} <FileSize bytes={file.sizeBytes} />
              {file.updated ? (
                <Badge variant="success" className="ml-2 align-middle">
                  Updated
                </Badge>
              ) : null}
            </span>
            {file.version > 1 ? (
              <span className="text-xs text-muted-foreground">
                Version {file.version} · updated {formatDayUtc(file.versionUploadedAt)}
              </span>
            ) : null}
          </span>
          <Button asChild variant="outline" size="sm">
            <a href={file.url} download={file.fileName} aria-label={`Download ${file.fileName}`}>
              <Download aria-hidden="true" />
              Download
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
