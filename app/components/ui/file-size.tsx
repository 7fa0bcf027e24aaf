import { formatFileSize } from "@shared/format.ts";

/** A file's size after its name, "(1.1 KB)", never broken across lines however the name wraps. */
export function FileSize({ bytes }: { bytes: number }) {
  return <span className="whitespace-nowrap text-muted-foreground">({formatFileSize(bytes)})</span>;
}
