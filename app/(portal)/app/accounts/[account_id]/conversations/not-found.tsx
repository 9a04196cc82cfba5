import { ButtonLink } from "@/components/ui/button";

/** A conversation id that is not in this account (or was deleted): the list beside it still works. */
export default function ConversationNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-14 text-center">
      <h2 className="text-base font-semibold text-slate-900">Conversation not found</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-500">It may have been deleted, or the link is not for this account.</p>
      <ButtonLink href="../conversations" variant="secondary" className="mt-6">
        Back to conversations
      </ButtonLink>
    </div>
  );
}
