// GET /api/v1/accounts/{account_id}/notifications/unread_count
import { accountRoute, handlers } from "@/lib/http/route";
import { countUnread } from "@/lib/notifications/notifications";
import { unreadCountOp } from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(unreadCountOp, ({ ctx }) => countUnread(ctx)),
});
