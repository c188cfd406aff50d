/** The lead forms people type into, each with its schema and its source (see submitLead). */
import {
  leadSchemas,
  type CallbackRequest,
  type ConsultationRequest,
  type ProjectRequest,
  type QuoteRequest,
} from "./lead-schema";
import {
  typedLead,
  type LeadContext,
  type LeadFields,
  type LeadForm,
  type TypedFields,
} from "./leads.server";

/** A request form's lead starts as a draft: it reaches pros only once the homeowner chooses them (PRODUCT.md). */
const draft = (data: TypedFields, context: LeadContext): LeadFields => ({
  ...typedLead(data, context),
  status: "draft",
});

/** Home page "Get Your Quote" (the browser that sends it chooses the pros next, on /search). */
export const QUOTE_LEAD: LeadForm<QuoteRequest> = {
  source: "home",
  schema: (i18n) => leadSchemas(i18n).quote,
  typed: true,
  signedInOwns: true,
  toLead: draft,
};

/** Home page "Schedule a Call". */
export const CALLBACK_LEAD: LeadForm<CallbackRequest> = {
  source: "callback",
  schema: (i18n) => leadSchemas(i18n).callback,
  typed: true,
  toLead: typedLead,
};

/** City page "Request a Free Consultation" (the city is the page's, see LeadContext). */
export const CONSULTATION_LEAD: LeadForm<ConsultationRequest> = {
  source: "city",
  schema: (i18n) => leadSchemas(i18n).consultation,
  typed: true,
  signedInOwns: true,
  toLead: draft,
};

/** Dashboard "New Project" (the signed-in person's, see LeadContext). */
export const PROJECT_LEAD: LeadForm<ProjectRequest> = {
  source: "dashboard",
  schema: (i18n) => leadSchemas(i18n).project,
  typed: true,
  toLead: draft,
};
