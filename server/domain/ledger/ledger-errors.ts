// Client-visible ledger failures. Each is thrown before anything is written, so the posting's
// transaction rolls back with nothing changed.
import { SEED_MESSAGES } from "../../../protocol/envelope";
import { ApiError } from "../../plugins/envelope";

/** 422 INSUFFICIENT_BALANCE with the seed's message (API.md). */
export class InsufficientBalanceError extends ApiError {
  constructor() {
    super(422, "INSUFFICIENT_BALANCE", SEED_MESSAGES.insufficientBalance);
    this.name = "InsufficientBalanceError";
  }
}

/** A deduct or return of a reservation that already ended (each ends exactly once). */
export class ReservationEndedError extends ApiError {
  constructor(id: string) {
    super(409, "CONFLICT", `Reservation ${id} has already ended`);
    this.name = "ReservationEndedError";
  }
}
