import { EmptyState, Spinner } from "@floow/ui";
import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4 pb-8">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight text-grey-900">{title}</h1>
        {description ? <p className="text-sm text-grey-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex gap-2">{actions}</div> : null}
    </header>
  );
}

/** The content column every dashboard screen uses. */
export function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-6 py-10 sm:px-10">{children}</div>;
}

/**
 * For screens that later issues build: says so plainly instead of showing fake data.
 */
export function ComingSoon({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={
        <>
          {description}
          <span className="mt-2 block text-xs font-medium tracking-wide text-grey-400 uppercase">
            Coming soon
          </span>
        </>
      }
    />
  );
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center gap-3 text-sm text-grey-600">
      <Spinner className="text-primary-600" label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
