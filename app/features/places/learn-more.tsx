/**
 * A city page service's Learn More (spec §2): stores the city, then opens the
 * service page. An island; without JavaScript it is a plain link to the page
 * (`path` in the page's language: the city page's loader localizes it).
 */
import { Trans } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { island } from "~/lib/island";
import { saveSelectedCity } from "./selected-city";

export function LearnMoreLink({
  citySlug,
  path,
  title,
}: {
  citySlug: string;
  path: string;
  title: string;
}) {
  const learnMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    saveSelectedCity(citySlug);
    window.location.assign(path);
  };
  return (
    <a
      href={path}
      onClick={learnMore}
      className={buttonClasses("secondary", "sm", "mt-auto self-start")}
    >
      <Trans>
        Learn More<span className="sr-only"> about {title}</span>
      </Trans>
    </a>
  );
}

export const LearnMoreIsland = island("learn-more", LearnMoreLink);
