# syntax=docker/dockerfile:1
# One container: the Remix app and its SQLite database on the /data volume.

FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

# better-sqlite3 compiles from source: the toolchain lives only in the build stages.
FROM base AS deps
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

FROM base AS runtime
ENV PORT=3000 \
  HOST=0.0.0.0 \
  DATABASE_URL=file:/data/clinic.db \
  OUTBOX_DIR=/data/outbox \
  BUILD_DIR=build \
  NODE_OPTIONS=--max-old-space-size=160
RUN mkdir -p /data && chown node:node /data
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json prisma.config.ts ./
COPY --chown=node:node prisma ./prisma
COPY --chown=node:node public ./public
COPY --chown=node:node scripts/start.mjs scripts/prepare-db.mjs ./scripts/
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
