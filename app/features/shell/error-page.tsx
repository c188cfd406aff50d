/** The friendly error page: never a stack trace, always a way home. */
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

const TEXTS: Record<number, { title: string; body: string }> = {
  404: {
    title: "Page not found",
    body: "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
  },
  400: {
    title: "We couldn't read that request",
    body: "Something in the address or the form wasn't in a form we understand.",
  },
  429: {
    title: "Too many requests",
    body: "You've sent a lot of requests in a short time. Please wait a moment and try again.",
  },
  503: {
    title: "We'll be right back",
    body: "The site is having trouble reaching its data right now. Please try again in a minute.",
  },
};

const FALLBACK = {
  title: "Something went wrong",
  body: "An unexpected error happened on our side. It has been logged, and trying again in a moment usually helps.",
};

export function ErrorPage({
  status,
  title,
  message,
}: {
  status: number;
  title?: string;
  message?: string;
}) {
  const text = { ...(TEXTS[status] ?? FALLBACK), ...(title ? { title } : {}) };
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-20 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
        Error {status}
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
        {text.title}
      </h1>
      <p className="text-lg text-muted">{message ?? text.body}</p>
      <Link to="/" className={buttonClasses("primary", "lg", "mt-2")}>
        Go to the home page
      </Link>
    </section>
  );
}
