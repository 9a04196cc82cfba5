// In a route group so that it does not wrap the article pages beside it (see PageSkeleton).
export { PageSkeleton as default } from "@/components/portal/page-skeleton";
