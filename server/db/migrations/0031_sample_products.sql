ALTER TABLE "products" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The sample catalogue a demo shop loaded before this: its products 1 to 66, pictured by the art
-- generator (/media/generated/), which no seller's upload is. A live shop withdraws them at every start.
UPDATE products SET is_sample = true
WHERE id BETWEEN 1 AND 66
  AND EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = products.id AND i.url LIKE '/media/generated/%');
