# syntax=docker/dockerfile:1
# The Cubierto API and web app in one image (docs/operations.md, "Deploy with the image").
#   docker build -t cubierto .
#   docker run -p 3000:3000 --env-file production.env cubierto
# Stage 1 builds the web app with every dependency; stage 2 is Node 24 slim with the API's production
# dependencies only, the API's TypeScript run by Node's own type stripping, the built web app beside it.

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS web
WORKDIR /app
# The package files first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
# The web app's dependencies and the contracts it imports; no install scripts (the root's `node`
# devDependency would download a second Node, and the web build needs none of them).
RUN npm ci --workspace apps/web --workspace packages/contracts --include-workspace-root=false \
      --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
# The build stamp (spec §1): no .git in this stage, so the branch and commit come as build arguments.
ARG BUILD_BRANCH BUILD_COMMIT BUILD_DATE BUILD_ENVIRONMENT
RUN npm run build --workspace apps/web

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    UPLOADS_DIR=/app/data/uploads \
    WEB_DIST_DIR=/app/apps/web/dist
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
# Production dependencies of the API and the contracts only: no tsx, no test tools, no web tooling.
# Install scripts run (sharp and argon2 fetch nothing: their binaries are optional dependencies).
RUN npm ci --omit=dev --workspace apps/api --workspace packages/contracts --include-workspace-root=false \
      --no-audit --no-fund \
 && npm cache clean --force \
COPY packages/contracts/src packages/contracts/src
COPY apps/api/migrations apps/api/migrations
COPY apps/api/src apps/api/src
COPY --from=web /app/apps/web/dist apps/web/dist
# The embedded folder (ops token, VAPID keys outside production, mail files) belongs to the app's user;
# in production the data lives in PostgreSQL and the files in the S3-compatible store (STORAGE_URL).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
WORKDIR /app/apps/api
EXPOSE 3000
# Liveness only (the process answers); readiness (/readyz: database reachable, not draining) is for the
# load balancer. No curl in the slim image: Node's fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# node itself is PID 1 (not npm, which would not pass SIGTERM on): the server drains on SIGTERM.
CMD ["node", "--max-semi-space-size=16", "--import", "./src/instrument.ts", "src/server.ts"]
