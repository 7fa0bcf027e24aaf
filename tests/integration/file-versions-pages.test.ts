import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_INTENT } from "../../app/lib/form.server.ts";
import { loader as downloadsLoader } from "../../app/routes/account/downloads.tsx";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/account/settings.tsx";
import { action as preferencesAction, loader as preferencesLoader } from "../../app/routes/email-preferences.tsx";
import { action as editAction, loader as editLoader } from "../../app/routes/seller/product-edit.tsx";
import { productFiles, type user } from "../../server/db/schema.ts";
import { INVALID_PREFERENCES_LINK, preferencesToken, wantsEmails } from "../../server/email/email-preferences.ts";
import { QUEUES } from "../../server/jobs/queue.ts";
import { type FileStore, localFileStore } from "../../server/storage/file-store.ts";
import { createOrder, createProduct, createSeller, createUser } from "../support/factories.ts";
import { recordingJobs } from "../support/orders.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// New file versions through the pages, as browsers post them without JavaScript (what the server
// checks is what counts): the seller's "Upload new version" in the product editor, "Updated" in
// the buyer's My Downloads, the emails' /email-preferences link (and a mail client's one-click
// post to it), and the checkbox in account settings.

const database = setUpTestDatabase();
const SECRET = "a-test-secret-of-at-least-32-characters!";
type Account = typeof user.$inferSelect;
let directory = "";
let files: FileStore;
const jobs = recordingJobs();
let seller: Awaited<ReturnType<typeof createSeller>>;
let otherSeller: Awaited<ReturnType<typeof createSeller>>;
let buyer: Account;
let productId = 0;
let fileId = 0;

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "file-versions-pages-"));
  files = localFileStore(directory);
  seller = await createSeller(database.db);
  otherSeller = await createSeller(database.db);
  buyer = await createUser(database.db, { email: "bea-versions@example.com" });
  productId = (await createProduct(database.db, { creatorId: seller.creator.id, title: "Calm Weekly Planner" })).id;
  await files.put(`products/${productId}/planner.pdf`, pdf("version 1"));
  const [file] = await database.db
    .insert(productFiles)
    .values({
      productId,
      storageKey: `products/${productId}/planner.pdf`,
      fileName: "planner.pdf",
      contentType: "application/pdf",
      sizeBytes: 30,
      versionUploadedAt: new Date("2026-11-20T10:00:00Z"),
    })
    .returning();
  fileId = file!.id;
  await createOrder(database.db, {
    productIds: [productId],
    userId: buyer.id,
    paidAt: new Date("2026-11-21T10:00:00Z"),
  });
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

/** The services of a request, signed in as `account` when given (the session is the auth's answer). */
const contextOf = (account: Account | null) =>
  contextAs(account, { db: database.db, files, jobs, secret: SECRET, shopMode: "live" });

type Call = (args: never) => Promise<unknown>;

const answerOf = (
  handler: Call,
  account: Account | null,
  url: string,
  { body, params }: { body?: FormData | URLSearchParams; params?: Record<string, string> } = {},
) => routeAnswer(handler, { url, context: contextOf(account), body, params });

/** The editor's "Upload new version" form, as multipart. */
function versionForm(id: number | string, upload: { name: string; bytes: Uint8Array } | null) {
  const form = new FormData();
  form.set("intent", "upload-version");
  form.set("fileId", String(id));
  if (upload) form.set("file", new File([new Uint8Array(upload.bytes)], upload.name, { type: "application/pdf" }));
  return form;
}

const uploadAs = (account: Account, form: FormData, id = productId) =>
  answerOf(editAction as Call, account, `/seller/products/${id}`, { body: form, params: { id: String(id) } });

const currentFile = async () => (await database.db.select().from(productFiles).where(eq(productFiles.id, fileId)))[0]!;

