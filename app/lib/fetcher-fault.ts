import { data } from "react-router";

export const FAULT_MESSAGE = "The shop could not be reached or had a problem. Please try again in a moment.";

/**
 * The clientAction of a route that the page's fetchers post to (cart, wishlist, sign-in, sign-up and
 * sign-out, follow, review, order link).
 * Refusals already come back as `{ ok: false, message }` answers; a fault of the server (5xx) or of
 * the network would be thrown, and React Router would replace the whole page with the error screen.
 * Here it becomes such an answer too, for the form's toast, and the page stays. Its 503 status
 * keeps React Router from reloading the page's data from a server that just failed. Redirects pass on.
 */
export async function keepPageOnFault<Answer>({ serverAction }: { serverAction: () => Promise<Answer> }) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ ok: false as const, message: FAULT_MESSAGE }, { status: 503 });
  }
}
