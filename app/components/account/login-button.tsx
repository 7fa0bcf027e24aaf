import { LogIn } from "lucide-react";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Button, type ButtonProps } from "~/components/ui/button";

export interface DemoAccount {
  email: string;
  password: string;
  isSeller: boolean;
}

/** The header's Login button: it opens the login modal. */
export function LoginButton(props: ButtonProps) {
  const { show } = useShopDialogs().login;
  return (
    <Button
      variant="outline"
      {...props}
      onClick={(event) => {
        props.onClick?.(event);
        show();
      }}
    >
      <LogIn aria-hidden="true" />
      Login
    </Button>
  );
}
