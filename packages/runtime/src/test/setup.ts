import { beforeEach, vi } from "vitest";

// No test reaches the network: happy-dom would really send beacons and fetches. Tests that
// talk to the API stub `fetch` with their own answers.
beforeEach(() => {
  vi.spyOn(navigator, "sendBeacon").mockReturnValue(true);
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new TypeError("no network in tests"))),
  );
});
