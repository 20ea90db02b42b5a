export * from "./catalog";
export * from "./accounts";
export * from "./play";
export * from "./content";
export * from "./social";
export * from "./safety";
export * from "./jobs";
export * from "./system";
