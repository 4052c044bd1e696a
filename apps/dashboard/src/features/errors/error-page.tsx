import { Button } from "@floow/ui";
import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { ERROR_PAGES } from "@floow/domain/messages";

export type ErrorPageProps = {
  status: number;
  message: string;
  description: string;
  children?: React.ReactNode;
};

/** Spec: not-found and error pages show a status code, a message and a description. */
export function ErrorPage({ status, message, description, children }: ErrorPageProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-grey-50 px-6">
      <div className="flex max-w-md flex-col items-center text-center">
        <p
          className="bg-linear-to-b from-primary-500 to-primary-700 bg-clip-text text-7xl font-bold tracking-tight text-transparent sm:text-8xl"
          data-testid="error-status"
        >
          {status}
        </p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-grey-900 sm:text-3xl">
          {message}
        </h1>
        <p className="mt-4 text-base text-grey-600">{description}</p>
        <div className="mt-8 flex gap-3">
          {children ?? (
            <Button asChild>
              <Link to="/">Back to Home</Link>
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return <ErrorPage {...ERROR_PAGES.notFound} />;
}

export function InternalErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorPage {...ERROR_PAGES.serverError}>
      <Button
        variant="outline"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
      <Button asChild>
        <a href="/">Back to Home</a>
      </Button>
    </ErrorPage>
  );
}
