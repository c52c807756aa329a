// The wire contract as code, shared by the app and the server. Imports nothing from src/ or server/.
export * from "./envelope";
export * from "./health";
export * from "./paths";
