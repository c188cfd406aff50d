/**
 * The sentence beside a field that withoutControlCharacters (text-checks.ts)
 * refused, for a form with no sentence of its own (a day off's note, a
 * visit's address or reason). The business profile says the same words.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export const CONTROL_CHARACTERS_MESSAGE: MessageDescriptor = msg`Please type this again: it holds characters we can't store (such as invisible control characters).`;
