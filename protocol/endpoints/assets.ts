// /assets: the signed-in user's balances and bills, read from the ledger.
import { Type } from "@sinclair/typebox";
import { ASSETS } from "../assets";
import { BILL_TYPE_CODES } from "../ledger";
import { API_BASE } from "../paths";
import { CreditLevel, listPage, listQuery, oneOf } from "./common";
import { BillAnswer } from "./wallet";
import { endpoint } from "./endpoint";

const ASSETS_PATH = `${API_BASE}/assets`;

const Balance = Type.Object({ available: Type.String(), frozen: Type.String() });

export const AssetsOverviewAnswer = Type.Object({
  balances: Type.Array(Type.Composite([Type.Object({ asset: Type.String() }), Balance])),
  usdt: Type.Composite([
    Balance,
    Type.Object({ withdrawing: Type.String(), withdrawn: Type.String() }),
  ]),
  income: Type.Object(
    {
      today: Type.String(),
      yesterday: Type.String(),
      total: Type.String(),
      // Optional because an overview stored on a device by an older build has none.
      timeZone: Type.Optional(Type.String()),
    },
    {
      description:
        "realised gains and losses in USDT; today and yesterday are calendar days in timeZone (the tz query, UTC without one)",
    },
  ),
  creditLevel: CreditLevel,
  loan: Type.String({ description: 'no lending is offered, so always "0"' }),
  equityUsd: Type.String(),
});

export const assetsEndpoints = {
  overview: endpoint({
    method: "GET",
    path: `${ASSETS_PATH}/overview`,
    summary: "Balances, withdrawals, income (`?tz=` IANA zone for its days)",
    access: "user",
    // The user's time zone for income days; the route checks it against Intl.
    query: Type.Object({ tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    answer: AssetsOverviewAnswer,
  }),
  bills: endpoint({
    method: "GET",
    path: `${ASSETS_PATH}/bills`,
    summary: "Bills, newest first, by type and asset",
    access: "user",
    query: listQuery({
      type: Type.Optional(oneOf(BILL_TYPE_CODES)),
      asset: Type.Optional(oneOf(ASSETS)),
    }),
    answer: listPage(BillAnswer),
  }),
};
