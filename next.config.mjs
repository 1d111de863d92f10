/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and long-lived server packages stay out of the bundle and load from node_modules.
  serverExternalPackages: [
    "socket.io",
    "@socket.io/redis-adapter",
    "@socket.io/redis-emitter",
    "bullmq",
    "ioredis",
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "nodemailer",
    "prom-client",
    "pino",
  ],
  // Separate build folders let several checkouts' builds (or parallel e2e runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // `npm test` runs tsc beside the build (scripts/test.sh): the build's own TypeScript pass would check the same
  // files again. Every other build (the Docker image, `npm run build`) still checks them.
  typescript: { ignoreBuildErrors: process.env.SWITCHBOARD_TYPES_CHECKED === "1" },
};

export default nextConfig;
