import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { licenses } from "../../../server/db/schema.ts";
import { createOrder, createProduct } from "../../support/factories.ts";
import type { ContractCase } from "./cases.ts";
import type { ContractWorld } from "./world.ts";

// The licence operations' own cases, with an API key (the seller's products' licences only). The
// same operations without an API key are tested in server/licenses/license-key-api.test.ts.

/** A licence of one of the seller's products (or another shop's), with `seats` seats. */
async function licenseOf(world: ContractWorld, seats = 1, creatorId = world.creatorId) {
  const product = await createProduct(world.db, { creatorId });
  const { items } = await createOrder(world.db, { productIds: [product.id] });
  const [license] = await world.db
    .update(licenses)
    .set({ seats })
    .where(eq(licenses.orderItemId, items[0]!.id))
    .returning();
  return { key: license!.key, productId: product.id };
}

export const licenseCases: ContractCase[] = [
  {
    operationId: "verifyLicense",
    name: "describes a licence of the shop's product, without its buyer",
    status: 200,
    async request(world) {
      const { key, productId } = await licenseOf(world, 2);
      return { body: { key, productId }, key: world.keys.read };
    },
    check(body) {
      expect(body).toMatchObject({ valid: true, seats: 2, activations: { active: 0, instances: [] } });
      expect(JSON.stringify(body)).not.toContain("@");
    },
  },
  {
    operationId: "verifyLicense",
    name: "does not find another shop's licence",
    status: 404,
    async request(world) {
      const { key } = await licenseOf(world, 1, world.otherCreatorId);
      return { body: { key }, key: world.keys.read };
    },
  },
  {
    operationId: "activateLicense",
    name: "takes a seat",
    status: 200,
    async request(world) {
      const { key } = await licenseOf(world, 1);
      return { body: { key, instance: "build-server" } };
    },
    check(body) {
      expect(body).toMatchObject({ activated: true, activations: { active: 1 } });
    },
  },
  {
    operationId: "activateLicense",
    name: "refuses a seat when all are in use",
    status: 409,
    async request(world) {
      const { key } = await licenseOf(world, 1);
      await fetch(`${world.baseUrl}/api/public/v1/licenses/activate`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${world.keys.write}` },
        body: JSON.stringify({ key, instance: "first" }),
      });
      return { body: { key, instance: "second" } };
    },
  },
  {
    operationId: "activateLicense",
    name: "does not find an unknown key",
    status: 404,
    request: () => ({ body: { key: "DGM-0000-0000-0000-0000", instance: "x" } }),
  },
  {
    operationId: "deactivateLicense",
    name: "frees a seat",
    status: 200,
    async request(world) {
      const { key } = await licenseOf(world, 1);
      await fetch(`${world.baseUrl}/api/public/v1/licenses/activate`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${world.keys.write}` },
        body: JSON.stringify({ key, instance: "old-laptop" }),
      });
      return { body: { key, instance: "old-laptop" } };
    },
    check(body) {
      expect(body).toMatchObject({ activations: { active: 0 } });
    },
  },
  {
    operationId: "deactivateLicense",
    name: "does not find an instance that holds no seat",
    status: 404,
    async request(world) {
      const { key } = await licenseOf(world, 1);
      return { body: { key, instance: "never-activated" } };
    },
  },
];
