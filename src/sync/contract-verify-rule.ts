// The one place the app reaches the contract close verifier (protocol/contract-verify.ts and its
// tick walk, contract-verify-ticks.ts, written with the liquidation worker):
// src/sync/contract-verify.ts passes it the public tick reads.
export { checkContractClose } from "../../protocol/contract-verify-ticks";
export type { ContractVerifyFailure } from "../../protocol/contract-verify";
