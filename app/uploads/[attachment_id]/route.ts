// GET /uploads/{attachment_id}?expires=…&signature=… — a message attachment through its signed link
import { downloadAttachment } from "@/lib/messages/attachments";
import { downloadAttachmentOp } from "@/lib/messages/operations";
import { handlers, openRoute } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: openRoute(downloadAttachmentOp, async ({ params, query }) => downloadAttachment(params.attachment_id, query)),
});
