export default ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  app: { keys: env.array('APP_KEYS') },
  // Uploads go where `pnpm host strapi --data-dir` says, so they survive a restart with the database.
  dirs: { public: env('PUBLIC_DIR', './public') },
  // No update check: the machines running the tests reach only the npm registry.
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});
