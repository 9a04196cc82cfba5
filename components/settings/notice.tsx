import { StatusMessage } from "@/components/ui/status-message";
import type { Notice as NoticeKind } from "@/lib/portal/paths";

/** Confirms what the last form did, after it redirected back to the list. */
export const Notice = ({ notice, noun }: { notice: NoticeKind | null; noun: string }) =>
  notice ? (
    <StatusMessage tone="success" className="mb-4">
      {noun} {notice}.
    </StatusMessage>
  ) : null;
