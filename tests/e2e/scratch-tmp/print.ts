import { walletInitScript } from "../harness/wallet-page";
const s = walletInitScript({ binding: "b", emitter: "e", info: { uuid: "u", name: "n", icon: "i", rdns: "r" }, exposeAsEthereum: true });
console.log(s.includes("__name("), s.length);
new Function(s.replace("window", "globalThis"));
