// Identity verification (API.md /profile/identity): statuses, ID types and the wire shapes.
import type { Static } from "@sinclair/typebox";
import type { IdentityAnswer, IdentityBody } from "./endpoints/profile";

/** 0 under review, 1 passed, 2 rejected (API.md "Statuses"). */
export const IDENTITY_STATUS = { underReview: 0, passed: 1, rejected: 2 } as const;
export type IdentityStatus = (typeof IDENTITY_STATUS)[keyof typeof IDENTITY_STATUS];

/** 0 ID card, 1 passport, 2 driving licence, 3 other. */
export const ID_TYPE = { idCard: 0, passport: 1, drivingLicence: 2, other: 3 } as const;
export type IdType = (typeof ID_TYPE)[keyof typeof ID_TYPE];

export const IDENTITY_LIMITS = {
  nameMaxLength: 100,
  idNumberMinLength: 4,
  idNumberMaxLength: 40,
  reasonMaxLength: 500,
} as const;

/** POST /profile/identity/create. `photo` is the id of an upload of purpose "identity". */
export type IdentityInput = Static<typeof IdentityBody>;

/** GET /profile/identity (the user's own latest submission; the ID number is masked). */
export type IdentityView = Static<typeof IdentityAnswer>;
