import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { action as editAction } from "../../app/routes/seller/product-edit.tsx";
import { action as newAction } from "../../app/routes/seller/product-new.tsx";
import { type FileStore, localFileStore } from "../../server/storage/file-store.ts";
import { createCategory, createSeller } from "./factories.ts";
import { contextAs, routeAnswer } from "./route-answer.ts";
import type { setUpTestDatabase } from "./test-database.ts";

type Call = (args: never) => Promise<unknown>;

/**
 * The Seller Dashboard's product editor as a seller's browser posts it (without JavaScript: what
 * the server checks is what counts): a seller, a category and a file store of their own, made
 * before the file's tests; `fields` are the editor's fields as its form sends them, with `changes`.
 */
export function productEditor(database: ReturnType<typeof setUpTestDatabase>, defaults: Record<string, string> = {}) {
  let directory = "";
  let files: FileStore;
  const editor = {
    seller: undefined as unknown as Awaited<ReturnType<typeof createSeller>>,
    categoryId: 0,
    fields: (changes: Record<string, string> = {}) => ({
      intent: "save",
      title: "Calm Weekly Planner",
      description: "A calm weekly planner with habit trackers and notes pages.",
      categoryId: String(editor.categoryId),
      format: "PDF",
      ...defaults,
      ...changes,
    }),
    /** The editor's action's answer: its status and data (a redirect is a Response). */
    answerOf: (action: Call, url: string, body: Record<string, string>, params: Record<string, string> = {}) =>
      routeAnswer(action, { url, context: contextAs(editor.seller.user, { db: database.db, files }), body, params }),
    /** "Create product" with these fields. */
    create: (changes: Record<string, string>) =>
      editor.answerOf(newAction as Call, "/seller/products/new", editor.fields(changes)),
    /** "Save" on product `id`'s editor with these fields. */
    save: (id: number, changes: Record<string, string>) =>
      editor.answerOf(editAction as Call, `/seller/products/${id}`, editor.fields(changes), { id: String(id) }),
  };
  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "product-editor-"));
    files = localFileStore(directory);
    editor.seller = await createSeller(database.db);
    editor.categoryId = (await createCategory(database.db)).id;
  });
  afterAll(() => fs.rm(directory, { recursive: true, force: true }));
  return editor;
}

/** The field errors of a refused submission (Conform's reply). */
export const errorsOf = (answer: { data?: unknown }) =>
  (answer.data as { result: { error: Record<string, string[]> } }).result.error;
