// Client-visible ledger refusals. Each is thrown before anything is written, so the posting's
// transaction rolls back with nothing changed.
import { SEED_MESSAGES } from "../../../protocol/envelope";
import { DomainError } from "../errors";

/** INSUFFICIENT_BALANCE with the seed's message (API.md); params in the asset's decimals. */
export class InsufficientBalanceError extends DomainError<"INSUFFICIENT_BALANCE"> {
  override name = "InsufficientBalanceError";

  constructor(params: { asset: string; available: string; needed: string }) {
    super("INSUFFICIENT_BALANCE", params, SEED_MESSAGES.insufficientBalance);
  }
}

/** A deduct or return of a reservation that already ended (each ends exactly once). */
export class ReservationEndedError extends DomainError<"CONFLICT"> {
  override name = "ReservationEndedError";

  constructor(id: string) {
    super("CONFLICT", { conflict: "reservation-ended" }, `Reservation ${id} has already ended`);
  }
}
