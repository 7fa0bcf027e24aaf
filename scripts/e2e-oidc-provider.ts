// A local OpenID Connect provider standing in for Google in the end-to-end tests
// (oauth2-mock-server). Tests choose who "signs in at Google" next, or make Google refuse,
// through a small control endpoint: POST http://127.0.0.1:CONTROL_PORT/next with
// { "email", "name", "email_verified" } or { "error", "error_description" }.
import http from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

const port = Number(process.env.OIDC_PORT ?? 4191);
const controlPort = Number(process.env.OIDC_CONTROL_PORT ?? 4192);

type Next = { email: string; name: string; email_verified: boolean } | { error: string; error_description?: string };
let next: Next = { email: "google.user@example.com", name: "Google User", email_verified: true };

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }) => {
  if ("error" in next) {
    url.searchParams.delete("code");
    url.searchParams.set("error", next.error);
    if (next.error_description) url.searchParams.set("error_description", next.error_description);
  }
});
const claims = () => ("error" in next ? {} : { sub: `google-${next.email}`, ...next });
server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, claims());
});
server.service.on("beforeUserinfo", (response: { body: Record<string, unknown> }) => {
  response.body = { ...response.body, ...claims() };
});
await server.start(port, "127.0.0.1");
// The issuer must be exactly the GOOGLE_ISSUER the shop discovers from.
server.issuer.url = `http://127.0.0.1:${port}`;

http
  .createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/next") next = JSON.parse(body) as Next;
      res.writeHead(204).end();
    });
  })
  .listen(controlPort, "127.0.0.1");
console.log(`OpenID Connect provider at ${server.issuer.url}`);
