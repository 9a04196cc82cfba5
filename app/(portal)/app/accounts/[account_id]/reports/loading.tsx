// Nothing is nested below the Reports page, so its skeleton never stands in for a 404 (see PageSkeleton).
export { ReportsSkeleton as default } from "@/components/reports/reports-skeleton";
