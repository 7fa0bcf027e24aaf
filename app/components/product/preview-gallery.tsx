import type { FilePreview } from "@server/catalogue/product-detail.ts";
import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "lucide-react";
import { Dialog } from "radix-ui";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { DialogCloseButton } from "~/components/layout/panel-dialog";
import { Button } from "~/components/ui/button";
import { pageLabel } from "~/lib/preview-label";

// The "Look inside" pages, one at a time, at full resolution (the stored 1600 px page; AVIF where
// the browser takes it), in a modal dialog: Radix keeps the focus inside and closes it on Escape.
// Arrow keys or the buttons turn the page, + and - or the buttons zoom; a zoomed page scrolls.

const ZOOMS = [1, 1.5, 2, 3] as const;

// A button that has nothing to do (no page before the first, no zoom past the last) says so but keeps
// the keyboard's focus: a disabled one would drop it out of the dialog, and with it the arrow keys.
const unavailable = (when: boolean) =>
  when ? { "aria-disabled": true, className: "opacity-50 cursor-not-allowed" } : {};

/** The page `index` of `previews` in a dialog (closed when `index` is null). */
export function PreviewGallery({
  previews,
  index,
  onIndexChange,
  returnFocusTo,
}: {
  previews: FilePreview[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Where the focus goes when the dialog closes: the thumbnail that opened it. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const [zoom, setZoom] = useState(0);
  const shown = index ?? 0;
  const preview = previews[shown];
  const last = previews.length - 1;
  const turn = (step: 1 | -1) => {
    const next = Math.min(last, Math.max(0, shown + step));
    if (next === shown) return;
    setZoom(0);
    onIndexChange(next);
  };
  const zoomBy = (step: 1 | -1) => setZoom((current) => Math.min(ZOOMS.length - 1, Math.max(0, current + step)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = {
      ArrowLeft: () => turn(-1),
      ArrowRight: () => turn(1),
      "+": () => zoomBy(1),
      "=": () => zoomBy(1),
      "-": () => zoomBy(-1),
    }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  if (!preview) return null;
  const position = `${shown + 1} of ${previews.length}`;
  return (
    <Dialog.Root open={index !== null} onOpenChange={(open) => (open ? null : onIndexChange(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed inset-2 z-50 flex flex-col gap-2 rounded-xl bg-background p-3 shadow-xl sm:inset-6"
        >
          <div className="flex shrink-0 items-center justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="truncate font-semibold">{pageLabel(preview)}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                Look inside: {position}. Arrow keys turn the page, + and − zoom.
              </Dialog.Description>
            </div>
            <DialogCloseButton label="Close" />
          </div>
          <PageView preview={preview} zoom={ZOOMS[zoom]!} />
          <div className="flex shrink-0 flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-1">
              <Button
                variant="outline"
                size="icon"
                aria-label="Previous page"
                {...unavailable(shown === 0)}
                onClick={() => turn(-1)}
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Next page"
                {...unavailable(shown === last)}
                onClick={() => turn(1)}
              >
                <ChevronRight aria-hidden="true" />
              </Button>
              {/* Read out when the page turns (the title changes too, but titles are not announced). */}
              <p aria-live="polite" className="px-2 text-sm tabular-nums">
                <span className="sr-only">{pageLabel(preview)}, </span>
                {position}
              </p>
            </div>
            <div className="flex items-center gap-1">
              <Button
                variant="outline"
                size="icon"
                aria-label="Zoom out"
                {...unavailable(zoom === 0)}
                onClick={() => zoomBy(-1)}
              >
                <ZoomOut aria-hidden="true" />
              </Button>
              <output aria-live="polite" className="w-14 text-center text-sm tabular-nums">
                <span className="sr-only">Zoom </span>
                {Math.round(ZOOMS[zoom]! * 100)}%
              </output>
              <Button
                variant="outline"
                size="icon"
                aria-label="Zoom in"
                {...unavailable(zoom === ZOOMS.length - 1)}
                onClick={() => zoomBy(1)}
              >
                <ZoomIn aria-hidden="true" />
              </Button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The page fitted to the space it has, times `zoom`; scrolled when larger than that space. */
function PageView({ preview, zoom }: { preview: FilePreview; zoom: number }) {
  const frame = useRef<HTMLDivElement>(null);
  const [space, setSpace] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSpace({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const fit = space ? Math.min(space.width / preview.width, space.height / preview.height) : 0;
  const width = Math.max(1, Math.floor(preview.width * fit * zoom));
  // Zooming keeps the middle of what is in view in the middle; a new page starts from its middle.
  const centre = useRef({ x: 0.5, y: 0.5, page: preview.imageUrl });
  const keepCentre = () => {
    const element = frame.current;
    if (!element || element.scrollWidth === 0) return;
    centre.current = {
      x: (element.scrollLeft + element.clientWidth / 2) / element.scrollWidth,
      y: (element.scrollTop + element.clientHeight / 2) / element.scrollHeight,
      page: preview.imageUrl,
    };
  };
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element || width <= 1) return;
    if (centre.current.page !== preview.imageUrl) centre.current = { x: 0.5, y: 0.5, page: preview.imageUrl };
    element.scrollLeft = centre.current.x * element.scrollWidth - element.clientWidth / 2;
    element.scrollTop = centre.current.y * element.scrollHeight - element.clientHeight / 2;
  }, [width, preview.imageUrl]);
  const avif = preview.imageUrl.replace(/\.webp$/, ".avif");
  return (
    // A zoomed page scrolls; browsers let the keyboard reach a scrolling box of their own accord.
    <div
      ref={frame}
      onScroll={keepCentre}
      className="min-h-0 flex-1 overflow-auto rounded-md bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      {space ? (
        <div
          className="flex min-h-full min-w-full items-center justify-center"
          style={{ width: Math.max(width, space.width) }}
        >
          <picture key={preview.imageUrl}>
            {avif !== preview.imageUrl ? <source type="image/avif" srcSet={avif} /> : null}
            <img
              src={preview.imageUrl}
              alt={pageLabel(preview)}
              width={width}
              height={Math.max(1, Math.floor(preview.height * fit * zoom))}
              className="max-w-none bg-white shadow"
            />
          </picture>
        </div>
      ) : null}
    </div>
  );
}
