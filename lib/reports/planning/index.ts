// The venue reports (GET /api/v2/accounts/{account_id}/reports/planning/…), for the API and the portal.
export { holdConversionReport, quoteConversionReport } from "./conversion";
export { occupancyReport } from "./occupancy";
export { pipelineReport } from "./pipeline";
export { revenueReport } from "./revenue";
export * from "./schemas";
