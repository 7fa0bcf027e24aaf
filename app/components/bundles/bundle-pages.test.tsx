// @vitest-environment happy-dom
import { parseWithZod } from "@conform-to/zod/v4";
import type { PricedBundle } from "@server/bundles/bundles.ts";
import { bundleSchema } from "@shared/bundle-schema.ts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import BundlePage from "~/routes/bundle";
import EditBundlePage from "~/routes/seller/bundle-edit";
import SellerBundlesPage from "~/routes/seller/bundles";
import { ProductBundles } from "./product-bundles";
import type { SellerBundleRow } from "./seller-bundle-list";

// The bundle pages as they render what their loaders return (the loaders and actions are tested in
// tests/integration/bundle-pages.test.ts): the seller's list and form, the public page with the
// visitor's part, and the product page's "Save with a bundle".

async function renderSellerPage(path: string, Page: ComponentType<never>, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([
    { id: "page", path: path.replace(/\/\d+$/, "/:id"), Component: Page as ComponentType, loader: () => loaderData },
  ]);
  render(
    <Stub
      initialEntries={[path]}
      hydrationData={{ loaderData: { page: loaderData }, actionData: { page: actionData } }}
    />,
  );
  await screen.findAllByRole("button");
}

/** The texts a control's aria-describedby points to (its hint and its problem). */
function descriptionOf(control: HTMLElement) {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}

const choices = [
  { id: 1, title: "Botanical Poster", priceCents: 1000 },
  { id: 2, title: "Calm Weekly Planner", priceCents: 2000 },
  { id: 3, title: "Sticker Sheet", priceCents: 500 },
];

const row = (changes: Partial<SellerBundleRow> = {}): SellerBundleRow => ({
  id: 7,
  title: "Planner Starter Kit",
  priceCents: 2500,
  status: "draft",
  products: [
    { productId: 1, title: "Botanical Poster", priceCents: 1000 },
    { productId: 2, title: "Calm Weekly Planner", priceCents: 2000 },
  ],
  valueCents: 3000,
  problem: null,
  ...changes,
});

