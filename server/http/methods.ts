import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** The methods the shop's pages answer: reading (GET, HEAD) and their forms' and scripts' actions. */
export const PAGE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** What a 405 names as allowed: what the shop's pages and forms use. */
export const PAGE_ALLOW = "GET, HEAD, POST";

/**
 * Which addresses only take a form: a resource route with an action but no loader and no page.
 * React Router answers a GET there with a 400 saying only "Unexpected Server Error"; the shop
 * answers 405 and says what the address takes.
 */
export function formOnlyAddresses(build: ServerBuild): (pathname: string) => boolean {
  const treeUnder = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route !== undefined && route.parentId === parentId)
      .map((route) =>
        route!.index
          ? { id: route!.id, index: true, caseSensitive: route!.caseSensitive }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: treeUnder(route!.id) },
      );
  const tree = treeUnder(undefined);
  return (pathname) => {
    const deepest = matchRoutes(tree, pathname, build.basename)?.at(-1);
    const module = deepest ? build.routes[deepest.route.id!]?.module : undefined;
    return module !== undefined && !module.loader && !module.default && Boolean(module.action);
  };
}
