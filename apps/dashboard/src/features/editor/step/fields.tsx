/** The small labelled fields of the step modal's tabs. */
import { Input, Select } from "@floow/ui";
import { useId, type ComponentProps } from "react";

export function SmallInput({
  label,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's limit for the text (TEXT_LIMITS). */
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-grey-600">
        {label}
      </label>
      <Input
        id={id}
        className="h-9"
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function LabeledSelect({
  label,
  children,
  ...props
}: { label: string } & ComponentProps<typeof Select>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-grey-600">
        {label}
      </label>
      <Select id={id} className="h-9" {...props}>
        {children}
      </Select>
    </div>
  );
}
