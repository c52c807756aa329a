// Shared pieces of the admin route schemas.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../domain/operators/list-page";

/** bigint ids, kept to 18 digits so no value can overflow the column type. */
export const ID_PARAM = { type: "string", pattern: "^[1-9][0-9]{0,17}$" } as const;

export const LIST_QUERY_PROPERTIES = {
  cursor: ID_PARAM,
  limit: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
} as const;

export interface ListQuery {
  cursor?: string;
  limit: number;
}