describe("Upload new version, in the product editor", () => {
  it("is refused with a clear message, changing nothing, for another seller, a bad upload or an unknown file", async () => {
    const before = await currentFile();
    const refusals: [Account, FormData, number, string][] = [
      [
        otherSeller.user,
        versionForm(fileId, { name: "v2.pdf", bytes: pdf("v2") }),
        404,
        "We could not find this product",
      ],
      [seller.user, versionForm(fileId, null), 400, "This file is empty."],
      [
        seller.user,
        versionForm(fileId, { name: "v2.pdf", bytes: new TextEncoder().encode("text") }),
        415,
        "not accepted",
      ],
      [
        seller.user,
        versionForm(987_654, { name: "v2.pdf", bytes: pdf("v2") }),
        404,
        "This file is not part of this product.",
      ],
      [
        seller.user,
        versionForm("abc", { name: "v2.pdf", bytes: pdf("v2") }),
        400,
        "Choose one of the product's files.",
      ],
    ];
    for (const [account, form, status, message] of refusals) {
      const answer = await uploadAs(account, form);
      expect(answer).toMatchObject({ status, data: { ok: false, message: expect.stringContaining(message) } });
    }
    expect(await currentFile()).toEqual(before);
    expect(jobs.sent).toEqual([]);
  });

  it("uploads version 2, and the editor shows it with its date", async () => {
    const answer = await uploadAs(seller.user, versionForm(fileId, { name: "Planner v2.pdf", bytes: pdf("v2") }));
    expect(answer).toMatchObject({
      status: 200,
      data: {
        ok: true,
        intent: "upload-version",
        message: expect.stringMatching(/^Version 2 of planner-v2\.pdf was uploaded/),
      },
    });
    expect(jobs.sent.map((job) => job.name)).toEqual([QUEUES.renderFilePreviews, QUEUES.sendProductUpdateEmails]);
    const editor = await answerOf(editLoader as Call, seller.user, `/seller/products/${productId}`, {
      params: { id: String(productId) },
    });
    expect((editor.data as { files: unknown[] }).files).toMatchObject([
      { id: fileId, version: 2, fileName: "planner-v2.pdf" },
    ]);
  });

  it("My Downloads says Updated beside the new version", async () => {
    const page = await answerOf(downloadsLoader as Call, buyer, "/account/downloads");
    const [item] = (page.data as { items: { files: unknown[] }[] }).items;
    expect(item!.files).toMatchObject([{ fileId, fileName: "planner-v2.pdf", version: 2, updated: true }]);
  });
});

describe("/email-preferences", () => {
  const token = () => preferencesToken(SECRET, "guest-versions@example.com", "product_updates");
  const url = () => `/email-preferences?token=${token()}`;

  it("shows the link's address and whether it gets the emails; a tampered link is a 400 with a clear message", async () => {
    expect(await answerOf(preferencesLoader as Call, null, url())).toMatchObject({
      status: 200,
      data: {
        link: { email: "guest-versions@example.com", topic: "product_updates", topics: { product_updates: true } },
      },
    });
    const tampered = `${token().slice(0, -3)}abc`;
    for (const bad of [`/email-preferences?token=${tampered}`, "/email-preferences"]) {
      expect(await answerOf(preferencesLoader as Call, null, bad)).toMatchObject({
        status: 400,
        data: { link: null, message: INVALID_PREFERENCES_LINK },
      });
      const post = await answerOf(preferencesAction as Call, null, bad, {
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      });
      expect(post).toMatchObject({ status: 400, data: { ok: false, message: INVALID_PREFERENCES_LINK } });
    }
    expect(await wantsEmails(database.db, "guest-versions@example.com", "product_updates")).toBe(true);
  });

  it("a mail client's one-click post turns them off (200); the page's buttons turn them off and on", async () => {
    const oneClick = await answerOf(preferencesAction as Call, null, url(), {
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(oneClick).toMatchObject({ status: 200, data: { ok: true } });
    expect(await wantsEmails(database.db, "guest-versions@example.com", "product_updates")).toBe(false);
    const on = await answerOf(preferencesAction as Call, null, url(), {
      body: new URLSearchParams({ intent: "resubscribe" }),
    });
    expect(on).toMatchObject({
      status: 200,
      data: { message: "guest-versions@example.com gets product update emails again." },
    });
    expect(await wantsEmails(database.db, "guest-versions@example.com", "product_updates")).toBe(true);
    await answerOf(preferencesAction as Call, null, url(), { body: new URLSearchParams({ intent: "unsubscribe" }) });
    expect(await wantsEmails(database.db, "guest-versions@example.com", "product_updates")).toBe(false);
    const unknown = await answerOf(preferencesAction as Call, null, url(), {
      body: new URLSearchParams({ intent: "zz" }),
    });
    expect(unknown).toMatchObject({ status: 400, data: { message: UNKNOWN_INTENT } });
  });
});

describe("account settings: Email me when a product I bought gets a new version", () => {
  const save = (fields: Record<string, string>) =>
    answerOf(settingsAction as Call, buyer, "/account/settings", {
      body: new URLSearchParams({ intent: "email-topics", ...fields }),
    });
  const shown = async () =>
    (
      (await answerOf(settingsLoader as Call, buyer, "/account/settings")).data as {
        emails: { topics: { product_updates: boolean } };
      }
    ).emails.topics.product_updates;

  it("is ticked by default; unticked and saved, the account's address is opted out, and ticked again back in", async () => {
    expect(await shown()).toBe(true);
    expect(await save({})).toMatchObject({
      status: 200,
      data: { ok: true, message: "Your email preferences were saved." },
    });
    expect(await wantsEmails(database.db, buyer.email, "product_updates")).toBe(false);
    expect(await shown()).toBe(false);
    expect(await save({ product_updates: "on" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await wantsEmails(database.db, buyer.email, "product_updates")).toBe(true);
    expect(await save({ product_updates: "maybe" })).toMatchObject({ status: 400 });
    expect(await wantsEmails(database.db, buyer.email, "product_updates")).toBe(true);
  });
});
