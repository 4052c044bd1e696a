// The live-floow helpers live in the e2e tooling package, so the runtime's benchmark uses
// them without importing from this app; the journeys keep importing them from here.
export * from "@floow/playwright-config/live-floow";
