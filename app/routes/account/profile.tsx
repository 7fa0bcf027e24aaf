import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { updateProfileName } from "@server/accounts/account-settings.ts";
import { removeAvatar, setAvatar } from "@server/accounts/avatar.ts";
import { servicesContext } from "@server/http/context.ts";
import { parseIntent } from "@server/lib/form-fields.ts";
import { profileSchema } from "@shared/account-credentials-schema.ts";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { FormStatus } from "~/components/account/form-status";
import { UserAvatar } from "~/components/account/user-avatar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { InputField, replyOf, useSchemaForm } from "~/components/ui/form-field";
import { Input, Label } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { readProfileForm } from "~/lib/avatar-upload.server";
import { pageMeta } from "~/lib/meta";
import { refusalResponse } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireUser(request, context) };
}

const profileIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload-avatar") }),
  z.object({ intent: z.literal("remove-avatar") }),
  z.object({ intent: z.literal("save-name") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const { auth, files } = context.get(servicesContext);
  const headers = request.headers;
  // The picture's forms and the name's each show their own outcome.
  let intent: "picture" | "name" = "name";
  try {
    const form = await readProfileForm(request);
    const asked = parseIntent(form, profileIntentSchema).intent;
    if (asked === "upload-avatar" || asked === "remove-avatar") {
      intent = "picture";
      const picture = form.get("avatar");
      if (asked === "remove-avatar") {
        await removeAvatar({ auth, files, headers });
        return { intent, ok: true, message: "Your picture was removed." };
      }
      const bytes = picture instanceof File ? await picture.bytes() : new Uint8Array();
      await setAvatar({ auth, files, headers }, bytes);
      return { intent, ok: true, message: "Your new picture was saved." };
    }
    const submission = parseWithZod(form, { schema: profileSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await updateProfileName(auth, headers, submission.value.name);
    return { intent, ok: true, message: "Your profile was saved." };
  } catch (error) {
    return refusalResponse(error, { intent });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Profile");

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const sending = saving ? navigation.formData?.get("intent") : undefined;
  const answerOf = (intent: "picture" | "name") => (actionData?.intent === intent ? actionData : undefined);
  const resultOf = (intent: "picture" | "name") => {
    const answer = answerOf(intent);
    return answer && "message" in answer ? answer : undefined;
  };
  const [nameForm, nameFields] = useSchemaForm(profileSchema, {
    lastResult: replyOf(answerOf("name")),
    defaultValue: { name: user.name },
  });
  return (
    <Container className="max-w-2xl py-10">
      <h1 className="text-3xl font-bold">Profile</h1>
      <Card className="mt-6 p-6">
        <div className="flex items-center gap-4">
          <UserAvatar user={user} className="size-16 text-lg" />
          <div>
            <p className="text-lg font-semibold">{user.name}</p>
            <p className="text-sm text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <Form method="post" encType="multipart/form-data" className="mt-6 grid gap-4" key={user.avatarUrl ?? "none"}>
          <FormStatus result={resultOf("picture")} />
          <div className="grid gap-2">
            <Label htmlFor="profile-avatar">Profile picture</Label>
            <Input
              id="profile-avatar"
              name="avatar"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              aria-describedby="profile-avatar-hint"
              className="file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
            />
            <p id="profile-avatar-hint" className="text-sm text-muted-foreground">
              A JPEG, PNG, WebP or GIF image of up to 5 MB. We crop it to a square.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="upload-avatar" disabled={saving}>
              {sending === "upload-avatar" ? "Uploading..." : "Upload picture"}
            </Button>
            {user.avatarUrl ? (
              <Button type="submit" name="intent" value="remove-avatar" variant="outline" disabled={saving}>
                Remove picture
              </Button>
            ) : null}
          </div>
        </Form>
      </Card>
      <Card className="mt-6 p-6">
        <h2 className="text-xl font-semibold">Your name</h2>
        <Form method="post" {...getFormProps(nameForm)} className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="save-name" />
          <FormStatus result={resultOf("name")} />
          <InputField field={nameFields.name} label="Name" autoComplete="name" />
          <div>
            <Button type="submit" disabled={saving}>
              {sending === "save-name" ? "Saving..." : "Save profile"}
            </Button>
          </div>
        </Form>
      </Card>
    </Container>
  );
}
