# syntax=docker/dockerfile:1
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --workspace backend --include-workspace-root=false
COPY backend backend
RUN npm run build -w backend && npm prune --omit=dev --workspace backend

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends wget && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/backend/package.json backend/package.json
COPY --from=build --chown=node:node /app/backend/dist backend/dist
COPY --from=build --chown=node:node /app/backend/media backend/media
# The studio's uploaded photos and videos (MEDIA_UPLOAD_DIR, a volume in docker-compose.yml).
RUN mkdir -p /app/media-uploads && chown node:node /app/media-uploads
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "--heap-growing-percent=300", "--no-allocation-site-pretenuring", "backend/dist/main.js"]
