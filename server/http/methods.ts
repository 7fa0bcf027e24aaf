/** The methods the shop's pages answer: reading (GET, HEAD) and their forms' and scripts' actions. */
export const PAGE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** What a 405 names as allowed: what the shop's pages and forms use. */
export const PAGE_ALLOW = "GET, HEAD, POST";
