// The wire contract as code, shared by the app and the server. Imports nothing from src/ or server/.
export * from "./account";
export * from "./admin";
export * from "./envelope";
export * from "./health";
export * from "./identity";
export * from "./list";
export * from "./paths";
export * from "./uploads";
export * from "./content";
export * from "./messages";
export * from "./sync";
export * from "./email";
export * from "./article-html";
export * from "./market";
export * from "./feed";
export * from "./ledger";
export * from "./chain";
