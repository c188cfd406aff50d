import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalogs, routerAreas } from "./lib/i18n-browser";

// The page's language's messages first (decision 030): hydration renders them.
void loadCatalogs("islands", ...routerAreas(window.location.pathname)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
