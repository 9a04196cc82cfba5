export { PageSkeleton as default } from "@/components/portal/page-skeleton";
