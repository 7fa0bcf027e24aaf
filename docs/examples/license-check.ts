// What a seller's app runs at start-up to check its customer's licence key (docs/webhooks.md):
// verify the key, activate a seat for this machine, print the seats used. No API key is needed:
// the licence key is the credential. Node 22 or later runs it as it is:
//
//   DGM_SHOP_URL=https://shop.example node docs/examples/license-check.ts DGM-7K2Q-9XWM-C4RT-P8NE
//
// The machine's name is its host name unless DGM_INSTANCE says otherwise; DGM_PRODUCT_ID makes
// sure the key is for your product. Exit code 0: licensed on this machine; 1: not; 2: usage.
import os from "node:os";

interface License {
  valid: boolean;
  status: "active" | "revoked";
  product: { id: number; title: string };
  tier: string;
  seats: number;
  activations: { active: number; instances: { instance: string; activatedAt: string }[] };
  activated?: boolean;
}
interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

const shop = process.env.DGM_SHOP_URL;
const key = process.argv[2] ?? process.env.DGM_LICENSE_KEY;
const instance = process.env.DGM_INSTANCE || os.hostname();
const productId = process.env.DGM_PRODUCT_ID ? Number(process.env.DGM_PRODUCT_ID) : undefined;
if (!shop || !key) {
  console.error("Usage: DGM_SHOP_URL=https://shop.example node license-check.ts <license key>");
  process.exit(2);
}

/** POSTs `body` to a licence operation; the licence, or the API's refusal. */
async function call(operation: "verify" | "activate", body: object): Promise<License | ApiErrorBody> {
  const response = await fetch(new URL(`/api/public/v1/licenses/${operation}`, shop), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return (await response.json()) as License | ApiErrorBody;
}

function refused(answer: License | ApiErrorBody): answer is ApiErrorBody {
  return "error" in answer;
}

const verified = await call("verify", productId === undefined ? { key } : { key, productId });
if (refused(verified)) {
  console.log(`Not licensed: ${verified.error.message}`);
  process.exit(1);
}
console.log(`License for ${verified.product.title} (${verified.tier}): ${verified.valid ? "valid" : verified.status}`);
if (!verified.valid) process.exit(1);

const activated = await call("activate", { key, instance });
if (refused(activated)) {
  console.log(`Not activated on ${instance}: ${activated.error.message}`);
  process.exit(1);
}
console.log(`${activated.activated ? "Activated" : "Already active"} on ${instance}.`);
console.log(`Seats used: ${activated.activations.active} of ${activated.seats}`);
