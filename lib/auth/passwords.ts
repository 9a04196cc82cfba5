import bcrypt from "bcryptjs";

const COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

/** Compares in constant time; a user without a password never matches. */
export const verifyPassword = (password: string, hash: string | null) => (hash ? bcrypt.compare(password, hash) : Promise.resolve(false));
