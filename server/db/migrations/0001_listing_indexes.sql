DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_popularity_idx";--> statement-breakpoint
CREATE INDEX "products_published_popularity_idx" ON "products" USING btree ("downloads" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_category_popularity_idx" ON "products" USING btree ("category_id","downloads" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'published';