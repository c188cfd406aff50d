/**
 * "Sending…" for a form that posts as an ordinary form: true from the submit
 * until the answer page replaces this one, and false again if the browser
 * brings this page back from its history cache (Back after the post).
 */
import { useEffect, useState } from "react";

export function useSubmitting(): [submitting: boolean, markSubmitting: () => void] {
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  return [submitting, () => setSubmitting(true)];
}
