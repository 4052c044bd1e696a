import type { ReactNode } from "react";
import { FloowMark } from "../navigation/app-side-nav";

/**
 * The frame of the pages a visitor reaches from an e-mail (accept an invitation, set a new
 * password, confirm a new address): the Floow mark and one centred card, like /login.
 */
export function AuthShell({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-grey-50 px-6 py-8 sm:px-12">
      <a href="/" className="flex items-center gap-2.5 self-start">
        <FloowMark className="size-8" />
        <span className="text-lg font-semibold tracking-tight text-grey-900">Floow</span>
      </a>
      <main className="flex flex-1 items-center justify-center py-12">
        <div className="flex w-full max-w-md flex-col gap-6 rounded-2xl border border-grey-200 bg-white p-8 shadow-sm">
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-grey-900">{title}</h1>
            {description ? <div className="text-sm text-grey-600">{description}</div> : null}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

export function Notice({
  tone = "info",
  children,
}: {
  tone?: "info" | "error" | "success";
  children: ReactNode;
}) {
  const tones = {
    info: "bg-grey-50 text-grey-700 ring-grey-200",
    error: "bg-red-50 text-red-700 ring-red-100",
    success: "bg-primary-50 text-primary-900 ring-primary-100",
  } as const;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg px-3 py-2.5 text-sm ring-1 ${tones[tone]}`}
    >
      {children}
    </p>
  );
}
