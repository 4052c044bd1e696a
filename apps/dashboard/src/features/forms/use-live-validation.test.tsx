import { zodResolver } from "@hookform/resolvers/zod";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  liveValidationFormOptions,
  useLiveValidation,
  VALIDATION_DEBOUNCE_MS,
} from "./use-live-validation";

const schema = z.object({
  name: z.string().trim().min(1, "Please enter a name."),
  kind: z.enum(["a", "b"], { error: "Please pick a kind." }),
});

function Example({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", kind: "" as "a" },
    ...liveValidationFormOptions,
  });
  const { register } = useLiveValidation(form);
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <input aria-label="Name" {...register("name")} />
      {errors.name ? <p>{errors.name.message}</p> : null}
      <select aria-label="Kind" {...register("kind")}>
        <option value="">-</option>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      {errors.kind ? <p>{errors.kind.message}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function flush() {
  // Let react-hook-form's async validation settle.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe("useLiveValidation", () => {
  it("validates while typing only after 300 ms of quiet", async () => {
    render(<Example onValid={() => {}} />);
    const name = screen.getByLabelText("Name");
    fireEvent.change(name, { target: { value: "x" } });
    fireEvent.change(name, { target: { value: "" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS - 50);
    });
    expect(screen.queryByText("Please enter a name.")).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText("Please enter a name.")).toBeTruthy();
    fireEvent.change(name, { target: { value: "Shop" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS);
    });
    expect(screen.queryByText("Please enter a name.")).toBeNull();
  });

  it("validates on blur at once", async () => {
    render(<Example onValid={() => {}} />);
    fireEvent.blur(screen.getByLabelText("Name"));
    await flush();
    expect(screen.getByText("Please enter a name.")).toBeTruthy();
    expect(screen.queryByText("Please pick a kind.")).toBeNull();
  });

  it("validates a select on change at once", async () => {
    render(<Example onValid={() => {}} />);
    const kind = screen.getByLabelText("Kind");
    fireEvent.change(kind, { target: { value: "a" } });
    fireEvent.change(kind, { target: { value: "" } });
    await flush();
    expect(screen.getByText("Please pick a kind.")).toBeTruthy();
  });

  it("validates everything on submit and passes the parsed values", async () => {
    const onValid = vi.fn();
    render(<Example onValid={onValid} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await flush();
    expect(screen.getByText("Please enter a name.")).toBeTruthy();
    expect(screen.getByText("Please pick a kind.")).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "  Shop " } });
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "b" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await flush();
    expect(onValid).toHaveBeenCalledWith({ name: "Shop", kind: "b" }, expect.anything());
  });
});
