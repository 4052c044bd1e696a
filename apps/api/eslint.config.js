import base from "@floow/eslint-config/base";

const arrowsPointDown =
  'Arrows point down (docs/architecture.md, "Layers"): http → trpc/routers → services → db; auth sits beside services.';

/** `no-restricted-imports` patterns: what a layer may not import. */
const forbid = (layers, why) => ({
  patterns: [
    {
      group: layers.flatMap((layer) => [`**/${layer}`, `**/${layer}/**`]),
      message: `${arrowsPointDown} ${why}`,
    },
  ],
});

/**
 * The API's layers: `http/` (Fastify routes) may use everything below it; nothing below it
 * imports a route file, so the dashboard's typecheck (which reaches `trpc/` and `routers/`
 * through `type AppRouter`) never compiles Fastify routes. Services, the database code and
 * auth know nothing of tRPC. Tests may reach the whole server.
 */
const layers = [
  {
    files: ["src/routers/**", "src/trpc/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        forbid(["http"], "Put shared code (a cache and its invalidation, say) under services/."),
      ],
    },
  },
  {
    files: ["src/services/**", "src/db/**", "src/auth/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        forbid(
          ["http", "trpc", "routers"],
          "Put a shared type or helper in the lower module (auth/session.ts, services/mail).",
        ),
      ],
    },
  },
];

/**
 * One way to throw: API code throws `DomainError` (@floow/domain); `trpc/errors.ts` is the one
 * place a TRPCError is made (docs/architecture.md, "Errors").
 */
const oneErrorStyle = {
  files: ["src/**/*.ts", "test/**/*.ts"],
  ignores: ["src/trpc/errors.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: "NewExpression[callee.name='TRPCError']",
        message:
          "Throw a DomainError from @floow/domain: trpc/errors.ts turns it into a TRPCError.",
      },
    ],
  },
};

export default [...base, ...layers, oneErrorStyle];
