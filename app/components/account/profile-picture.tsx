import type { CurrentUser } from "@server/accounts/current-user.ts";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { FormStatus } from "./form-status";
import { outcomeOf, type SectionAnswer } from "./section-answer";
import { UserAvatar } from "./user-avatar";

/**
 * Profile: the account's picture (or initials), name and email, with a new picture to upload and
 * the current one to remove. `sending`: the intent of the form being sent, if any.
 */
export function ProfilePicture({
  user,
  answer,
  sending,
  saving,
}: {
  user: Pick<CurrentUser, "name" | "email" | "avatarUrl">;
  answer: SectionAnswer | undefined;
  sending: unknown;
  saving: boolean;
}) {
  return (
    <Card className="mt-6 p-6">
      <div className="flex items-center gap-4">
        <UserAvatar user={user} className="size-16 text-lg" />
        <div>
          <p className="text-lg font-semibold wrap-anywhere">{user.name}</p>
          <p className="text-sm text-muted-foreground wrap-anywhere">{user.email}</p>
        </div>
      </div>
      {/* A file field is no text to check as it is typed: the server checks the picture. */}
      <Form method="post" encType="multipart/form-data" className="mt-6 grid gap-4" key={user.avatarUrl ?? "none"}>
        <FormStatus result={outcomeOf(answer)} />
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
  );
}
