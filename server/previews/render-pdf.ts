import { fork } from "node:child_process";
import type { DrawnPage, PageLimits } from "./pdf-pages.ts";

// Drawing a PDF's pages in a process of its own, one per file: pdf.js parses on the thread that calls
// it, and the pages are drawn by a native canvas, so a large or hostile file holds up, exhausts or
// even crashes that process alone, never the app server. Its JavaScript heap is capped, and it is
// killed when it runs past its time.

export interface RenderLimits extends PageLimits {
  /** The whole file's drawing, in milliseconds, before it is given up. */
  timeoutMs: number;
  /** The process's JavaScript heap, in MB. */
  heapMb: number;
}

export const PREVIEW_LIMITS: RenderLimits = { pages: 4, longerSide: 1600, timeoutMs: 30_000, heapMb: 256 };

/** A PDF the renderer could not draw: not a PDF, damaged, encrypted, too slow or too large. */
export class UnreadablePdf extends Error {
  override name = "UnreadablePdf";
}

/** The first pages of `pdf` as RGBA pixels; rejects with UnreadablePdf when they cannot be drawn. */
export function renderPdfPages(pdf: Uint8Array, limits: RenderLimits = PREVIEW_LIMITS): Promise<DrawnPage[]> {
  const { timeoutMs, heapMb, ...pageLimits } = limits;
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./pdf-pages-worker.ts", import.meta.url), {
      execArgv: [`--max-old-space-size=${heapMb}`],
      // Typed arrays go across as they are, not as JSON.
      serialization: "advanced",
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      child.kill("SIGKILL");
    };
    const timer = setTimeout(
      () => settle(() => reject(new UnreadablePdf(`Drawing the pages took longer than ${timeoutMs / 1000} s`))),
      timeoutMs,
    );
    child.on("message", (message: { pages?: DrawnPage[]; error?: string }) => {
      if (message.pages) settle(() => resolve(message.pages!));
      else settle(() => reject(new UnreadablePdf(message.error ?? "The PDF could not be read")));
    });
    child.on("error", (error) => settle(() => reject(new UnreadablePdf(error.message))));
    // Out of memory, a crash of the native canvas, or killed: the file asked for more than it may have.
    child.on("exit", (code, signal) =>
      settle(() => reject(new UnreadablePdf(`The PDF renderer stopped (${signal ?? `exit code ${code}`})`))),
    );
    // A plain Uint8Array (pdf.js refuses a Buffer), copied: the caller keeps its bytes.
    child.send({ pdf: new Uint8Array(pdf), limits: pageLimits });
  });
}
