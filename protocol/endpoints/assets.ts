// /assets: the signed-in user's balances and bills, read from the ledger.
import { Type } from "@sinclair/typebox";
import { BILL_TYPE_CODES, type AssetsOverview } from "../ledger";
import { LISTED_BASES } from "../market";
import { API_BASE } from "../paths";
import { described, listPage, listQuery, oneOf } from "./common";
import { BillAnswer } from "./wallet";
import { endpoint } from "./endpoint";

const ASSETS_PATH = `${API_BASE}/assets`;
/** The ledger's assets: the quote asset and every listed base. */
const ASSET_CODES = ["USDT", ...LISTED_BASES] as const;

export const assetsEndpoints = {
  overview: endpoint({
    method: "GET",
    path: `${ASSETS_PATH}/overview`,
    summary: "Balances, withdrawals, income (`?tz=` IANA zone for its days)",
    access: "user",
    // The user's time zone for income days; the route checks it against Intl.
    query: Type.Object({ tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    answer: described<AssetsOverview>(
      "{ balances: [{ asset, available, frozen }], usdt, income, creditLevel, loan, equityUsd }",
    ),
  }),
  bills: endpoint({
    method: "GET",
    path: `${ASSETS_PATH}/bills`,
    summary: "Bills, newest first, by type and asset",
    access: "user",
    query: listQuery({
      type: Type.Optional(oneOf(BILL_TYPE_CODES)),
      asset: Type.Optional(oneOf(ASSET_CODES)),
    }),
    answer: listPage(BillAnswer),
  }),
};
