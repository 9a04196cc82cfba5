import type { DbOrTx } from "./client";

/**
 * A hot query built once per pool (drizzle's `.prepare()` with `sql.placeholder`s) instead of its
 * SQL text being built again on every request. A transaction gets its own copy, built on first use
 * (a prepared query belongs to the session it was built on).
 */
export const builtOnce = <Q>(build: (db: DbOrTx) => Q) => {
  const byDb = new WeakMap<DbOrTx, Q>();
  return (db: DbOrTx): Q => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
};
