import { useState } from "react";
import { cn } from "~/lib/utils";

function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [name.trim()[0]];
  return letters.join("").toUpperCase() || "?";
}

/** The user's picture, or their initials when there is none or it fails to load. */
export function UserAvatar({
  user,
  className,
}: {
  user: { name: string; avatarUrl: string | null };
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const classes = cn(
    "inline-grid size-8 shrink-0 place-items-center overflow-hidden rounded-full bg-primary-soft text-xs font-semibold text-primary",
    className,
  );
  if (user.avatarUrl && !failed) {
    return <img src={user.avatarUrl} alt="" className={cn(classes, "object-cover")} onError={() => setFailed(true)} />;
  }
  return (
    <span aria-hidden="true" className={classes}>
      {initialsOf(user.name)}
    </span>
  );
}
