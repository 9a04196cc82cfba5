import { publicBaseUrl } from "@/lib/http/request";

/** A help-center page's absolute address (canonical links), or its path when APP_URL is not set. */
export const helpCenterUrl = (path: string) => `${publicBaseUrl()}${path}`;
