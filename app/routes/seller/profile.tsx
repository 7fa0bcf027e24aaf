import { getFormProps } from "@conform-to/react";
import { servicesContext } from "@server/http/context.ts";
import { creatorProfileOf, setCreatorAvatar, updateCreatorProfile } from "@server/sellers/creator-profile-editor.ts";
import { creatorProfileSchema } from "@shared/creator-profile-schema.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormStatus } from "~/components/account/form-status";
import { UserAvatar } from "~/components/account/user-avatar";
import { InputField, replyOf, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { parseIntent, parseSubmission } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import { readSellerPictureForm, uploadIn } from "~/lib/seller-upload.server";
import type { Route } from "./+types/profile";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  return { lookOnly, profile: await creatorProfileOf(context.get(servicesContext).db, creator.id) };
});

/** POST: the creator page's text, or a new picture. */
const profileIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("avatar") }),
  z.object({ intent: z.literal("save") }),
]);

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const { db, files } = context.get(servicesContext);
  const form = await readSellerPictureForm(request);
  if (parseIntent(form, profileIntentSchema).intent === "avatar") {
    await setCreatorAvatar(db, { files, creatorId: creator.id, bytes: (await uploadIn(form, "avatar")).bytes });
    return { ok: true as const, message: "Your picture was saved." };
  }
  const submission = parseSubmission(form, creatorProfileSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await updateCreatorProfile(db, creator.id, submission.value);
  return { ok: true as const, message: "Your creator page was saved." };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Creator profile");

export default function CreatorProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = actionData && "message" in actionData ? actionData : undefined;
  const [form, fields] = useSchemaForm(creatorProfileSchema, {
    lastResult: replyOf(actionData),
    defaultValue: {
      specialty: profile.specialty,
      bio: profile.bio,
      location: profile.location,
      website: profile.website ?? "",
    },
  });
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-2xl font-semibold">Creator profile</h2>
        <Link to={`/creator/${profile.slug}`} className="text-sm underline">
          View your creator page
        </Link>
      </div>
      <div className="mt-4">
        <FormStatus result={result} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-6">
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="save" />
            <InputField field={fields.specialty} label="Specialty" />
            <TextareaField field={fields.bio} label="Bio" />
            <InputField field={fields.location} label="Location" />
            <InputField field={fields.website} label="Website" type="url" placeholder="https://" />
            <Button type="submit" className="self-start" disabled={busy}>
              {busy ? "Saving..." : "Save profile"}
            </Button>
          </Form>
        </Card>
        <Card className="h-fit p-6">
          <h3 className="text-lg font-semibold">Picture</h3>
          <UserAvatar user={{ name: profile.name, avatarUrl: profile.avatarUrl }} className="mt-3 size-20 text-2xl" />
          <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-2">
            <Label htmlFor="creator-avatar">A new picture (JPEG, PNG, WebP or GIF, up to 5 MB)</Label>
            <Input
              id="creator-avatar"
              name="avatar"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              required
              className="h-auto py-2"
            />
            <Button type="submit" name="intent" value="avatar" variant="outline" className="self-start" disabled={busy}>
              Upload
            </Button>
          </Form>
        </Card>
      </div>
    </Container>
  );
}
