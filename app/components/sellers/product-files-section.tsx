import { formatDayUtc } from "@shared/format.ts";
import { Form } from "react-router";
import { type LastChange, ProductUpload } from "~/components/sellers/product-upload";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FileSize } from "~/components/ui/file-size";
import { Input, Label } from "~/components/ui/input";

type EditorFile = {
  id: number;
  fileName: string;
  sizeBytes: number;
  version: number;
  versionUploadedAt: Date | string;
};

/**
 * The files buyers download: each with its size, its version and when it was uploaded, a Remove
 * button and an upload of a new version; and an upload for another file.
 */
export function ProductFilesSection({
  files,
  busy,
  lastChange,
}: {
  files: EditorFile[];
  busy: boolean;
  lastChange: LastChange;
}) {
  return (
    <Card className="p-6">
      <h3 className="text-lg font-semibold">Files buyers download</h3>
      <ul className="mt-3 flex flex-col gap-4 text-sm" aria-label="Files">
        {files.map((file) => (
          <li key={file.id} className="flex flex-col gap-2">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 wrap-anywhere">
                <span id={nameId(file)}>{file.fileName}</span> <FileSize bytes={file.sizeBytes} />
              </span>
              <Form method="post">
                <input type="hidden" name="fileId" value={file.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="remove-file"
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  aria-label={`Remove ${file.fileName}`}
                >
                  Remove
                </Button>
              </Form>
            </div>
            <p className="text-muted-foreground">
              Version {file.version} · uploaded {formatDayUtc(file.versionUploadedAt)}
            </p>
            {/* A new version closes the panel and empties its field: the key changes with it. */}
            <NewVersionUpload key={`${file.id}-${file.version}`} file={file} busy={busy} />
          </li>
        ))}
      </ul>
      <ProductUpload
        intent="add-file"
        field="file"
        label="Add a file (PDF, ZIP, image, PSD, EPUB or MP4, up to 100 MB)"
        busy={busy}
        lastChange={lastChange}
      />
    </Card>
  );
}

// The file's name is written once, beside its size: the controls of its row point to it.
const nameId = (file: EditorFile) => `file-${file.id}-name`;

/** "Upload new version": folded away until opened, so that a long list of files stays short. */
function NewVersionUpload({ file, busy }: { file: EditorFile; busy: boolean }) {
  const id = `new-version-${file.id}`;
  return (
    <details className="rounded-md border border-border">
      <summary
        aria-describedby={nameId(file)}
        className="cursor-pointer rounded-md px-3 py-2 font-medium hover:bg-muted"
      >
        Upload new version
      </summary>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2 px-3 pt-1 pb-3">
        <input type="hidden" name="fileId" value={file.id} />
        <Label htmlFor={id}>New version (the same types, up to 100 MB)</Label>
        <Input id={id} name="file" type="file" required aria-describedby={nameId(file)} className="h-auto py-2" />
        <p className="text-xs text-muted-foreground">
          Buyers download the new version from then on and are emailed once; the old one is kept.
        </p>
        <Button
          type="submit"
          name="intent"
          value="upload-version"
          variant="outline"
          className="self-start"
          disabled={busy}
          aria-label={`Upload version ${file.version + 1} of ${file.fileName}`}
        >
          Upload version {file.version + 1}
        </Button>
      </Form>
    </details>
  );
}
