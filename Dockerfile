# The store as a container (docs/deploy.md). Three stages: the build, the production dependencies, and the
# image that runs, which holds only what scripts/image-folder.mjs assembles and tests on a machine without
# Docker: build/, node_modules (production dependencies only), package.json, the lockfile, and the migrations of
# both engines (db/migrations for SQLite, db/migrations-pg for DATABASE_URL).
# The data (database, pictures, secrets) lives in the /data volume; the server runs as the unprivileged `node`.
FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/build ./build
COPY package.json package-lock.json ./
COPY db/migrations ./db/migrations
COPY db/migrations-pg ./db/migrations-pg
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# /readyz: the database answers and its migrations are applied (server/health.ts). No curl in the slim image.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) finishes the requests in flight and closes the database (docs/operations.md).
STOPSIGNAL SIGTERM
CMD ["node", "build/server-entry.js"]
