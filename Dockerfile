# One image for the app server and the worker (docker-compose runs it twice with different commands).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/prisma-generate.mjs scripts/
COPY prisma/schema.prisma prisma/
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx next build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build /app /app
RUN useradd --system --uid 1001 switchboard && mkdir -p /app/uploads && chown -R switchboard /app/uploads
USER switchboard
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run before the server starts; they are idempotent and take an advisory lock.
CMD ["sh", "-c", "npx tsx prisma/scripts/migrate.ts deploy && npx tsx server/index.ts"]
