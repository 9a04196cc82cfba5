export * from "./accounts";
export * from "./bots";
export * from "./tokens";
export * from "./conversations";
