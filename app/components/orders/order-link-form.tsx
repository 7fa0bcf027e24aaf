import { ORDER_LOOKUP_PATH } from "@shared/order-link.ts";
import { useFetcher } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

type Answer = { ok: boolean; message: string };

/**
 * Order number and email address: the shop emails a fresh order link to the order's address when
 * they match a guest's order. `answer` is the lookup page's own action result (a post without
 * JavaScript); with JavaScript the form posts in the background and stays where it is.
 */
export function OrderLinkForm({ orderNumber, answer }: { orderNumber?: string; answer?: Answer }) {
  const fetcher = useFetcher<Answer>();
  const sending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={ORDER_LOOKUP_PATH} className="grid gap-4 text-left">
      <FormStatus result={fetcher.data ?? answer} />
      <div className="grid gap-2">
        <Label htmlFor="order-link-number">Order number</Label>
        <Input
          id="order-link-number"
          name="orderNumber"
          defaultValue={orderNumber}
          required
          minLength={9}
          maxLength={9}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="order-link-email">Email address of the order</Label>
        <Input id="order-link-email" name="email" type="email" required maxLength={254} autoComplete="email" />
      </div>
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Email me a new link"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
