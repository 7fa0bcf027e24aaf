import { Form } from "react-router";
import { type LastChange, ProductUpload } from "~/components/sellers/product-upload";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FileSize } from "~/components/ui/file-size";

/** The files buyers download: each with its size and a Remove button, and an upload for another. */
export function ProductFilesSection({
  files,
  busy,
  lastChange,
}: {
  files: { id: number; fileName: string; sizeBytes: number }[];
  busy: boolean;
  lastChange: LastChange;
}) {
  return (
    <Card className="p-6">
      <h3 className="text-lg font-semibold">Files buyers download</h3>
      <ul className="mt-3 flex flex-col gap-2 text-sm" aria-label="Files">
        {files.map((file) => (
          <li key={file.id} className="flex items-center justify-between gap-2">
            <span className="min-w-0 wrap-anywhere">
              {file.fileName} <FileSize bytes={file.sizeBytes} />
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
