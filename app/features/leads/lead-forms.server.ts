/** The lead forms people type into, each with its schema and its source (see submitLead). */
import {
  callbackSchema,
  consultationSchema,
  projectRequestSchema,
  quoteRequestSchema,
  type CallbackRequest,
  type ConsultationRequest,
  type ProjectRequest,
  type QuoteRequest,
} from "./lead-schema";
import { typedLead, type LeadForm } from "./leads.server";

/** Home page "Get Your Quote". */
export const QUOTE_LEAD: LeadForm<QuoteRequest> = {
  source: "home",
  schema: quoteRequestSchema,
  typed: true,
  toLead: typedLead,
};

/** Home page "Schedule a Call". */
export const CALLBACK_LEAD: LeadForm<CallbackRequest> = {
  source: "callback",
  schema: callbackSchema,
  typed: true,
  toLead: typedLead,
};

/** City page "Request a Free Consultation" (the city is the page's, see LeadContext). */
export const CONSULTATION_LEAD: LeadForm<ConsultationRequest> = {
  source: "city",
  schema: consultationSchema,
  typed: true,
  toLead: typedLead,
};

/**
 * Dashboard "New Project" (the signed-in person's, see LeadContext). It starts
 * as a draft: it reaches pros only once the homeowner chooses them (PRODUCT.md).
 */
export const PROJECT_LEAD: LeadForm<ProjectRequest> = {
  source: "dashboard",
  schema: projectRequestSchema,
  typed: true,
  toLead: (data, context) => ({ ...typedLead(data, context), status: "draft" }),
};
