// GET /api/v1/openapi.json — the OpenAPI 3.1 document (no token)
import { handlers, publicRoute } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({ GET: publicRoute(async () => openApiDocument()) });
