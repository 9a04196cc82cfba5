/** The Venuedesk mark: a speech bubble holding a calendar dot. */
export const Logo = ({ className = "size-7" }: { className?: string }) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
    <rect width="32" height="32" rx="8" className="fill-indigo-600" />
    <path d="M9 10h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-8l-4 3v-3H9a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z" fill="white" />
    <circle cx="16" cy="15.5" r="2" className="fill-indigo-600" />
  </svg>
);
