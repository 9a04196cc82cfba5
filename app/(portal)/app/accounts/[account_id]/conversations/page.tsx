import type { Metadata } from "next";
import { ChatIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Conversations · Venuedesk" };

/** No conversation open yet; on a phone the list fills the screen and this stays hidden. */
export default function ConversationsPage() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-14 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600" aria-hidden="true">
        <ChatIcon className="size-6" />
      </div>
      <h2 className="text-base font-semibold text-slate-900">Pick a conversation</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-500">Choose one from the list to read it, reply and assign it.</p>
    </div>
  );
}
