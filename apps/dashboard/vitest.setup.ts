import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// `findBy…` and `waitFor` wait up to 5 s (Testing Library's default is 1 s): a lazily loaded
// screen on a loaded two-core CI machine took longer than 1 s to leave its "loading" state.
configure({ asyncUtilTimeout: 5_000 });

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
