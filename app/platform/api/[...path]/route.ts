// Any other path under this API prefix: the standard 404 body, never an HTML page.
import { unknownRoute } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = unknownRoute();
