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

/**
 * A hot query whose statement depends on the request's shape (which filters it uses, its order):
 * each shape built once per pool like builtOnce, its values placeholders; `key` names a shape. At
 * most `limit` shapes a pool are kept; a request of another shape past that builds its own.
 */
export const builtPerShape = <S, Q>(key: (shape: S) => string, build: (db: DbOrTx, shape: S) => Q, limit = 200) => {
  const byDb = new WeakMap<DbOrTx, Map<string, Q>>();
  return (db: DbOrTx, shape: S): Q => {
    let shapes = byDb.get(db);
    if (shapes === undefined) byDb.set(db, (shapes = new Map()));
    const name = key(shape);
    let query = shapes.get(name);
    if (query === undefined) {
      query = build(db, shape);
      if (shapes.size < limit) shapes.set(name, query);
    }
    return query;
  };
};
