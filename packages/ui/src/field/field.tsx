import { Label as LabelPrimitive } from "radix-ui";
import {
  cloneElement,
  isValidElement,
  useId,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from "react";
import { cn } from "../lib/cn";

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn("text-sm font-medium text-grey-800 select-none", className)}
      {...props}
    />
  );
}

type ControlProps = {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

export type FieldProps = {
  label: ReactNode;
  /** The validation message to show under the control (spec texts, word for word). */
  error?: string;
  description?: ReactNode;
  className?: string;
  /** Exactly one control; it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlProps>;
};

/** A label, a control and its error text, wired for assistive technology. */
export function Field({ label, error, description, className, children }: FieldProps) {
  const generatedId = useId();
  const control = isValidElement(children) ? children : null;
  const id = control?.props.id ?? generatedId;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {control
        ? cloneElement(control, {
            id,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy,
          })
        : children}
      {description ? (
        <p id={descriptionId} className="text-xs text-grey-500">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
