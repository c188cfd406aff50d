/**
 * What `leads` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { ContactChoice } from "./contact-choice";
export { DECLINE_REASON_LABELS, SOURCE_LABELS } from "./labels";
export {
  ConsentLinks,
  ContactFields,
  DetailsField,
  LeadFormEnd,
  LeadFormTop,
  useLeadFields,
} from "./lead-form-parts";
export { MAX_DETAILS_LENGTH } from "./lead-limits";
export { leadPlaceLabel, type LeadRow } from "./lead-row";
export { formatPhone, isUsOrCanadianPhone, toE164 } from "./phone";
export { ServiceField } from "./service-select";
