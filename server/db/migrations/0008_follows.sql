CREATE TABLE "creator_follows" (
	"user_id" text NOT NULL,
	"creator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_follows_user_id_creator_id_pk" PRIMARY KEY("user_id","creator_id")
);
--> statement-breakpoint
ALTER TABLE "creator_follows" ADD CONSTRAINT "creator_follows_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_follows" ADD CONSTRAINT "creator_follows_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A creator's follower count moves with each follow, including those an account deletion removes.
CREATE FUNCTION count_creator_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE creators SET followers = followers + 1 WHERE id = NEW.creator_id;
  ELSE
    UPDATE creators SET followers = greatest(followers - 1, 0) WHERE id = OLD.creator_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER creator_follows_count AFTER INSERT OR DELETE ON creator_follows
  FOR EACH ROW EXECUTE FUNCTION count_creator_follows();
