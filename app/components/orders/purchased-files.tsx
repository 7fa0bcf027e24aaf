import { Download, KeyRound } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FileSize } from "~/components/ui/file-size";

/** A bought item's license: its kind (the terms of /license) and its key. */
export function LicenseLine({ type, licenseKey }: { type: string; licenseKey: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
      <Link to="/license" className="underline">
        {type[0]!.toUpperCase() + type.slice(1)} license
      </Link>
      <span className="text-muted-foreground">key</span>
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{licenseKey}</code>
    </p>
  );
}

/** A bought item's files, each with its short-lived signed download link. */
export function FileList({
  title,
  files,
}: {
  title: string;
  files: { fileId: number; fileName: string; sizeBytes: number; url: string }[];
}) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={`Files of ${title}`}>
      {files.map((file) => (
        <li key={file.fileId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="min-w-0 wrap-anywhere">
            {file.fileName} <FileSize bytes={file.sizeBytes} />
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
