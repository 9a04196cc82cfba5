// Every operation module, imported for its registrations. A route added later adds its module
// here; tests/api/openapi.test.ts fails if a route file is missing from the document.
import "@/lib/http/health";
import "@/lib/accounts/operations";
import "@/lib/users/operations";
import "@/lib/agents/operations";
import "@/lib/agent-bots/operations";
import "@/lib/webhooks/operations";
import "@/lib/notifications/operations";
import "@/lib/canned-responses/operations";
import "@/lib/platform/operations";
import "./operations";
import "@/lib/reports/operations";
import "@/lib/reports/csv-operations";
import "@/lib/reports/planning/operations";
import "@/lib/contacts/operations";
import "@/lib/inboxes/operations";
import "@/lib/teams/operations";
import "@/lib/labels/operations";
import "@/lib/custom-attributes/operations";
import "@/lib/custom-filters/operations";
import "@/lib/conversations/operations";
import "@/lib/messages/operations";
import "@/lib/client-api/operations";
import "@/lib/planning/spaces/operations";
import "@/lib/companies/operations";
import "@/lib/planning/events/operations";
import "@/lib/planning/allocations/operations";
import "@/lib/pricing/rates/operations";
import "@/lib/pricing/pricing-plans/operations";
import "@/lib/pricing/discount-codes/operations";
import "@/lib/quotes/operations";
import "@/lib/oauth/operations";
import "@/lib/mcp/operations";
// Knowledge bases
import "@/lib/knowledge-base/search-operations";
