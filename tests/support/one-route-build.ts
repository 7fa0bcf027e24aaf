import type { ServerBuild } from "react-router";

/**
 * A React Router server build of one resource route at every address, answered by `loader`: for
 * testing what stands around React Router (react-router-handler.ts, the page cache) without a real build.
 */
export function oneRouteBuild(
  loader: (args: { request: Request }) => Response | Promise<Response>,
  handleError: (error: unknown) => void = () => {},
): ServerBuild {
  return oneRouteModuleBuild({ loader }, handleError);
}

/**
 * The same with a resource route's module of the app (its `loader`, its `action`, or both): what React
 * Router answers a request to it, a method it has no function for included.
 */
export function oneRouteModuleBuild(module: object, handleError: (error: unknown) => void = () => {}): ServerBuild {
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => new Response(null, { status, headers }),
        handleError,
      },
    },
    routes: { root: { id: "root", path: "*", module } },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    basename: "/",
  } as unknown as ServerBuild;
}
