import { updateProfileName } from "@server/accounts/account-settings.ts";
import { profileSchema } from "@server/accounts/credentials-schema.ts";
import { servicesContext } from "@server/http/context.ts";
import { data, Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { UserAvatar } from "~/components/account/user-avatar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { authFailure } from "~/lib/auth-failure.server";
import { firstIssue } from "~/lib/form-errors";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireUser(request, context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const { auth } = context.get(servicesContext);
  const parsed = profileSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, message: firstIssue(parsed.error) }, { status: 400 });
  try {
    await updateProfileName(auth, request.headers, parsed.data.name);
    return { ok: true, message: "Your profile was saved." };
  } catch (error) {
    return authFailure(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Profile");

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const saving = useNavigation().state === "submitting";
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
        <Form method="post" className="mt-6 grid gap-4">
          <FormStatus result={actionData} />
          <div className="grid gap-2">
            <Label htmlFor="profile-name">Name</Label>
            <Input
              id="profile-name"
              name="name"
              defaultValue={user.name}
              required
              maxLength={100}
              autoComplete="name"
            />
          </div>
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save profile"}
            </Button>
          </div>
        </Form>
      </Card>
    </Container>
  );
}
