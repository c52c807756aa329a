// The one place the app calls the contract close verifier (protocol/contract-verify.ts, written
// with the liquidation worker): src/sync/contract-verify.ts fetches the ticks and calls this.
export { verifyContractClose } from "../../protocol/contract-verify";
