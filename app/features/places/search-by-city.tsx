/** "Search by city" on the search page: the location picker, with the searched service waiting. */
import { Trans } from "@lingui/react/macro";
import { Button } from "~/components/ui/button";
import { island } from "~/lib/island";
import { openLocationPicker, preloadLocationPicker } from "./location-picker";

export function SearchByCity({ service }: { service?: string }) {
  return (
    <Button
      type="button"
      variant="ghost"
      onClick={() => void openLocationPicker(service)}
      onPointerEnter={preloadLocationPicker}
      onFocus={preloadLocationPicker}
    >
      <Trans>Search by city</Trans>
    </Button>
  );
}

export const SearchByCityIsland = island("search-by-city", SearchByCity);
