import { updateProfileName } from "@server/accounts/account-settings.ts";
import { removeAvatar, setAvatar } from "@server/accounts/avatar.ts";
import { servicesContext } from "@server/http/context.ts";
import { profileSchema } from "@shared/account-credentials-schema.ts";
import { data, useNavigation } from "react-router";
import { z } from "zod";
import { ProfileName } from "~/components/account/profile-name";
import { ProfilePicture } from "~/components/account/profile-picture";
import { Container } from "~/components/ui/page";
import { readProfileForm } from "~/lib/avatar-upload.server";
import { parseIntent, parseSubmission } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { pageLoader, refusalResponse } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/profile";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  return { user: await requireUser(request, context) };
});

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
    const submission = parseSubmission(form, profileSchema);
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
  return (
    <Container className="max-w-2xl py-10">
      <h1 className="text-3xl font-bold">Profile</h1>
      <ProfilePicture user={user} answer={answerOf("picture")} sending={sending} saving={saving} />
      <ProfileName name={user.name} answer={answerOf("name")} sending={sending} saving={saving} />
    </Container>
  );
}
