// The marketplace's process (`node server/main.ts`): module loading is made faster first, for the
// modules loaded from here on (server/lib/module-loading.ts), then server/serve.ts starts the shop.
import { speedUpModuleLoading } from "./lib/module-loading.ts";

speedUpModuleLoading();
await import("./serve.ts");
