import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect } from "react";
import { Form } from "react-router";
import { ProductImage } from "~/components/product/product-image";
import { type LastChange, ProductUpload } from "~/components/sellers/product-upload";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

type Direction = "earlier" | "later";

const moveButtonId = (imageId: number, direction: Direction) => `move-image-${imageId}-${direction}`;

/** The product's gallery: each image with its move and remove buttons (the first is the cover), and an upload. */
export function ProductImagesSection({
  images,
  busy,
  lastChange,
  moved,
}: {
  images: { id: number; url: string }[];
  busy: boolean;
  lastChange: LastChange;
  /** The image the last answer moved, to keep the keyboard focus on it. */
  moved: { imageId: number; direction: Direction } | null;
}) {
  // The buttons are disabled while the move is sent: give the focus back to the moved image's
  // button (or its other one, when it reached an end) so that keyboard users can go on.
  useEffect(() => {
    if (!moved) return;
    const other = moved.direction === "earlier" ? "later" : "earlier";
    const button = [moveButtonId(moved.imageId, moved.direction), moveButtonId(moved.imageId, other)]
      .map((id) => document.getElementById(id))
      .find((element): element is HTMLButtonElement => element instanceof HTMLButtonElement && !element.disabled);
    button?.focus();
  }, [moved]);
  return (
    <Card className="p-6">
      <h3 className="text-lg font-semibold">Images</h3>
      <ul className="mt-3 grid grid-cols-3 gap-2" aria-label="Images">
        {images.map((image, index) => (
          <li key={image.id} className="flex flex-col gap-1">
            <ProductImage
              src={image.url}
              alt={`Image ${index + 1}${index === 0 ? " (cover)" : ""}`}
              className="aspect-square rounded-md"
              sizes="(min-width: 1024px) 100px, 33vw"
            />
            <Form method="post" className="flex justify-between">
              <input type="hidden" name="imageId" value={image.id} />
              <MoveButton imageId={image.id} number={index + 1} direction="earlier" disabled={busy || index === 0} />
              <MoveButton
                imageId={image.id}
                number={index + 1}
                direction="later"
                disabled={busy || index === images.length - 1}
              />
            </Form>
            <Form method="post">
              <input type="hidden" name="imageId" value={image.id} />
              <Button
                type="submit"
                name="intent"
                value="remove-image"
                variant="ghost"
                size="sm"
                disabled={busy}
                aria-label={`Remove image ${index + 1}`}
              >
                Remove
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <p className="mt-2 text-xs text-muted-foreground">The first image is the cover in the shop.</p>
      ) : null}
      <ProductUpload
        intent="add-image"
        field="image"
        label="Add an image (JPEG, PNG, WebP or GIF, up to 10 MB)"
        accept="image/jpeg,image/png,image/webp,image/gif"
        busy={busy}
        lastChange={lastChange}
      />
    </Card>
  );
}

/** Moves an image one place earlier or later in the gallery; the first image is the cover. */
function MoveButton({
  imageId,
  number,
  direction,
  disabled,
}: {
  imageId: number;
  number: number;
  direction: Direction;
  disabled: boolean;
}) {
  const label = `Move image ${number} ${direction}`;
  return (
    <Button
      id={moveButtonId(imageId, direction)}
      type="submit"
      name="intent"
      value={`move-image-${direction}`}
      variant="ghost"
      size="sm"
      className="px-2"
      disabled={disabled}
      aria-label={label}
      title={label}
    >
      {direction === "earlier" ? <ChevronLeft aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
    </Button>
  );
}
