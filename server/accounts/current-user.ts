import type { Auth } from "./auth.ts";

/** What pages may know about the signed-in user: never tokens or hashes. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  /** Whether the user proved the address (a confirmation link, or Google saying so). */
  emailVerified: boolean;
  avatarUrl: string | null;
  isSeller: boolean;
  /** The platform's staff (admin console). */
  isAdmin: boolean;
}

export async function getCurrentUser(auth: Auth, headers: Headers): Promise<CurrentUser | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { user } = result;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    avatarUrl: user.image ?? null,
    isSeller: user.isSeller === true,
    isAdmin: user.role === "admin",
  };
}
