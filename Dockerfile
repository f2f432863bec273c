# syntax=docker/dockerfile:1
# One container: the Remix app and its SQLite database on the /data volume, its backups on
# the /backups volume.
# The final stage starts from nothing and takes only what runs: Node, the C libraries it
# and better-sqlite3 link against, the build, and the production packages the server and
# `prisma migrate deploy` load. No shell, no package manager, no compiler.

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
COPY app/infra/postgres-adapter.server.ts app/infra/postgres-types.server.ts ./app/infra/
COPY scripts/generate-clients.mjs scripts/postgres-url.mjs ./scripts/
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM deps AS prod-deps
COPY scripts/slim-node-modules.mjs ./scripts/
RUN npm prune --omit=dev --omit=peer --no-audit --no-fund \
  && node scripts/slim-node-modules.mjs node_modules

# The root file system of the final image: Node and the shared libraries it (and the
# better-sqlite3 addon) loads, the CA bundle, the node user, and the writable folders.
FROM base AS rootfs
COPY --from=prod-deps /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node /tmp/addon.node
RUN set -eu; mkdir -p /rootfs/usr/local/bin /rootfs/etc/ssl/certs /rootfs/tmp /rootfs/data \
    /rootfs/backups /rootfs/home/node /rootfs/app; \
  cp /usr/local/bin/node /rootfs/usr/local/bin/node; \
  for lib in $(ldd /usr/local/bin/node /tmp/addon.node | grep -o '/[^ ]*\.so[^ ]*' | sort -u); do \
    mkdir -p "/rootfs$(dirname "$lib")"; cp -L "$lib" "/rootfs$lib"; \
  done; \
  cp /etc/passwd /etc/group /etc/nsswitch.conf /rootfs/etc/; \
  cp /etc/ssl/certs/ca-certificates.crt /rootfs/etc/ssl/certs/; \
  chmod 1777 /rootfs/tmp; \
  chown 1000:1000 /rootfs/data /rootfs/backups /rootfs/home/node /rootfs/app

FROM scratch AS runtime
COPY --from=rootfs /rootfs/ /
ENV PATH=/usr/local/bin \
  NODE_ENV=production \
  NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
  PORT=3000 \
  HOST=0.0.0.0 \
  DATABASE_URL=file:/data/clinic.db \
  OUTBOX_DIR=/data/outbox \
  SMS_DIR=/data/sms \
  BACKUP_DIR=/backups \
  BUILD_DIR=build \
  NODE_OPTIONS="--max-old-space-size=160 --max-semi-space-size=8" \
  CHECKPOINT_DISABLE=1
WORKDIR /app
COPY --from=prod-deps --chown=1000:1000 /app/node_modules ./node_modules
COPY --from=build --chown=1000:1000 /app/build ./build
COPY --chown=1000:1000 package.json prisma.config.ts ./
COPY --chown=1000:1000 prisma ./prisma
COPY --chown=1000:1000 public ./public
COPY --chown=1000:1000 app/infra/postgres-adapter.server.ts ./app/infra/
COPY --chown=1000:1000 scripts/start.mjs scripts/start-env.mjs scripts/private-files.mjs scripts/prepare-db.mjs scripts/upgrade-data.mjs scripts/migration-state.mjs scripts/postgres-db.mjs scripts/postgres-url.mjs scripts/db.mjs scripts/staff.mjs ./scripts/
USER node
VOLUME /data /backups
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
