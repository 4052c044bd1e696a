import { useCallback, useEffect, useRef, type ChangeEvent, type FocusEvent } from "react";
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from "react-hook-form";

/** Spec section 9: input validation is debounced by 300 ms. */
export const VALIDATION_DEBOUNCE_MS = 300;

/**
 * The form options that leave validation timing to `useLiveValidation` (react-hook-form
 * itself then validates only on submit).
 */
export const liveValidationFormOptions = { mode: "onSubmit", reValidateMode: "onSubmit" } as const;

type ControlElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Controls whose React `onChange` is the DOM's `change` event (a discrete choice). */
function isDiscreteChange(target: EventTarget | null): boolean {
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    ["checkbox", "radio", "file", "color"].includes(target.type)
  );
}

/**
 * Spec section 5: "Form validation runs on blur, on input (debounced 300 ms), on change and
 * on submit". Returns a `register` that validates a field on blur and on change (the DOM
 * `change` event of text fields fires on blur) at once, and while typing 300 ms after the
 * last keystroke. Submit validates every field through `handleSubmit`.
 */
export function useLiveValidation<T extends FieldValues>(form: UseFormReturn<T>) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const { register, trigger } = form;

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const cancel = useCallback((name: string) => {
    const timer = timers.current.get(name);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(name);
  }, []);

  /** Validate one field 300 ms from now (again from zero on every call). */
  const validateSoon = useCallback(
    (name: FieldPath<T>) => {
      cancel(name);
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          void trigger(name);
        }, VALIDATION_DEBOUNCE_MS),
      );
    },
    [cancel, trigger],
  );

  /** Validate one field now. */
  const validateNow = useCallback(
    (name: FieldPath<T>) => {
      cancel(name);
      void trigger(name);
    },
    [cancel, trigger],
  );

  const registerLive = useCallback(
    <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => {
      const registration = register(name, options);
      return {
        ...registration,
        onChange: async (event: ChangeEvent<ControlElement>) => {
          await registration.onChange(event);
          if (isDiscreteChange(event.target)) validateNow(name);
          else validateSoon(name);
        },
        onBlur: async (event: FocusEvent<ControlElement>) => {
          await registration.onBlur(event);
          validateNow(name);
        },
      };
    },
    [register, validateNow, validateSoon],
  );

  return { register: registerLive, validateSoon, validateNow };
}
