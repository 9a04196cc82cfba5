// Nothing to start: the floor runs no background jobs (without this file Next.js would take the repository root's).
export const register = () => undefined;
