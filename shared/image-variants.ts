// The sizes and formats an uploaded product picture is offered in, by address (made and served by
// server/media/image-variants.ts; decision 023). From the original, /media/products/12-3f9a0c1d2e4b.webp:
//   /media/products/12-3f9a0c1d2e4b-640w.webp   640 px wide, WebP
//   /media/products/12-3f9a0c1d2e4b-640w.avif   640 px wide, AVIF
//   /media/products/12-3f9a0c1d2e4b.avif        the original's size, AVIF
// None is wider than the original. Generated SVG art (/media/generated/...) has no variants.

/** Uploaded product pictures are stored at most this many pixels wide and high. */
export const UPLOADED_IMAGE_PIXELS = 1600;
/** The widths of the smaller copies, below the original's. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const UPLOADED = /^\/media\/products\/(\d+-[0-9a-f]{12})\.webp$/;

/**
 * The `srcset` of an uploaded picture in each format, or null for any other address. The original
 * is listed as 1600 px wide, the most it can be: a smaller original is only chosen a little early.
 */
export function uploadedImageSrcSets(src: string): Record<VariantFormat, string> | null {
  const stem = UPLOADED.exec(src)?.[1];
  if (!stem) return null;
  const srcSet = (format: VariantFormat) =>
    [
      ...VARIANT_WIDTHS.map((width) => `/media/products/${stem}-${width}w.${format} ${width}w`),
      `/media/products/${stem}.${format} ${UPLOADED_IMAGE_PIXELS}w`,
    ].join(", ");
  return { avif: srcSet("avif"), webp: srcSet("webp") };
}