describe("a seller's bundles page", () => {
  it("lists each bundle: price, products and their value, status, what stops it, and its buttons", async () => {
    await renderSellerPage("/seller/bundles", SellerBundlesPage, {
      choices,
      deleted: false,
      bundles: [
        row({ id: 8, title: "On Sale Kit", status: "published" }),
        row({ id: 7, problem: "A product of this bundle is no longer on sale: edit the bundle to publish it." }),
      ],
    });
    const list = screen.getByRole("list", { name: "Your bundles" });
    const onSale = within(list).getByRole("link", { name: "On Sale Kit" }).closest("li")!;
    expect(onSale).toHaveTextContent("$25.00 · 2 products, $30.00 one by one");
    expect(within(onSale).getByText("Published")).toBeInTheDocument();
    expect(within(onSale).getByRole("button", { name: "Unpublish On Sale Kit" })).toBeInTheDocument();
    expect(within(onSale).getByRole("link", { name: /^View in the shop\W+On Sale Kit$/ })).toHaveAttribute(
      "href",
      "/bundle/8",
    );
    const draft = within(list).getByRole("link", { name: "Planner Starter Kit" }).closest("li")!;
    expect(within(draft).getByText("Draft")).toBeInTheDocument();
    expect(draft).toHaveTextContent(
      "Cannot be published: A product of this bundle is no longer on sale: edit the bundle to publish it.",
    );
    expect(within(draft).getByRole("button", { name: "Publish Planner Starter Kit" })).toBeInTheDocument();
    expect(within(draft).getByRole("button", { name: "Delete Planner Starter Kit" })).toBeInTheDocument();
    expect(within(draft).queryByRole("link", { name: /View in the shop/ })).toBeNull();
  });

  it("offers the seller's products with their prices, and says when there are no bundles yet", async () => {
    await renderSellerPage("/seller/bundles", SellerBundlesPage, { choices, deleted: false, bundles: [] });
    expect(screen.getByText(/No bundles yet/)).toBeInTheDocument();
    const picker = screen.getByRole("group", { name: "Products" });
    expect(
      within(picker)
        .getAllByRole("checkbox")
        .map((box) => box.closest("label")!.textContent),
    ).toEqual(["Botanical Poster$10.00", "Calm Weekly Planner$20.00", "Sticker Sheet$5.00"]);
    expect(screen.getByRole("button", { name: "Make bundle" })).toBeInTheDocument();
  });

  it("shows a refused price beside the price field and keeps everything typed, products ticked too", async () => {
    const form = new FormData();
    for (const [name, value] of [
      ["title", "Too Dear Kit"],
      ["description", "All of it."],
      ["price", "45"],
      ["productIds", "1"],
      ["productIds", "2"],
    ]) {
      form.append(name!, value!);
    }
    const message = "A bundle must cost less than its products bought one by one ($30.00).";
    const reply = parseWithZod(form, { schema: bundleSchema }).reply({ fieldErrors: { price: [message] } });
    await renderSellerPage(
      "/seller/bundles",
      SellerBundlesPage,
      { choices, deleted: false, bundles: [] },
      {
        result: reply,
      },
    );
    const price = screen.getByLabelText("Bundle price (USD)") as HTMLInputElement;
    expect(price.value).toBe("45");
    expect(descriptionOf(price)).toContain(message);
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Too Dear Kit");
    const picker = screen.getByRole("group", { name: "Products" });
    const ticked = within(picker)
      .getAllByRole("checkbox")
      .map((box) => (box as HTMLInputElement).checked);
    expect(ticked).toEqual([true, true, false]);
    expect(picker).toHaveTextContent("Together they cost $30.00 one by one.");
  });

  it("checks the form in the browser: a title, a price, two products, each problem beside its field", async () => {
    await renderSellerPage("/seller/bundles", SellerBundlesPage, { choices, deleted: false, bundles: [] });
    await userEvent.click(
      within(screen.getByRole("group", { name: "Products" })).getByRole("checkbox", { name: /Sticker/ }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Make bundle" }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText("Title"))).toContain("Enter a title for the bundle."),
    );
    expect(descriptionOf(screen.getByLabelText("Bundle price (USD)"))).toContain("Enter the bundle's price in dollars");
    expect(screen.getByRole("group", { name: "Products" })).toHaveTextContent(
      "Choose 2 to 20 products for the bundle.",
    );
  });

  it("edits a bundle with its values filled in, its status and buttons beside", async () => {
    await renderSellerPage("/seller/bundles/7", EditBundlePage, {
      bundle: { ...row(), description: "Plan it." },
      choices,
    });
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Planner Starter Kit");
    expect((screen.getByLabelText("Bundle price (USD)") as HTMLInputElement).value).toBe("25.00");
    expect((screen.getByLabelText("Description (optional)") as HTMLTextAreaElement).value).toBe("Plan it.");
    const ticked = within(screen.getByRole("group", { name: "Products" }))
      .getAllByRole("checkbox")
      .map((box) => (box as HTMLInputElement).checked);
    expect(ticked).toEqual([true, true, false]);
    expect(screen.getByRole("button", { name: "Save changes" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Publish Planner Starter Kit" })).toBeInTheDocument();
    expect(screen.getByText("2 products, $30.00 one by one")).toBeInTheDocument();
  });
});

const bundle: PricedBundle = {
  id: 5,
  title: "Whole Desk Kit",
  description: "Plan, decorate and label your desk.",
  creatorId: 3,
  creatorName: "Paper Fox",
  creatorSlug: "paper-fox",
  priceCents: 2800,
  valueCents: 3500,
  products: [
    {
      productId: 1,
      title: "Calm Weekly Planner",
      creatorId: 3,
      imageUrl: null,
      priceCents: 2000,
      shareCents: 1600,
      owned: false,
    },
    {
      productId: 2,
      title: "Botanical Poster",
      creatorId: 3,
      imageUrl: null,
      priceCents: 1000,
      shareCents: 800,
      owned: false,
    },
    {
      productId: 3,
      title: "Sticker Sheet",
      creatorId: 3,
      imageUrl: null,
      priceCents: 500,
      shareCents: 400,
      owned: false,
    },
  ],
  toPayCents: 2800,
  ownedCount: 0,
};

let cartPosts: Record<string, string>[] = [];

function renderBundle(viewer: { ownedProductIds: number[]; toPayCents: number | null }) {
  const loaderData = { bundle, url: "http://shop.test/bundle/5", preview: null };
  const Stub = createRoutesStub([
    { path: "/bundle/:id", Component: BundlePage as ComponentType, loader: () => loaderData },
    {
      path: "/api/v1/cart",
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        cartPosts.push(form);
        return { ok: true, intent: form.intent };
      },
    },
    { path: "/api/v1/bundles/:id/viewer", loader: () => ({ bundleId: 5, ...viewer }) },
  ]);
  render(<Stub initialEntries={["/bundle/5"]} />);
}

describe("a bundle's page", () => {
  beforeEach(() => {
    cartPosts = [];
  });

  it("shows the bundle's price against its products one by one, the saving, its creator and its products", async () => {
    renderBundle({ ownedProductIds: [], toPayCents: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Whole Desk Kit" })).toBeInTheDocument();
    expect(screen.getByText("$28.00")).toBeInTheDocument();
    expect(screen.getByText("$35.00").closest("s")).not.toBeNull();
    expect(screen.getByText(/if bought separately/)).toBeInTheDocument();
    expect(screen.getByText("Save 20%")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Paper Fox" })).toHaveAttribute("href", "/creator/paper-fox");
    const products = screen.getByRole("region", { name: "In this bundle" });
    expect(within(products).getByRole("link", { name: "Botanical Poster" })).toHaveAttribute("href", "/product/2");
    expect(within(products).getAllByRole("heading", { level: 3 })).toHaveLength(3);
    expect(within(products).queryByText("Owned")).toBeNull();
  });

  it("adds the bundle to the cart through the cart's API", async () => {
    renderBundle({ ownedProductIds: [], toPayCents: null });
    await userEvent.click(await screen.findByRole("button", { name: "Add bundle to cart" }));
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "add-bundle", bundleId: "5" }]));
  });

  it("tells a buyer who owns some what they own, marks those Owned, and completes the bundle for the rest", async () => {
    renderBundle({ ownedProductIds: [1], toPayCents: 1200 });
    expect(
      await screen.findByText("You own 1 of 3 products in this bundle: you pay only for the others."),
    ).toBeInTheDocument();
    const owned = screen.getByRole("link", { name: "Calm Weekly Planner" }).closest("article")!;
    expect(within(owned).getByText("Owned")).toBeInTheDocument();
    expect(screen.getAllByText("Owned")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Complete the bundle — $12.00" }));
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "add-bundle", bundleId: "5" }]));
  });

  it("has nothing to sell a buyer who owns everything in it", async () => {
    renderBundle({ ownedProductIds: [1, 2, 3], toPayCents: 0 });
    expect(await screen.findByText("You own everything in this bundle.")).toBeInTheDocument();
    expect(screen.getAllByText("Owned")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /bundle/ })).toBeNull();
  });
});

describe("Save with a bundle, on a product's page", () => {
  it("offers each bundle with its price, saving, other products and a link", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ProductBundles
            bundles={[
              { id: 5, title: "Whole Desk Kit", priceCents: 2800, valueCents: 3500, otherTitles: ["A", "B"] },
              { id: 6, title: "Big Kit", priceCents: 5000, valueCents: 10000, otherTitles: ["A", "B", "C", "D"] },
            ]}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const section = screen.getByRole("region", { name: "Save with a bundle" });
    const first = within(section).getByRole("link", { name: "Whole Desk Kit" });
    expect(first).toHaveAttribute("href", "/bundle/5");
    const card = first.closest("li")!;
    expect(card).toHaveTextContent("With A and B");
    expect(card).toHaveTextContent("$28.00instead of $35.00Save 20%");
    expect(within(section).getByRole("link", { name: "Big Kit" }).closest("li")).toHaveTextContent(
      "With A, B and 2 more",
    );
  });

  it("is not there when no bundle holds the product", () => {
    const { container } = render(<ProductBundles bundles={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
