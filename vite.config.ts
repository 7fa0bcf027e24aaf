import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// The browser's JavaScript in a few files a page needs whole, not fifty: left to itself the bundler
// gave every icon and helper shared by a different set of pages a file of its own (a product page
// asked for 49 scripts, each with its own round trip and headers). React and React Router change
// together and every page needs them; the form libraries only pages with forms; the icons and the
// small shared helpers are a few kilobytes each, cheaper whole than in pieces.
const clientChunks = [
  { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 5 },
  {
    name: "forms",
    // The form libraries and the forms' schemas: only pages with a form.
    test: /node_modules[\\/](zod|@conform-to)[\\/]|[\\/](server|shared)[\\/][^\\/]*(schema|record-id)\.ts$/,
    priority: 3,
  },
  // shared/'s facts and formatters (not what uses zod): the form schemas import them, and the forms
  // group would otherwise take them in, and with them zod and Conform, onto every page.
  { name: "rules", test: /[\\/]shared[\\/][^\\/]+(?<!schema|record-id)\.ts$/, priority: 4 },
  { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
  {
    name: "ui",
    // With Radix's small shared parts and its tabs: every page's buttons use its Slot, and a product
    // page had them in five files of a few kilobytes. Dialogs, menus and the slider stay apart.
    test: /node_modules[\\/](clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/](primitive|react-(tabs|roving-focus|collection|presence|primitive|slot|compose-refs|context|id|direction|use-[a-z-]+)))[\\/]|app[\\/](lib[\\/][^.]+\.tsx?$|components[\\/]ui[\\/])/,
    priority: 1,
  },
];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Each script, stylesheet and map of the browser's build also as .br and .gz, made once at the
 * strongest settings: the server sends them as they are (server/http/build-assets.ts), where
 * compressing each response costs time on every request and gives larger files (brotli 11
 * against 4). Done after the server's build, the last one: it writes the browser's route manifest.
 */
function precompressedAssets(): Plugin {
  return {
    name: "precompressed-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async closeBundle() {
      const config = this.environment.getTopLevelConfig();
      const dir = path.resolve(config.root, config.environments.client?.build.outDir ?? "build/client", "assets");
      const files = (await fs.readdir(dir)).filter((file) => /\.(js|css|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(dir, file);
          const body = await fs.readFile(target);
          if (body.length < 256) return;
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(body, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${target}.br`, br), fs.writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  environments: {
    // The server build's entry is our Express app, which imports React Router's build.
    ssr: { build: { rollupOptions: { input: "./server/http/app.ts" } } },
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunks } } } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompressedAssets()],
});
