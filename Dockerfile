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
# Liveness only (the process answers); docker-compose.yml checks readiness (/api/health/ready) instead.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health/live').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Single container: migrations (idempotent, under an advisory lock), then the server. `exec` makes node
# PID 1 in place of the shell, so `docker stop`'s SIGTERM reaches it; tsx is loaded in-process
# (--import), since tsx's CLI SIGKILLs a busy child instead of letting it drain. docker-compose.yml runs
# migrations once in their own service and starts the app and worker with their own commands.
CMD ["sh", "-c", "node --import tsx prisma/scripts/migrate.ts deploy && exec node --import tsx server/index.ts"]
