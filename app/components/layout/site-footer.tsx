import { WITHDRAW_LABEL } from "@shared/withdrawal.ts";
import { Link } from "react-router";
import { Container } from "~/components/ui/page";
import { ShopLogo } from "./shop-logo";
import { footerColumns, legalLinks } from "./site-links";

/**
 * `supportHours`: the shop's configured hours, line by line; none: the footer states none.
 * `withdrawal`: the shop knows where buyers live (TAX_MODE=by-location), so its EU consumers have
 * the withdrawal function, linked here as the law names it.
 */
export function SiteFooter({
  shopName,
  supportHours,
  withdrawal = false,
}: {
  shopName: string;
  supportHours: readonly string[];
  withdrawal?: boolean;
}) {
  return (
    <footer className="mt-16 border-t border-border bg-muted">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <ShopLogo shopName={shopName} />
          <p className="mt-3 text-sm text-muted-foreground">
            Planners, wall art, templates, courses, e-books and printables from independent creators. Download instantly
            after purchase.
          </p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="footer-link">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-border">
        <Container className="flex flex-col gap-2 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            <p>
              © {new Date().getUTCFullYear()} {shopName}. All rights reserved.
            </p>
            <nav aria-label="Legal">
              <ul className="flex gap-4">
                {[...legalLinks, ...(withdrawal ? [{ to: "/withdraw", label: WITHDRAW_LABEL }] : [])].map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="footer-link">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          {supportHours.length > 0 ? <p>Support: {supportHours.join(" · ")}</p> : null}
        </Container>
      </div>
    </footer>
  );
}
