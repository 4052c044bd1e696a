import base from "@floow/eslint-config/base";

/**
 * The API's layers (docs/architecture.md, "Layers"): arrows point down. `http/` (Fastify
 * routes) may use everything below it; nothing below it imports a route file, so the
 * dashboard's typecheck (which reaches `trpc/` and `routers/` through `type AppRouter`) never
 * compiles Fastify routes. Tests may reach the whole server.
 */
const belowHttp = {
  files: ["src/services/**", "src/routers/**", "src/trpc/**", "src/db/**", "src/auth/**"],
  ignores: ["**/*.test.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["**/http", "**/http/**"],
            message:
              "Arrows point down: services, routers, trpc, db and auth do not import http/ (put shared code, e.g. a cache and its invalidation, under services/).",
          },
        ],
      },
    ],
  },
};

export default [...base, belowHttp];
