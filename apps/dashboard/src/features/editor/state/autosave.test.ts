import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAutosave } from "./autosave";
import type { SaveStatus } from "./autosave";

class Conflict extends Error {}
class Refused extends Error {}

function setup(save: (value: string, version: number) => Promise<number>) {
  const statuses: SaveStatus[] = [];
  const errors: string[] = [];
  const saveMock = vi.fn(save);
  const autosave = createAutosave<string>({
    save: saveMock,
    version: 1,
    isConflict: (error) => error instanceof Conflict,
    isInvalid: (error) => error instanceof Refused,
    onStatus: (status) => statuses.push(status),
    onError: (_error, kind) => errors.push(kind),
    delayMs: 800,
    retryDelaysMs: [2000, 5000],
  });
  return { autosave, save: saveMock, statuses, errors };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("autosave", () => {
  it("debounces: one save 800 ms after the last change, with the newest value and version", async () => {
    const { autosave, save, statuses } = setup(async (_v, version) => version + 1);
    autosave.change("a");
    await vi.advanceTimersByTimeAsync(500);
    autosave.change("ab");
    await vi.advanceTimersByTimeAsync(500);
    autosave.change("abc");
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith("abc", 1);
    expect(autosave.version).toBe(2);
    expect(statuses).toEqual(["pending", "saving", "saved"]);
  });

  it("sends the next save with the version the server returned", async () => {
    const { autosave, save } = setup(async (_v, version) => version + 1);
    autosave.change("a");
    await vi.advanceTimersByTimeAsync(800);
    autosave.change("b");
    await vi.advanceTimersByTimeAsync(800);
    expect(save.mock.calls).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("never runs two saves at once: changes during a save go out right after it", async () => {
    let release: (() => void) | undefined;
    const { autosave, save } = setup(
      (_v, version) =>
        new Promise<number>((resolve) => {
          release = () => resolve(version + 1);
        }),
    );
    autosave.change("a");
    await vi.advanceTimersByTimeAsync(800);
    autosave.change("b");
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
    release?.();
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]).toEqual(["b", 2]);
  });

  it("keeps the value after a failure and retries with back-off, reporting once", async () => {
    let fail = true;
    const { autosave, save, errors, statuses } = setup(async (_v, version) => {
      if (fail) throw new Error("offline");
      return version + 1;
    });
    autosave.change("typed");
    await vi.advanceTimersByTimeAsync(800);
    expect(autosave.status).toBe("error");
    expect(autosave.hasPending).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(errors).toEqual(["error"]);
    fail = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(save.mock.calls.at(-1)).toEqual(["typed", 1]);
    expect(autosave.status).toBe("saved");
    expect(autosave.hasPending).toBe(false);
    expect(statuses.at(-1)).toBe("saved");
  });

  it("a retry sends the newest value typed after the failure", async () => {
    let fail = true;
    const { autosave, save } = setup(async (_v, version) => {
      if (fail) throw new Error("offline");
      return version + 1;
    });
    autosave.change("a");
    await vi.advanceTimersByTimeAsync(800);
    fail = false;
    autosave.change("ab");
    await vi.advanceTimersByTimeAsync(2000);
    expect(save.mock.calls.at(-1)).toEqual(["ab", 1]);
  });

  it("does not retry a value the server refused; the next change is saved", async () => {
    const { autosave, save, errors, statuses } = setup(async (value, version) => {
      if (value.length > 5) throw new Refused("A text can be a maximum of 5 characters.");
      return version + 1;
    });
    autosave.change("too long");
    await vi.advanceTimersByTimeAsync(800);
    expect(autosave.status).toBe("invalid");
    expect(errors).toEqual(["invalid"]);
    // Nothing typed is lost, and the same refused value is not sent again and again.
    expect(autosave.hasPending).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe("invalid");

    autosave.change("short");
    await vi.advanceTimersByTimeAsync(800);
    expect(save.mock.calls.at(-1)).toEqual(["short", 1]);
    expect(autosave.status).toBe("saved");
  });

  it("stops on a conflict, keeps the local value and saves it only after resume", async () => {
    let conflict = true;
    const { autosave, save, errors } = setup(async (_v, version) => {
      if (conflict) throw new Conflict("stale");
      return version + 1;
    });
    autosave.change("mine");
    await vi.advanceTimersByTimeAsync(800);
    expect(autosave.status).toBe("conflict");
    expect(errors).toEqual(["conflict"]);
    autosave.change("mine, more");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(await autosave.flush()).toBe(false);
    expect(save).toHaveBeenCalledTimes(1);

    // The user chose to overwrite: the server's version, then our value.
    conflict = false;
    autosave.setVersion(7);
    autosave.resume();
    expect(await autosave.flush()).toBe(true);
    expect(save.mock.calls.at(-1)).toEqual(["mine, more", 7]);
  });

  it("flush saves immediately and reports the result", async () => {
    const { autosave, save } = setup(async (_v, version) => version + 1);
    autosave.change("now");
    expect(await autosave.flush()).toBe(true);
    expect(save).toHaveBeenCalledWith("now", 1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("a failed flush does not also raise the background error", async () => {
    const { autosave, errors } = setup(async () => {
      throw new Error("down");
    });
    autosave.change("x");
    expect(await autosave.flush()).toBe(false);
    expect(errors).toEqual([]);
    expect(autosave.hasPending).toBe(true);
  });
});
