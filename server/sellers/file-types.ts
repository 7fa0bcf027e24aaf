import { slugify } from "../lib/slug.ts";

// What a downloadable file really is, read from its first bytes (never from its name or the
// browser's claim). Office documents and EPUB books are ZIP containers: their name chooses
// among those, but their bytes must be a ZIP.

export interface FileType {
  extension: string;
  contentType: string;
}

const ZIP_FAMILY: Record<string, FileType> = {
  zip: { extension: "zip", contentType: "application/zip" },
  epub: { extension: "epub", contentType: "application/epub+zip" },
  docx: { extension: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  xlsx: { extension: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  pptx: { extension: "pptx", contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation" },
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function detectFileType(bytes: Uint8Array, name: string): FileType | null {
  const extension = name.toLowerCase().split(".").pop() ?? "";
  if (startsWith(bytes, ascii("%PDF-"))) return { extension: "pdf", contentType: "application/pdf" };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return ZIP_FAMILY[extension] ?? ZIP_FAMILY.zip!;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { extension: "png", contentType: "image/png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: "jpg", contentType: "image/jpeg" };
  if (startsWith(bytes, ascii("GIF8"))) return { extension: "gif", contentType: "image/gif" };
  if (startsWith(bytes, ascii("8BPS"))) return { extension: "psd", contentType: "image/vnd.adobe.photoshop" };
  if (startsWith(bytes, ascii("ftyp"), 4)) return { extension: "mp4", contentType: "video/mp4" };
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) {
    return { extension: "svg", contentType: "image/svg+xml" };
  }
  return null;
}

/** A safe file name for buyers: letters, digits and dashes from the original, with the detected extension. */
export function downloadName(original: string, type: FileType): string {
  const base = slugify(original.replace(/\.[^.]*$/, ""), 80);
  return `${base || "download"}.${type.extension}`;
}

/** What a file type is called for a person: "PDF", "PNG", "DOCX". */
function fileTypeLabel(type: FileType): string {
  return type.extension.toUpperCase();
}

/**
 * The refusal of a new version whose bytes are another type of file than the one it replaces: a
 * buyer who bought a PDF keeps getting a PDF.
 */
export function otherTypeOfFile(replaced: FileType, uploaded: FileType): string {
  return `A new version must be the same type of file as the one it replaces: a ${fileTypeLabel(replaced)} file. This one is a ${fileTypeLabel(uploaded)} file.`;
}
