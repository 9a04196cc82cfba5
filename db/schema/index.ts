export * from "./accounts";
export * from "./bots";
export * from "./tokens";
export * from "./conversations";
export * from "./planning";
export * from "./pricing";
export * from "./security";
export * from "./oauth";
