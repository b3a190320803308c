# Production-like image of the API and the projection worker (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY projections/package.json projections/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Without the dev tools for the image that runs; `build` keeps them (compose's contract-tests).
FROM build AS runtime-deps
RUN npm prune --omit=dev

# It starts with no user and no demo data; the first administrator comes from a one-time command
# (node backend/dist/admin-cli.js first-owner --email …, docs/operations.md).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=runtime-deps /app /app
# The data folder (compose mounts a volume there) belongs to the user the API runs as.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
