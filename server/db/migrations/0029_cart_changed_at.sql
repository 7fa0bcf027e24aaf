-- Issue 18: when a cart last changed, for the abandoned-cart email (one reminder 24 hours after the
-- last change, and another only after a later change). shoppers.updated_at cannot tell: a wishlist
-- toggle or a discount code moves it too, and a guest cart joined at sign-in does not. So every
-- insert, update and delete of a cart's lines or bundles stamps its shopper's cart_changed_at,
-- whatever code makes it (the cart's buttons, the sign-in merge, a paid order taking its lines).
ALTER TABLE "shoppers" ADD COLUMN "cart_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shoppers_account_cart_changed_idx" ON "shoppers" USING btree ("cart_changed_at") WHERE "shoppers"."user_id" IS NOT NULL AND "shoppers"."cart_changed_at" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION stamp_cart_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shoppers SET cart_changed_at = now()
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.shopper_id ELSE NEW.shopper_id END;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cart_items_stamp_change AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION stamp_cart_change();--> statement-breakpoint
CREATE TRIGGER cart_bundles_stamp_change AFTER INSERT OR UPDATE OR DELETE ON cart_bundles
  FOR EACH ROW EXECUTE FUNCTION stamp_cart_change();--> statement-breakpoint
-- Carts kept before this: their last visit stands in for their last change.
UPDATE shoppers SET cart_changed_at = updated_at
WHERE EXISTS (SELECT 1 FROM cart_items WHERE shopper_id = shoppers.id)
   OR EXISTS (SELECT 1 FROM cart_bundles WHERE shopper_id = shoppers.id);
