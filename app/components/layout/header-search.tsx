import type { Suggestions } from "@server/search/suggestions.ts";
import { formatPrice } from "@shared/format.ts";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useLocation, useNavigate } from "react-router";
import { SpriteIcon } from "~/components/ui/icon-sprite";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

// The header search: suggestions open when the text is longer than one
// character and close 200 ms after the box loses focus; up to 5 phrases and 5 products. A
// combobox for keyboards and screen readers: arrows move through the options, Enter takes one,
// Escape closes the list. The box shows the search on screen: on /search its query, elsewhere
// nothing (a chosen product suggestion leaves it empty, as a new page would).

const CLOSE_DELAY_MS = 200;
const MIN_LENGTH = 2;

interface Option {
  key: string;
  href: string;
  label: string;
  detail?: string;
}

function optionsOf(suggestions: Suggestions | undefined): { phrases: Option[]; products: Option[] } {
  return {
    phrases: (suggestions?.phrases ?? []).map((phrase) => ({
      key: `phrase-${phrase}`,
      href: `/search?q=${encodeURIComponent(phrase)}`,
      label: phrase,
    })),
    products: (suggestions?.products ?? []).map((product) => ({
      key: `product-${product.id}`,
      href: `/product/${product.id}`,
      label: product.title,
      detail: `${product.creatorName} · ${formatPrice(product.priceCents)}`,
    })),
  };
}

/** The next active option, -1 being the text box itself: past either end the box comes back. */
export function cycle(current: number, step: 1 | -1, size: number) {
  return ((current + 1 + step + size + 1) % (size + 1)) - 1;
}

export function HeaderSearch({ id }: { id: string }) {
  const navigate = useNavigate();
  const fetcher = useFetcher<Suggestions>();
  const location = useLocation();
  const shownQuery = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [text, setText] = useState(shownQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  const { phrases, products } = optionsOf(text.trim().length >= MIN_LENGTH ? fetcher.data : undefined);
  const options = [...phrases, ...products];
  const expanded = open && text.trim().length >= MIN_LENGTH && options.length > 0;

  // Ask for suggestions once typing pauses.
  const { load } = fetcher;
  useEffect(() => {
    const query = text.trim();
    // Only while someone uses the box: not for the query a page put in it.
    if (query.length < MIN_LENGTH || !open) return;
    const timer = setTimeout(() => load(`/api/v1/search/suggestions?q=${encodeURIComponent(query)}`), 150);
    return () => clearTimeout(timer);
  }, [text, open, load]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Each new page (location.key) sets the box to its search, whichever form or suggestion ran it;
  // but what was typed into the server's box before the page was hydrated stays.
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useRef(false);
  useEffect(() => {
    const typed = hydrated.current ? "" : (input.current?.value ?? "");
    hydrated.current = true;
    setText(typed || shownQuery);
  }, [shownQuery, location.key]);

  function go(option: Option) {
    setOpen(false);
    setActive(-1);
    navigate(option.href);
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  const renderGroup = (title: string, group: Option[], offset: number) =>
    group.length === 0 ? null : (
      // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options is a div with role group
      <div role="group" aria-label={title}>
        <p aria-hidden="true" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase text-muted-foreground">
          {title}
        </p>
        {group.map((option, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the input keeps focus (aria-activedescendant)
          <div
            key={option.key}
            id={optionId(offset + index)}
            role="option"
            aria-selected={active === offset + index}
            className={cn(
              "flex cursor-pointer flex-col px-3 py-2 text-sm",
              active === offset + index ? "bg-primary-soft" : "hover:bg-muted",
            )}
            // mousedown, not click: it comes before the input's blur.
            onMouseDown={(event) => {
              event.preventDefault();
              go(option);
            }}
          >
            <span className="font-medium">{option.label}</span>
            {option.detail ? <span className="text-xs text-muted-foreground">{option.detail}</span> : null}
          </div>
        ))}
      </div>
    );

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="relative w-full"
      onSubmit={(event) => {
        // A blank search does nothing; a chosen option goes to its page.
        if (text.trim() === "") event.preventDefault();
        else if (expanded && active >= 0) {
          event.preventDefault();
          go(options[active]!);
        } else setOpen(false);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <SpriteIcon
        name="search"
        className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={input}
        id={id}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder="Search planners, wall art, templates..."
        className="pl-9"
        value={text}
        maxLength={200}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape" && expanded) {
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (!expanded) return setOpen(true);
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((current) => cycle(current, step, options.length));
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-lg border border-border bg-background py-1 shadow-lg"
      >
        {renderGroup("Suggestions", phrases, 0)}
        {renderGroup("Products", products, phrases.length)}
      </div>
    </Form>
  );
}
